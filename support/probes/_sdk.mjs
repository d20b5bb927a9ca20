// Shared helpers of the Node probes (copied beside every probe into node/<slug>-<version>/, run there).
// They bridge the @modelcontextprotocol/sdk versions of support/versions.yml (1.0.1 onwards): the low-level
// Client and Server, types.js and inMemory.js exist in all of them; anything newer is imported with optional().
const SDK = "@modelcontextprotocol/sdk";

export const types = await import(`${SDK}/types.js`);
export const { Client } = await import(`${SDK}/client/index.js`);
export const { Server } = await import(`${SDK}/server/index.js`);
export const { InMemoryTransport } = await import(`${SDK}/inMemory.js`);

// A module of the SDK, or null when this version does not ship it (narrowly: that very module is missing).
export async function optional(path) {
  try {
    return await import(`${SDK}/${path}`);
  } catch (e) {
    const absent = e && (e.code === "ERR_MODULE_NOT_FOUND" || e.code === "ERR_PACKAGE_PATH_NOT_EXPORTED");
    if (absent && String(e.message).includes(path)) return null;
    throw e;
  }
}

// The probe's answer: the last stdout line.
export function answer(result, note) {
  console.log(JSON.stringify({ result, note }));
}

// Field names an object schema of the SDK knows (Zod 3 and Zod 4 both expose .shape on objects).
export function fields(schema) {
  return schema && schema.shape ? Object.keys(schema.shape) : [];
}

// Does the SDK's own schema accept the message? (data: what the schema kept of it)
export function parse(schema, message) {
  const r = schema.safeParse(message);
  return r.success ? { ok: true, data: r.data } : { ok: false, data: null };
}

// Let queued callbacks run (the in-memory transport delivers synchronously; handlers may await once or twice).
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// Fail (crash) rather than hang when a promise never settles.
export function within(promise, what, ms = 5000) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// The SDK's Client against the SDK's Server over the SDK's in-memory transport.
export async function connect({ serverCaps = {}, clientCaps = {}, server: setupServer, client: setupClient, serverOptions = {} } = {}) {
  const server = new Server({ name: "probe-server", version: "0.0.0" }, { capabilities: serverCaps, ...serverOptions });
  if (setupServer) setupServer(server);
  const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: clientCaps });
  if (setupClient) setupClient(client);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent = []; // every message the client put on the wire
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, ...rest) => { sent.push(message); return send(message, ...rest); };
  await server.connect(serverSide);
  await within(client.connect(clientSide), "initialize");
  return { client, server, sent, close: async () => { await client.close(); await server.close(); } };
}

// The SDK's Server driven by raw JSON-RPC messages (no SDK Client in between).
export async function raw(server) {
  const [peer, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map();
  const received = [];
  peer.onmessage = (m) => {
    if (!Array.isArray(m) && m.id !== undefined && !m.method && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    } else received.push(m);
  };
  await server.connect(serverSide);
  await peer.start();
  let next = 1;
  const request = (method, params) => within(new Promise((resolve) => {
    const id = next++;
    pending.set(id, resolve);
    peer.send({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
  }), method);
  const notify = (method, params) => peer.send({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
  const initialize = async (protocolVersion = "2024-11-05", capabilities = {}) => {
    const r = await request("initialize", { protocolVersion, capabilities, clientInfo: { name: "raw", version: "0.0.0" } });
    await notify("notifications/initialized");
    return r;
  };
  return { request, notify, initialize, received, peer, close: () => server.close() };
}

// A Server declaring these capabilities, for raw().
export function bareServer(capabilities = {}, setup) {
  const server = new Server({ name: "probe-server", version: "0.0.0" }, { capabilities });
  if (setup) setup(server);
  return server;
}

export const METHOD_NOT_FOUND = -32601;

// Offer a protocol revision to the SDK's Server (raw initialize) and look it up in the SDK's own list of the
// revisions its Client accepts. {answered: the revision the server answered, known: listed by the SDK}.
export async function negotiate(version) {
  const peer = await raw(bareServer({ tools: {} }));
  const r = await peer.initialize(version);
  await peer.close();
  if (r.error || typeof r.result?.protocolVersion !== "string") throw new Error(`initialize failed: ${JSON.stringify(r)}`);
  return { answered: r.result.protocolVersion, known: (types.SUPPORTED_PROTOCOL_VERSIONS ?? []).includes(version) };
}

// The answer of a protocol-<revision> probe.
export async function protocolProbe(version) {
  const { answered, known } = await negotiate(version);
  const kept = answered === version;
  if (kept && known) answer("supported", `the server accepted ${version} in initialize and the client lists it as supported`);
  else if (!kept && !known) answer("unsupported", `the server answered initialize for ${version} with another revision and the client does not list it`);
  else answer("partial", kept ? `the server accepted ${version} but the client does not list it` : `the client lists ${version} but the server answered initialize with another revision`);
}

// A node:http server on 127.0.0.1 (port 0) for the HTTP transports; close() ends every connection so that the
// probe's process exits by itself.
export async function httpServe(handler) {
  const http = await import("node:http");
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((e) => { res.statusCode = 500; res.end(String(e)); });
  });
  server.on("connection", (s) => { sockets.add(s); s.on("close", () => sockets.delete(s)); });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const close = () => new Promise((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  return { port, base: `http://127.0.0.1:${port}`, close };
}

// One raw HTTP request (node:http, so that Host can be forged): {status, headers, body}.
export async function httpSend(port, { method = "POST", path = "/mcp", headers = {}, body } = {}) {
  const http = await import("node:http");
  return within(new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  }), `HTTP ${method} ${path}`);
}

// The JSON-RPC messages of a Streamable HTTP response body (application/json or text/event-stream).
export function rpcMessages(response) {
  if (!response.body) return [];
  if (String(response.headers["content-type"]).startsWith("text/event-stream")) {
    return response.body.split("\n").filter((l) => l.startsWith("data:")).flatMap((l) => [].concat(JSON.parse(l.slice(5))));
  }
  return [].concat(JSON.parse(response.body));
}

export const INIT = (id = 1, protocolVersion = "2025-03-26") => ({
  jsonrpc: "2.0", id, method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "0.0.0" } },
});
export const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

// A raw HTTP+SSE session: GET the event stream, read the endpoint event; next() gives the next message event's data.
export async function sseSession(port, path) {
  const http = await import("node:http");
  let text = "";
  let consumed = 0;
  let req;
  await within(new Promise((resolve, reject) => {
    req = http.request({ host: "127.0.0.1", port, path, headers: { accept: "text/event-stream" }, agent: false }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; resolve(); });
      res.on("error", () => {});
    });
    req.on("error", (e) => { if (!req.destroyed) reject(e); });
    req.end();
  }), "the SSE stream");
  const until = async (re) => {
    for (let i = 0; i < 100; i++) {
      const m = text.slice(consumed).match(re);
      if (m) { consumed += m.index + m[0].length; return m; }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting on the SSE stream: ${text}`);
  };
  const endpoint = (await until(/event: endpoint\r?\ndata: (\S+)/))[1];
  return {
    endpoint,
    next: async () => JSON.parse((await until(/event: message\r?\ndata: (.+)/))[1]),
    close: () => req.destroy(),
  };
}
