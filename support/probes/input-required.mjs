// input-required: multi round-trip requests (2026-07-28): the server answers tools/call with
// resultType "input_required" and inputRequests; a client implementing it asks and calls the tool again with
// inputResponses. The SDK's Server returns such a result; does the SDK's Client retry?
import { types, connect, answer } from "./_sdk.mjs";

const calls = [];
const { client, close } = await connect({
  serverCaps: { tools: {} },
  clientCaps: { elicitation: {} },
  server: (s) => s.setRequestHandler(types.CallToolRequestSchema, async (req) => {
    calls.push(req.params);
    if (req.params.inputResponses) return { content: [{ type: "text", text: "deployed" }] };
    return {
      resultType: "input_required",
      inputRequests: { env: { method: "elicitation/create", params: { message: "Which environment?", requestedSchema: { type: "object", properties: { env: { type: "string" } } } } } },
    };
  }),
  client: (c) => { if (types.ElicitRequestSchema) c.setRequestHandler(types.ElicitRequestSchema, async () => ({ action: "accept", content: { env: "prod" } })); },
});
let result = null;
let refused = false;
try { result = await client.callTool({ name: "deploy", arguments: {} }); } catch (e) { refused = e.name === "ZodError"; if (!refused) throw e; }
await close();
if (calls.length === 2 && calls[1].inputResponses && result?.content?.[0]?.text === "deployed") {
  answer("supported", "the client answered the inputRequests and called the tool again with inputResponses");
} else if (calls.length === 1 && refused) {
  answer("unsupported", "the client rejected the input_required result: CallToolResultSchema does not accept it");
} else if (calls.length === 1 && result) {
  answer("unsupported", "the client returned the input_required result as final, without retrying the call");
} else throw new Error(`unexpected: ${JSON.stringify([calls, result])}`);
