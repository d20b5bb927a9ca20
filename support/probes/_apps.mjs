// Shared by the mcp-apps-* probes: the MCP SDK installed beside @modelcontextprotocol/ext-apps
// (@modelcontextprotocol/sdk 1.x below ext-apps 2; the split client/server packages from 2 on), through _sdk.mjs.
import { split, Client, InMemoryTransport, answer, importIfInstalled } from "./_sdk.mjs";

export { answer, importIfInstalled };

/** McpServer, Client and InMemoryTransport from whichever SDK layout is installed. */
export async function sdk() {
  // @modelcontextprotocol/server is an optional peer of ext-apps 2: it must be installed.
  const { McpServer } = await import(split ? "@modelcontextprotocol/server" : "@modelcontextprotocol/sdk/server/mcp.js");
  return { McpServer, Client, InMemoryTransport };
}

/** The SDK's InMemoryTransport (sdk 1.x, or the client package of 2.x). */
export async function inMemoryTransport() {
  return InMemoryTransport;
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
