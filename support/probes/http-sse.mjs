// http-sse: the SDK's Client (SSEClientTransport) lists and calls a tool of the SDK's Server (SSEServerTransport)
// over the HTTP+SSE transport of 2024-11-05: a GET event stream announcing the POST endpoint, one POST per message.
import { types, Client, bareServer, optional, answer, within, httpServe, httpSend, INIT } from "./_sdk.mjs";
import { request } from "node:http";

// The server side alone, by hand: GET the event stream, read the endpoint event, POST initialize to it, read the
// answer from the stream.
async function rawExchange(port) {
  let text = "";
  let req;
  const stream = new Promise((resolve, reject) => {
    req = request({ host: "127.0.0.1", port, path: "/sse", headers: { accept: "text/event-stream" }, agent: false }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; resolve(); });
    });
    req.on("error", (e) => { if (!req.destroyed) reject(e); });
    req.end();
  });
  await within(stream, "the SSE stream");
  const until = async (re) => { for (let i = 0; i < 100 && !re.test(text); i++) await new Promise((r) => setTimeout(r, 20)); return text.match(re); };
  const endpoint = (await until(/event: endpoint\r?\ndata: (\S+)/))?.[1];
  if (!endpoint) throw new Error(`no endpoint event: ${text}`);
  const posted = await httpSend(port, { path: endpoint, headers: { "content-type": "application/json" }, body: INIT(1, "2024-11-05") });
  const message = (await until(/event: message\r?\ndata: (.+)/))?.[1];
  req.destroy();
  return posted.status === 202 && JSON.parse(message ?? "{}").result?.protocolVersion === "2024-11-05";
}

const serverSide = await optional("server/sse.js");
const clientSide = await optional("client/sse.js");
if (!serverSide || !clientSide) {
  answer("unsupported", "the SDK has no server/sse.js or client/sse.js");
} else {
  const server = bareServer({ tools: {} }, (s) => {
    s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [{ name: "echo", inputSchema: { type: "object" } }] }));
    s.setRequestHandler(types.CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "over sse" }] }));
  });
  let transport = null;
  const http = await httpServe(async (req, res) => {
    if (req.method === "GET" && req.url === "/sse") {
      transport = new serverSide.SSEServerTransport("/messages", res);
      await server.connect(transport);
    } else if (req.method === "POST" && req.url.startsWith("/messages") && transport) {
      await transport.handlePostMessage(req, res);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: {} });
  try {
    let connected = true;
    try {
      await within(client.connect(new clientSide.SSEClientTransport(new URL(`${http.base}/sse`))), "initialize over HTTP+SSE");
    } catch (e) {
      // This SSE client expects a browser's global EventSource, which Node does not provide.
      if (!(e instanceof ReferenceError && e.message === "EventSource is not defined")) throw e;
      connected = false;
    }
    if (!connected) {
      if (!(await rawExchange(http.port))) throw new Error("the SSE server did not answer initialize on its stream");
      answer("partial", "the server speaks HTTP+SSE but the SSE client needs a global EventSource, absent in Node");
    } else {
      const listed = await within(client.listTools(), "tools/list over HTTP+SSE");
      const called = await within(client.callTool({ name: "echo", arguments: {} }), "tools/call over HTTP+SSE");
      if (listed.tools[0]?.name !== "echo" || called.content[0]?.text !== "over sse") throw new Error(`unexpected: ${JSON.stringify([listed, called])}`);
      answer("supported", "the client initialized, listed and called a tool over HTTP+SSE");
    }
  } finally {
    await client.close();
    await server.close();
    await http.close();
  }
}
