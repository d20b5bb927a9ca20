// progress-notifications: a request sent with onprogress carries a progressToken; the SDK's Server reports progress
// (notifications/progress) and the SDK's Client delivers it to the caller before the result.
import { types, connect, answer } from "./_sdk.mjs";

let token;
const { client, server, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.CallToolRequestSchema, async (req) => {
    token = req.params._meta?.progressToken;
    if (token !== undefined) {
      await server.notification({ method: "notifications/progress", params: { progressToken: token, progress: 1, total: 2 } });
      await server.notification({ method: "notifications/progress", params: { progressToken: token, progress: 2, total: 2 } });
    }
    return { content: [{ type: "text", text: "done" }] };
  }),
});
const seen = [];
await client.request({ method: "tools/call", params: { name: "slow", arguments: {} } }, types.CallToolResultSchema,
  { onprogress: (p) => seen.push(`${p.progress}/${p.total}`) });
await close();
if (token === undefined || seen.join(",") !== "1/2,2/2") throw new Error(`unexpected: ${JSON.stringify([token, seen])}`);
answer("supported", "the request carried a progressToken and both notifications/progress reached the caller");
