// json-rpc-batch: a JSON-RPC batch (an array of two requests, 2025-03-26) POSTed to the SDK's HTTP server transport
// after initialize (Streamable HTTP where the SDK has it, else the HTTP+SSE POST endpoint), and written on stdin to a
// child process serving the SDK's stdio transport. Both transports answering it: supported; one only: partial.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { types, split, bareServer, optional, answer, within, httpServe, httpSend, sseSession, rpcMessages, INIT, POST_HEADERS } from "./_sdk.mjs";

// Over stdio: initialize, the batch, then a single ping whose answer marks the end of what the batch got back.
async function stdioAnswersBatch() {
  const sdk = "@modelcontextprotocol/sdk";
  const server = split ? "@modelcontextprotocol/server" : `${sdk}/server/index.js`;
  const stdio = split ? "@modelcontextprotocol/server/stdio" : `${sdk}/server/stdio.js`;
  const child = `
const { Server } = await import(${JSON.stringify(import.meta.resolve(server))});
const { StdioServerTransport } = await import(${JSON.stringify(import.meta.resolve(stdio))});
await new Server({ name: "batch", version: "0.0.0" }, { capabilities: {} }).connect(new StdioServerTransport());
`;
  const proc = spawn(process.execPath, ["--input-type=module", "-e", child], { stdio: ["pipe", "pipe", "ignore"] });
  try {
    const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
    const send = (m) => proc.stdin.write(JSON.stringify(m) + "\n");
    const until = async (id) => { const seen = []; for (;;) { const m = JSON.parse((await lines.next()).value); if (m.id === id && !Array.isArray(m)) return seen; seen.push(m); } };
    send(INIT(1, "2025-03-26"));
    await within(until(1), "initialize over stdio");
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send([{ jsonrpc: "2.0", id: 2, method: "ping" }, { jsonrpc: "2.0", id: 3, method: "ping" }]);
    send({ jsonrpc: "2.0", id: 4, method: "ping" });
    const before = await within(until(4), "a ping after the batch over stdio");
    return before.flat().filter((m) => m.result).map((m) => m.id).sort().join(",") === "2,3";
  } finally {
    proc.kill();
  }
}

const server = bareServer({ tools: {} }, (s) => s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [] })));
const batch = [{ jsonrpc: "2.0", id: 2, method: "ping" }, { jsonrpc: "2.0", id: 3, method: "tools/list" }];
const streamable = await optional("server/streamableHttp.js");
let answered = [];
let status;
if (streamable) {
  const transport = new streamable.StreamableHTTPServerTransport({ sessionIdGenerator: () => "probe-session" });
  await server.connect(transport);
  const http = await httpServe((req, res) => transport.handleRequest(req, res));
  const init = await httpSend(http.port, { headers: POST_HEADERS, body: INIT(1, "2025-03-26") });
  const headers = { ...POST_HEADERS, "mcp-session-id": init.headers["mcp-session-id"], "mcp-protocol-version": rpcMessages(init)[0].result.protocolVersion };
  await httpSend(http.port, { headers, body: { jsonrpc: "2.0", method: "notifications/initialized" } });
  const r = await httpSend(http.port, { headers, body: batch });
  status = r.status;
  if (r.status === 200) answered = rpcMessages(r).filter((m) => m.result).map((m) => m.id).sort();
  await server.close();
  await http.close();
} else {
  const { SSEServerTransport } = await import("@modelcontextprotocol/sdk/server/sse.js");
  let transport;
  const http = await httpServe(async (req, res) => {
    if (req.method === "GET") { transport = new SSEServerTransport("/messages", res); await server.connect(transport); }
    else await transport.handlePostMessage(req, res);
  });
  const sse = await sseSession(http.port, "/sse");
  const post = (body) => httpSend(http.port, { path: sse.endpoint, headers: { "content-type": "application/json" }, body });
  await post(INIT(1, "2024-11-05"));
  await sse.next();
  await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  const r = await post(batch);
  status = r.status;
  if (r.status === 202) answered = [await sse.next(), await sse.next()].flat().filter((m) => m.result).map((m) => m.id).sort();
  sse.close();
  await server.close();
  await http.close();
}
const via = streamable ? "Streamable HTTP" : "the HTTP+SSE endpoint";
const overStdio = await stdioAnswersBatch();
const stdioNote = overStdio ? "stdio answered it too" : "stdio sent no answer to it";
if (answered.join(",") === "2,3") answer(overStdio ? "supported" : "partial", `${via} answered both requests of a JSON-RPC batch; ${stdioNote}`);
else if (status === 400 && overStdio) answer("partial", `${via} rejected a JSON-RPC batch with HTTP 400; stdio answered it`);
else if (status === 400) answer("unsupported", `${via} rejected a JSON-RPC batch with HTTP 400; ${stdioNote}`);
else throw new Error(`unexpected: ${status} ${JSON.stringify(answered)}`);
