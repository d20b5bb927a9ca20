// Shared helpers of the Node probes (copied beside every probe into node/<slug>-<version>/, run there).
// They bridge the TypeScript SDK versions of support/versions.yml: @modelcontextprotocol/sdk 1.x (1.0.1 onwards: the
// low-level Client and Server, types.js and inMemory.js exist in all of them; anything newer is imported with
// optional()), and the 2.x line, split into @modelcontextprotocol/server and @modelcontextprotocol/client.
// _apps.mjs (the MCP Apps probes) builds on this module.

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

// The probe's answer: the last stdout line.
export function answer(result, note) {
  console.log(JSON.stringify({ result, note }));
}

const SDK = "@modelcontextprotocol/sdk";
const v1 = await importIfInstalled(`${SDK}/types.js`);

/** True on the 2.x layout (no @modelcontextprotocol/sdk installed: the split server and client packages). */
export const split = v1 === null;
const serverPackage = split ? await import("@modelcontextprotocol/server") : null;
const clientPackage = split ? await import("@modelcontextprotocol/client") : null;

// 2.x registers handlers by method name where 1.x took the request's Zod schema: the 2.x classes below accept both.
const methodOf = (m) => (typeof m === "string" ? m : m.shape.method.value);
const byMethod = (Base) => class extends Base {
  setRequestHandler(method, ...rest) { return super.setRequestHandler(methodOf(method), ...rest); }
  setNotificationHandler(method, ...rest) { return super.setNotificationHandler(methodOf(method), ...rest); }
};

/** The SDK's schemas and constants under their 1.x types.js names (2.x: specTypeSchemas, keyed without "Schema"). */
export const types = split
  ? {
      ...Object.fromEntries(Object.entries(serverPackage.specTypeSchemas).map(([name, schema]) => [`${name}Schema`, schema])),
      SUPPORTED_PROTOCOL_VERSIONS: serverPackage.SUPPORTED_PROTOCOL_VERSIONS,
      LATEST_PROTOCOL_VERSION: serverPackage.LATEST_PROTOCOL_VERSION,
    }
  : v1;
export const Client = split ? byMethod(clientPackage.Client) : (await import(`${SDK}/client/index.js`)).Client;
export const Server = split ? byMethod(serverPackage.Server) : (await import(`${SDK}/server/index.js`)).Server;
export const InMemoryTransport = split ? clientPackage.InMemoryTransport : (await import(`${SDK}/inMemory.js`)).InMemoryTransport;

// A module of the SDK by its 1.x path ("server/sse.js"…), or null when this version does not ship it (narrowly:
// that very module is missing). On the 2.x layout, the split packages' counterpart (split2x below), or null where
// 2.x dropped it.
export async function optional(path) {
  if (split) {
    if (!(path in split2x)) throw new Error(`optional(${path}): no 2.x counterpart known`);
    return split2x[path]();
  }
  try {
    return await import(`${SDK}/${path}`);
  } catch (e) {
    const absent = e && (e.code === "ERR_MODULE_NOT_FOUND" || e.code === "ERR_PACKAGE_PATH_NOT_EXPORTED");
    if (absent && String(e.message).includes(path)) return null;
    throw e;
  }
}

// Where 2.x keeps what 1.x shipped as these modules. A null is checked, not assumed: the package lacks the export.
const lacks = (pkg, name) => { if (name in pkg) throw new Error(`2.x exports ${name}: update the probes`); return null; };
const split2x = {
  "server/streamableHttp.js": () => ({ StreamableHTTPServerTransport: NodeStreamableHTTPServerTransport }),
  "client/streamableHttp.js": () => ({ StreamableHTTPClientTransport: clientPackage.StreamableHTTPClientTransport }),
  "client/sse.js": () => ({ SSEClientTransport: clientPackage.SSEClientTransport }),
  "server/sse.js": () => lacks(serverPackage, "SSEServerTransport"), // HTTP+SSE: client side only in 2.x
  "server/express.js": () => null, // 2.x: a separate package (@modelcontextprotocol/express), not measured here
  "experimental/tasks/index.js": () => lacks(serverPackage, "InMemoryTaskStore"), // Task* schemas are kept, with no runtime
};

// 2.x's Streamable HTTP server transport speaks fetch Request/Response (WebStandardStreamableHTTPServerTransport);
// this subclass takes node:http's req/res like 1.x's StreamableHTTPServerTransport, converting both ways.
const NodeStreamableHTTPServerTransport = split && class extends serverPackage.WebStandardStreamableHTTPServerTransport {
  async handleRequest(req, res) {
    const { Readable } = await import("node:stream");
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Readable.toWeb(req);
    const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, [].concat(v).join(", ")]));
    const response = await super.handleRequest(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body, duplex: "half" }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  }
};

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

// The SDK's serving entry that owns the protocol era of a connection, where the SDK has one: 2.x serveStdio (it
// accepts any transport) answers server/discover and serves subscriptions/listen for 2026-07-28 openings and hands
// initialize openings to a 2025-era instance. 1.x has none: its Server speaks the initialize era only.
const serveStdio = split ? (await import("@modelcontextprotocol/server/stdio")).serveStdio : null;

// Serve servers made by factory() on an in-memory pair, through the SDK's serving entry where it has one (1.x: one
// Server connected directly). {peer: the other end, server(): the latest instance made, close()}.
export async function serve(factory) {
  const [peer, serverSide] = InMemoryTransport.createLinkedPair();
  let latest = null;
  const make = () => (latest = factory());
  if (serveStdio) {
    const handle = serveStdio(make, { transport: serverSide });
    return { peer, server: () => latest, close: () => handle.close() };
  }
  await make().connect(serverSide);
  return { peer, server: () => latest, close: () => latest.close() };
}

// The revision the 2026-07-28 probes ask for, and its per-request _meta envelope (no initialize in that revision).
export const MODERN = "2026-07-28";
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

// The SDK's Client against the SDK's Server over the SDK's in-memory transport. modern: the client negotiates the
// revision with server/discover where the SDK offers it (2.x versionNegotiation "auto", against serveStdio; 1.x has
// no such option and ignores it: initialize as always).
export async function connect({ serverCaps = {}, clientCaps = {}, server: setupServer, client: setupClient, serverOptions = {}, modern = false } = {}) {
  const factory = () => {
    const server = new Server({ name: "probe-server", version: "0.0.0" }, { capabilities: serverCaps, ...serverOptions });
    if (setupServer) setupServer(server);
    return server;
  };
  const client = new Client({ name: "probe-client", version: "0.0.0" }, { capabilities: clientCaps, ...(modern ? { versionNegotiation: { mode: "auto" } } : {}) });
  if (setupClient) setupClient(client);
  const served = modern ? await serve(factory) : null;
  let server = null;
  let clientSide = served?.peer;
  if (!served) {
    let serverSide;
    [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    server = factory();
    await server.connect(serverSide);
  }
  const sent = []; // every message the client put on the wire
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, ...rest) => { sent.push(message); return send(message, ...rest); };
  await within(client.connect(clientSide), modern ? "connect with version negotiation" : "initialize");
  return {
    client, sent, server: server ?? served.server(),
    close: async () => { await client.close(); await (served ? served.close() : server.close()); },
  };
}

// The SDK's Server driven by raw JSON-RPC messages (no SDK Client in between). target: a Server, or a factory of
// Servers to serve through the SDK's serving entry (serve()).
export async function raw(target) {
  const served = typeof target === "function" ? await serve(target) : null;
  let peer = served?.peer;
  let serverSide;
  if (!served) [peer, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map();
  const received = [];
  peer.onmessage = (m) => {
    if (!Array.isArray(m) && m.id !== undefined && !m.method && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    } else received.push(m);
  };
  if (!served) await target.connect(serverSide);
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
  const server = () => (served ? served.server() : target);
  return { request, notify, initialize, received, peer, server, close: () => (served ? served.close() : target.close()) };
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

// A hand-made HTTP+SSE server (2024-11-05) in front of the SDK's Server, for SDK versions with an SSE client but no
// SSE server transport: GET /sse announces the /messages endpoint and streams the server's messages; each POSTed
// message reaches the server over the in-memory transport.
export async function sseBridge(server) {
  const [peer, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  return httpServe(async (req, res) => {
    if (req.method === "GET" && req.url === "/sse") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write("event: endpoint\ndata: /messages\n\n");
      peer.onmessage = (m) => res.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`);
      await peer.start();
    } else if (req.method === "POST" && req.url === "/messages") {
      let body = "";
      for await (const chunk of req) body += chunk;
      res.writeHead(202).end("Accepted");
      await peer.send(JSON.parse(body));
    } else res.writeHead(404).end();
  });
}

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
