// completion: the SDK's Client asks the SDK's Server to complete a prompt argument (completion/complete).
import { types, connect, answer } from "./_sdk.mjs";

let asked;
const { client, close } = await connect({
  serverCaps: { prompts: {}, completions: {} },
  server: (s) => s.setRequestHandler(types.CompleteRequestSchema, async (req) => {
    asked = req.params;
    return { completion: { values: ["Lyon", "Lille"].filter((v) => v.startsWith(req.params.argument.value)), hasMore: false } };
  }),
});
const r = await client.complete({ ref: { type: "ref/prompt", name: "trip" }, argument: { name: "city", value: "Ly" } });
await close();
if (asked?.ref?.name !== "trip" || r.completion.values.join(",") !== "Lyon") throw new Error(`unexpected: ${JSON.stringify([asked, r])}`);
answer("supported", "completion/complete returned the values for a prompt argument");
