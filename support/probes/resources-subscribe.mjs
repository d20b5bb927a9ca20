// resources-subscribe: the SDK's Client subscribes to a resource (resources/subscribe) and receives
// notifications/resources/updated from the SDK's Server.
import { types, connect, answer, within } from "./_sdk.mjs";

const subscribed = [];
let deliver;
const updated = new Promise((resolve) => { deliver = resolve; });
const { client, server, close } = await connect({
  serverCaps: { resources: { subscribe: true } },
  server: (s) => {
    s.setRequestHandler(types.SubscribeRequestSchema, async (req) => { subscribed.push(req.params.uri); return {}; });
    s.setRequestHandler(types.UnsubscribeRequestSchema, async () => ({}));
  },
  client: (c) => c.setNotificationHandler(types.ResourceUpdatedNotificationSchema, (n) => deliver(n.params.uri)),
});
await client.subscribeResource({ uri: "memo://7" });
await server.sendResourceUpdated({ uri: "memo://7" });
const uri = await within(updated, "notifications/resources/updated");
await client.unsubscribeResource({ uri: "memo://7" });
await close();
if (subscribed[0] !== "memo://7" || uri !== "memo://7") throw new Error(`unexpected: ${JSON.stringify([subscribed, uri])}`);
answer("supported", "resources/subscribe reached the server and notifications/resources/updated reached the client");
