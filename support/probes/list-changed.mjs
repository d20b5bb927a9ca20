// list-changed: the SDK's Server announces list changes (notifications/tools|resources|prompts/list_changed) and the
// SDK's Client receives all three.
import { types, connect, answer, within } from "./_sdk.mjs";

const seen = new Set();
let done;
const all = new Promise((resolve) => { done = resolve; });
const note = (name) => () => { seen.add(name); if (seen.size === 3) done(); };
const { server, close } = await connect({
  serverCaps: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } },
  client: (c) => {
    c.setNotificationHandler(types.ToolListChangedNotificationSchema, note("tools"));
    c.setNotificationHandler(types.ResourceListChangedNotificationSchema, note("resources"));
    c.setNotificationHandler(types.PromptListChangedNotificationSchema, note("prompts"));
  },
});
await server.sendToolListChanged();
await server.sendResourceListChanged();
await server.sendPromptListChanged();
await within(all, "the three list_changed notifications");
await close();
answer("supported", "tools, resources and prompts list_changed notifications reached the client");
