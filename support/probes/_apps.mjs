// Shared by the mcp-apps-* probes: the MCP SDK installed beside @modelcontextprotocol/ext-apps
// (@modelcontextprotocol/sdk 1.x below ext-apps 2; the split client/server packages from 2 on).

/** import(spec), or null when the package itself is not installed (narrow: any other error crashes). */
export async function importIfInstalled(spec) {
  try {
    return await import(spec);
  } catch (error) {
    const pkg = spec.split("/").slice(0, 2).join("/");
    if (error?.code === "ERR_MODULE_NOT_FOUND" && error.message.includes(`'${pkg}'`)) return null;
    throw error;
  }
}

/** McpServer, Client and InMemoryTransport from whichever SDK layout is installed. */
export async function sdk() {
  const mcp = await importIfInstalled("@modelcontextprotocol/sdk/server/mcp.js");
  if (mcp !== null) {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    return { McpServer: mcp.McpServer, Client, InMemoryTransport: await inMemoryTransport() };
  }
  const { Client } = await import("@modelcontextprotocol/client");
  const { McpServer } = await import("@modelcontextprotocol/server"); // an optional peer of ext-apps 2: must be installed
  return { McpServer, Client, InMemoryTransport: await inMemoryTransport() };
}

/** The SDK's InMemoryTransport (sdk 1.x, or the client package of 2.x). */
export async function inMemoryTransport() {
  const v1 = await importIfInstalled("@modelcontextprotocol/sdk/inMemory.js");
  return (v1 ?? (await import("@modelcontextprotocol/client"))).InMemoryTransport;
}

/** A linked in-memory pair; `seen` lists the method of every request or notification sent from end `a` to end `b`. */
export function recordedPair(InMemoryTransport) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const seen = [];
  const send = a.send.bind(a);
  a.send = (message, options) => {
    if (message.method !== undefined) seen.push(message.method);
    return send(message, options);
  };
  return { a, b, seen };
}

export function answer(result, note) {
  console.log(JSON.stringify({ result, note }));
}
