// subscriptions-listen (2026-07-28): the client opens one long-lived subscriptions/listen request naming the change
// notifications it wants ({notifications: {toolsListChanged: true, ...}}, the SDK's SubscriptionFilter shape); the
// server acknowledges with notifications/subscriptions/acknowledged, then delivers matching notifications on it (the
// result only ends the stream). Sent raw, with the per-request _meta envelope, to the SDK's Server as the SDK serves
// it (serve(): 2.x through serveStdio; 1.x: the Server itself). Then, where the SDK's Client has listen(), the same
// through the Client, connected with version negotiation.
import { types, Client, raw, bareServer, connect, answer, settle, within, ENVELOPE, METHOD_NOT_FOUND } from "./_sdk.mjs";

// The SDK's Client opening the stream: did the change notification reach its handler?
async function clientListens() {
  let heard = 0;
  const { client, server, close } = await connect({
    modern: true,
    serverCaps: { tools: { listChanged: true } },
    client: (c) => c.setNotificationHandler(types.ToolListChangedNotificationSchema, () => { heard += 1; }),
  });
  const subscription = await within(client.listen({ toolsListChanged: true }), "listen()");
  await server.sendToolListChanged();
  await settle();
  await subscription.close();
  await close();
  return heard === 1;
}

const peer = await raw(() => bareServer({ resources: { subscribe: true, listChanged: true }, tools: { listChanged: true } }));
const listen = peer.request("subscriptions/listen", { notifications: { toolsListChanged: true }, _meta: ENVELOPE });
let early = null; // an answer before any notification: 1.x refuses the method
listen.then((r) => { early = r; }, () => {});
await settle();
const acknowledged = peer.received.find((m) => m.method === "notifications/subscriptions/acknowledged");
if (early?.error?.code === METHOD_NOT_FOUND) {
  await peer.close();
  answer("unsupported", "the server answered subscriptions/listen with -32601 Method not found");
} else if (acknowledged?.params?.notifications?.toolsListChanged === true) {
  await peer.server().sendToolListChanged();
  await settle();
  const changed = peer.received.find((m) => m.method === "notifications/tools/list_changed");
  await peer.close();
  if (!changed) throw new Error(`no notifications/tools/list_changed on the stream: ${JSON.stringify(peer.received)}`);
  if (typeof Client.prototype.listen !== "function") {
    answer("partial", "the server acknowledged subscriptions/listen and delivered tools/list_changed on the stream; the client has no listen()");
  } else if (await clientListens()) {
    answer("supported", "the server acknowledged subscriptions/listen and delivered tools/list_changed on the stream, to the client's listen() too");
  } else throw new Error("the client's listen() stream did not deliver tools/list_changed");
} else {
  await peer.close();
  throw new Error(`unexpected: ${JSON.stringify([early, peer.received])}`);
}
