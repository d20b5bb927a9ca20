// http-sse: the SDK's Client (SSEClientTransport) lists and calls a tool of the SDK's Server (SSEServerTransport)
// over the HTTP+SSE transport of 2024-11-05: a GET event stream announcing the POST endpoint, one POST per message.
// 2.x keeps SSEClientTransport but has no SSEServerTransport: its client is tried against the SDK's Server behind a
// hand-made HTTP+SSE bridge (sseBridge).
import { types, Client, bareServer, optional, answer, within, httpServe, httpSend, sseSession, sseBridge, INIT } from "./_sdk.mjs";

const serverSide = await optional("server/sse.js");
const clientSide = await optional("client/sse.js");
const server = bareServer({ tools: {} }, (s) => {
  s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [{ name: "echo", inputSchema: { type: "object" } }] }));
  s.setRequestHandler(types.CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "over sse" }] }));
});
if (!serverSide && clientSide) {
  const http = await sseBridge(server);
  const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: {} });
  try {
    await within(client.connect(new clientSide.SSEClientTransport(new URL(`${http.base}/sse`))), "initialize over HTTP+SSE");
    const listed = await within(client.listTools(), "tools/list over HTTP+SSE");
    const called = await within(client.callTool({ name: "echo", arguments: {} }), "tools/call over HTTP+SSE");
    if (listed.tools[0]?.name !== "echo" || called.content[0]?.text !== "over sse") throw new Error(`unexpected: ${JSON.stringify([listed, called])}`);
    answer("partial", "the client initialized, listed and called a tool over HTTP+SSE, but the server package has no SSEServerTransport");
  } finally {
    await client.close();
    await server.close();
    await http.close();
  }
} else if (!serverSide || !clientSide) {
  answer("unsupported", "the SDK has no server/sse.js or client/sse.js");
} else {
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
      // The server side alone, by hand: initialize POSTed to the announced endpoint, answered on the stream.
      const sse = await sseSession(http.port, "/sse");
      const posted = await httpSend(http.port, { path: sse.endpoint, headers: { "content-type": "application/json" }, body: INIT(1, "2024-11-05") });
      const message = await sse.next();
      sse.close();
      if (posted.status !== 202 || message?.result?.protocolVersion !== "2024-11-05") throw new Error(`unexpected: ${JSON.stringify([posted, message])}`);
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
