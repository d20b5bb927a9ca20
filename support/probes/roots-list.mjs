// roots-list: the SDK's Server asks the SDK's Client for its roots (roots/list).
import { types, connect, answer } from "./_sdk.mjs";

const { server, close } = await connect({
  clientCaps: { roots: { listChanged: true } },
  client: (c) => c.setRequestHandler(types.ListRootsRequestSchema, async () => ({
    roots: [{ uri: "file:///workspace", name: "workspace" }],
  })),
});
const r = await server.listRoots();
await close();
if (r.roots?.[0]?.uri !== "file:///workspace") throw new Error(`unexpected: ${JSON.stringify(r)}`);
answer("supported", "the server's roots/list got the client's roots");
