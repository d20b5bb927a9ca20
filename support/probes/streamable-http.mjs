// streamable-http: the SDK's Client (StreamableHTTPClientTransport) lists and calls a tool of the SDK's Server
// (StreamableHTTPServerTransport) over HTTP on 127.0.0.1, one POST per message, with a session id.
import { types, Client, bareServer, optional, answer, within, httpServe } from "./_sdk.mjs";

const serverSide = await optional("server/streamableHttp.js");
const clientSide = await optional("client/streamableHttp.js");
if (!serverSide || !clientSide) {
  answer("unsupported", "the SDK has no server/streamableHttp.js or client/streamableHttp.js");
} else {
  const server = bareServer({ tools: {} }, (s) => {
    s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [{ name: "echo", inputSchema: { type: "object" } }] }));
    s.setRequestHandler(types.CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "over http" }] }));
  });
  const transport = new serverSide.StreamableHTTPServerTransport({ sessionIdGenerator: () => "probe-session" });
  await server.connect(transport);
  const posts = [];
  const http = await httpServe((req, res) => {
    if (req.method === "POST") posts.push(req.headers["mcp-session-id"] ?? null);
    return transport.handleRequest(req, res);
  });
  const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: {} });
  try {
    await within(client.connect(new clientSide.StreamableHTTPClientTransport(new URL(`${http.base}/mcp`))), "initialize over HTTP");
    const listed = await within(client.listTools(), "tools/list over HTTP");
    const called = await within(client.callTool({ name: "echo", arguments: {} }), "tools/call over HTTP");
    if (listed.tools[0]?.name !== "echo" || called.content[0]?.text !== "over http") throw new Error(`unexpected: ${JSON.stringify([listed, called])}`);
    if (posts[0] !== null || posts.slice(1).some((s) => s !== "probe-session")) throw new Error(`unexpected session ids: ${JSON.stringify(posts)}`);
    answer("supported", "the client initialized, listed and called a tool over Streamable HTTP with the session id");
  } finally {
    await client.close();
    await server.close();
    await http.close();
  }
}
