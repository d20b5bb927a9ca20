// prompts-get: the SDK's Client lists and gets a prompt of the SDK's Server (prompts/list, prompts/get).
import { types, connect, answer } from "./_sdk.mjs";

const { client, close } = await connect({
  serverCaps: { prompts: {} },
  server: (s) => {
    s.setRequestHandler(types.ListPromptsRequestSchema, async () => ({
      prompts: [{ name: "greet", description: "Greet someone", arguments: [{ name: "who", required: true }] }],
    }));
    s.setRequestHandler(types.GetPromptRequestSchema, async (req) => ({
      messages: [{ role: "user", content: { type: "text", text: `Hello ${req.params.arguments.who}` } }],
    }));
  },
});
const listed = await client.listPrompts();
const got = await client.getPrompt({ name: "greet", arguments: { who: "Ada" } });
await close();
if (listed.prompts[0]?.name !== "greet" || got.messages[0]?.content?.text !== "Hello Ada") throw new Error(`unexpected: ${JSON.stringify([listed, got])}`);
answer("supported", "prompts/list listed the prompt and prompts/get returned its filled-in messages");
