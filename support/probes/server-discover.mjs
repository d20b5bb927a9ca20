// server-discover: server/discover (2026-07-28) sent, without an initialize handshake, to a Server served the way the
// SDK serves it (2.x: its era-owning entry serveStdio, here over the in-memory transport; 1.x: the Server itself).
import { raw, bareServer, answer, ENVELOPE, MODERN, METHOD_NOT_FOUND } from "./_sdk.mjs";

const peer = await raw(() => bareServer({ tools: {} }));
const r = await peer.request("server/discover", { _meta: ENVELOPE });
await peer.close();
if (r.error?.code === METHOD_NOT_FOUND) answer("unsupported", "the server answered server/discover with -32601 Method not found");
else if (Array.isArray(r.result?.supportedVersions) && r.result.supportedVersions.includes(MODERN) && r.result.capabilities?.tools) {
  answer("supported", "the server answered server/discover with its supported versions and capabilities");
} else throw new Error(`unexpected: ${JSON.stringify(r)}`);
