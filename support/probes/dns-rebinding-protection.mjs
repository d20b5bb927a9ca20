// dns-rebinding-protection: does the SDK's HTTP server transport (Streamable HTTP, else HTTP+SSE) refuse a request
// whose Host and Origin are foreign (a DNS-rebinding page), by default, or once enableDnsRebindingProtection and
// allowedHosts/allowedOrigins are set? Where the SDK ships its own HTTP app (createMcpExpressApp), its default counts.
import { bareServer, optional, answer, httpServe, httpSend, sseSession, INIT, POST_HEADERS } from "./_sdk.mjs";

const streamable = await optional("server/streamableHttp.js");
const sse = streamable ? null : await import("@modelcontextprotocol/sdk/server/sse.js");
const expressApp = streamable ? (await optional("server/express.js"))?.createMcpExpressApp : undefined;
const guard = (port) => ({ enableDnsRebindingProtection: true, allowedHosts: [`127.0.0.1:${port}`], allowedOrigins: [`http://127.0.0.1:${port}`] });

// The HTTP status of an initialize POST with these extra headers, to a server whose transport got these options.
async function status(options, headers, app) {
  const server = bareServer({ tools: {} });
  let transport;
  let port;
  if (app) {
    transport = new streamable.StreamableHTTPServerTransport({ sessionIdGenerator: () => "probe-session" });
    await server.connect(transport);
    app.post("/mcp", (req, res) => transport.handleRequest(req, res, req.body));
  }
  const http = await httpServe(app ?? (async (req, res) => {
    if (streamable) {
      if (!transport) { transport = new streamable.StreamableHTTPServerTransport({ sessionIdGenerator: () => "probe-session", ...options(port) }); await server.connect(transport); }
      return transport.handleRequest(req, res);
    }
    if (req.method === "GET") { transport = new sse.SSEServerTransport("/messages", res, options(port)); await server.connect(transport); }
    else await transport.handlePostMessage(req, res);
  }));
  port = http.port;
  let r;
  if (streamable) r = await httpSend(port, { headers: { ...POST_HEADERS, ...headers(port) }, body: INIT(1, "2025-03-26") });
  else {
    const s = await sseSession(port, "/sse");
    r = await httpSend(port, { path: s.endpoint, headers: { "content-type": "application/json", ...headers(port) }, body: INIT(1, "2024-11-05") });
    s.close();
  }
  await server.close();
  await http.close();
  return r.status;
}
const foreign = () => ({ host: "evil.example", origin: "http://evil.example" });
const own = (port) => ({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });
const ok = streamable ? 200 : 202;
const byDefault = await status(() => ({}), foreign);
const appDefault = expressApp ? await status(() => ({}), foreign, expressApp()) : null;
const guarded = await status(guard, foreign);
const guardedOwn = await status(guard, own);
const via = streamable ? "Streamable HTTP" : "HTTP+SSE";
if (guardedOwn !== ok) throw new Error(`the guarded transport refused its own host: ${guardedOwn}`);
if (appDefault === 403) answer("supported", `createMcpExpressApp refused a foreign Host by default (the bare transport ${byDefault === 403 ? "too" : "only with enableDnsRebindingProtection"})`);
else if (appDefault !== null && appDefault !== ok) throw new Error(`unexpected status from createMcpExpressApp: ${appDefault}`);
else if (byDefault === 403) answer("supported", `the ${via} transport refused a foreign Host by default`);
else if (byDefault === ok && guarded === 403) answer("partial", `the ${via} transport refuses a foreign Host only with enableDnsRebindingProtection (off by default)`);
else if (byDefault === ok && guarded === ok) answer("unsupported", `the ${via} transport accepted a foreign Host even with enableDnsRebindingProtection and allowedHosts`);
else throw new Error(`unexpected statuses: ${byDefault} ${guarded}`);
