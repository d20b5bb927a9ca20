// server-discover: server/discover (2026-07-28) sent to the SDK's Server without an initialize handshake.
import { raw, bareServer, answer, METHOD_NOT_FOUND } from "./_sdk.mjs";

const peer = await raw(bareServer({ tools: {} }));
const r = await peer.request("server/discover", {
  _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
});
await peer.close();
if (r.error?.code === METHOD_NOT_FOUND) answer("unsupported", "the server answered server/discover with -32601 Method not found");
else if (r.result && (r.result.capabilities || r.result.supportedVersions || r.result.protocolVersions)) answer("supported", "the server answered server/discover with its capabilities");
else throw new Error(`unexpected: ${JSON.stringify(r)}`);
