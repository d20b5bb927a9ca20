// sampling-create-message: the SDK's Server asks the SDK's Client for a completion (sampling/createMessage).
import { types, connect, answer } from "./_sdk.mjs";

const { server, close } = await connect({
  clientCaps: { sampling: {} },
  client: (c) => c.setRequestHandler(types.CreateMessageRequestSchema, async (req) => ({
    model: "probe-model", role: "assistant",
    content: { type: "text", text: `seen:${req.params.messages[0].content.text}` },
  })),
});
const r = await server.createMessage({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 });
await close();
if (r.content?.text !== "seen:hi" || r.model !== "probe-model") throw new Error(`unexpected: ${JSON.stringify(r)}`);
answer("supported", "the server's sampling/createMessage got the client's completion");
