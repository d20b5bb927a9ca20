// protocol-2026-07-28: the 2026-07-28 revision has no initialize handshake: a client sends server/discover and every
// request carries its revision in _meta. Probed both ways: server/discover on the SDK's Server (no initialize) and
// 2026-07-28 offered in an initialize.
import { raw, bareServer, negotiate, answer, METHOD_NOT_FOUND } from "./_sdk.mjs";

const peer = await raw(bareServer({ tools: {} }));
const discover = await peer.request("server/discover", {
  _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
});
await peer.close();
const { answered, known } = await negotiate("2026-07-28");
const noDiscover = discover.error?.code === METHOD_NOT_FOUND;
if (noDiscover && answered !== "2026-07-28" && !known) {
  answer("unsupported", "server/discover is Method not found, initialize counters 2026-07-28 with another revision and the client does not list it");
} else if (!noDiscover && discover.result && known) {
  answer("supported", "server/discover answered and the client lists 2026-07-28");
} else if (discover.error && !noDiscover) {
  throw new Error(`unexpected server/discover error: ${JSON.stringify(discover)}`);
} else {
  answer("partial", `server/discover ${noDiscover ? "is Method not found" : "answered"}; the client ${known ? "lists" : "does not list"} 2026-07-28`);
}
