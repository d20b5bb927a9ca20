// logging-message: the SDK's Client sets a log level (logging/setLevel) and receives notifications/message.
import { types, connect, answer, within } from "./_sdk.mjs";

let levelSet = null;
let deliver;
const got = new Promise((resolve) => { deliver = resolve; });
const { client, server, close } = await connect({
  serverCaps: { logging: {} },
  server: (s) => s.setRequestHandler(types.SetLevelRequestSchema, async (req) => { levelSet = req.params.level; return {}; }),
  client: (c) => c.setNotificationHandler(types.LoggingMessageNotificationSchema, (n) => deliver(n.params)),
});
await client.setLoggingLevel("info");
await server.sendLoggingMessage({ level: "warning", logger: "probe", data: "disk almost full" });
const params = await within(got, "notifications/message");
await close();
if (levelSet !== "info" || params.level !== "warning" || params.data !== "disk almost full") throw new Error(`unexpected: ${JSON.stringify([levelSet, params])}`);
answer("supported", "logging/setLevel reached the server and notifications/message reached the client");
