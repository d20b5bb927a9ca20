// subscriptions-listen: subscriptions/listen (2026-07-28) sent to the SDK's Server (resources and tools declared
// with listChanged/subscribe) after initialize.
import { raw, bareServer, answer, METHOD_NOT_FOUND } from "./_sdk.mjs";

const peer = await raw(bareServer({ resources: { subscribe: true, listChanged: true }, tools: { listChanged: true } }));
await peer.initialize("2024-11-05");
const r = await peer.request("subscriptions/listen", { notifications: ["notifications/tools/list_changed"] });
await peer.close();
if (r.error?.code === METHOD_NOT_FOUND) answer("unsupported", "the server answered subscriptions/listen with -32601 Method not found");
else if (r.result) answer("supported", "the server accepted subscriptions/listen");
else throw new Error(`unexpected: ${JSON.stringify(r)}`);
