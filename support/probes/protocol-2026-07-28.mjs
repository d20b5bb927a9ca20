// protocol-2026-07-28: the 2026-07-28 revision has no initialize handshake: a client sends server/discover and every
// request carries its revision in _meta. Probed both ways: server/discover sent raw to the SDK's Server as the SDK
// serves it (serve(): 2.x through serveStdio), and the SDK's Client, with version negotiation where the SDK has it
// (2.x: opt-in, versionNegotiation "auto"; the initialize list SUPPORTED_PROTOCOL_VERSIONS holds 2025-era revisions
// only, by design), connected to that server. 1.x: also 2026-07-28 offered in an initialize.
import { types, raw, bareServer, connect, negotiate, answer, within, MODERN, METHOD_NOT_FOUND } from "./_sdk.mjs";

const peer = await raw(() => bareServer({ tools: {} }));
const discover = await peer.request("server/discover", { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} } });
await peer.close();
const noDiscover = discover.error?.code === METHOD_NOT_FOUND;
if (discover.error && !noDiscover) throw new Error(`unexpected server/discover error: ${JSON.stringify(discover)}`);
const offered = !noDiscover && discover.result?.supportedVersions?.includes(MODERN);
const { client, sent, close } = await connect({
  modern: true,
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [] })),
});
await within(client.listTools(), "tools/list");
const version = client.getNegotiatedProtocolVersion?.() ?? null;
await close();
const listed = sent.find((m) => m.method === "tools/list");
const modernClient = version === MODERN && !sent.some((m) => m.method === "initialize")
  && listed?.params?._meta?.["io.modelcontextprotocol/protocolVersion"] === MODERN;
const { answered, known } = await negotiate(MODERN);
if (noDiscover && !modernClient && answered !== MODERN && !known) {
  answer("unsupported", "server/discover is Method not found, initialize counters 2026-07-28 with another revision and the client does not list it");
} else if (offered && modernClient) {
  answer("supported", "server/discover offered 2026-07-28 and the client, negotiating, used it without initialize, the revision in each request's _meta");
} else {
  answer("partial", `server/discover ${offered ? "offered 2026-07-28" : "did not offer 2026-07-28"}; the client ${modernClient ? "used" : "did not use"} it`);
}
