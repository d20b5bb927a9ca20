// stdio: the SDK's Client spawns a child node process running the SDK's Server on the stdio transport
// (newline-delimited JSON-RPC on stdin/stdout), lists and calls a tool, then closes (the child exits).
// (1.x: @modelcontextprotocol/sdk's modules; 2.x: the stdio entries of the split client and server packages, whose
// handlers are registered by method name.)
import { Client, split, answer, within } from "./_sdk.mjs";

const SDK = "@modelcontextprotocol/sdk";
const spec = split
  ? { client: "@modelcontextprotocol/client/stdio", server: "@modelcontextprotocol/server", stdio: "@modelcontextprotocol/server/stdio" }
  : { client: `${SDK}/client/stdio.js`, server: `${SDK}/server/index.js`, stdio: `${SDK}/server/stdio.js`, types: `${SDK}/types.js` };
const { StdioClientTransport } = await import(spec.client);
const url = (p) => JSON.stringify(import.meta.resolve(p));
const on = (method, schema) => (split ? JSON.stringify(method) : `types.${schema}`);
const child = `
const { Server } = await import(${url(spec.server)});
const { StdioServerTransport } = await import(${url(spec.stdio)});
const types = ${split ? "null" : `await import(${url(spec.types)})`};
const server = new Server({ name: "stdio-server", version: "0.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(${on("tools/list", "ListToolsRequestSchema")}, async () => ({ tools: [{ name: "pid", inputSchema: { type: "object" } }] }));
server.setRequestHandler(${on("tools/call", "CallToolRequestSchema")}, async () => ({ content: [{ type: "text", text: "from-child:" + (process.pid !== Number(process.env.PARENT_PID)) }] }));
await server.connect(new StdioServerTransport());
`;
const transport = new StdioClientTransport({
  command: process.execPath,
  args: ["--input-type=module", "-e", child],
  env: { PATH: process.env.PATH ?? "", PARENT_PID: String(process.pid) },
});
const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: {} });
await within(client.connect(transport), "initialize over stdio");
const listed = await within(client.listTools(), "tools/list over stdio");
const called = await within(client.callTool({ name: "pid", arguments: {} }), "tools/call over stdio");
await client.close();
if (listed.tools[0]?.name !== "pid" || called.content[0]?.text !== "from-child:true") throw new Error(`unexpected: ${JSON.stringify([listed, called])}`);
answer("supported", "a client spawned a stdio server child process, listed and called its tool");
