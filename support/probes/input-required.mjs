// input-required: multi round-trip requests (2026-07-28): the server answers tools/call with
// resultType "input_required" and inputRequests; a client implementing it asks and calls the tool again with
// inputResponses. The SDK's Server returns such a result; does the SDK's Client retry? Connected with version
// negotiation where the SDK has it (2.x: the 2026-07-28 era through serveStdio; the handler reads the answers from
// ctx.mcpReq.inputResponses; on 1.x the option does nothing: initialize as always).
import { types, connect, answer } from "./_sdk.mjs";

const calls = [];
const { client, sent, close } = await connect({
  serverCaps: { tools: {} },
  clientCaps: { elicitation: {} },
  modern: true,
  server: (s) => s.setRequestHandler(types.CallToolRequestSchema, async (req, extra) => {
    calls.push(req.params);
    if (req.params.inputResponses ?? extra?.mcpReq?.inputResponses) return { content: [{ type: "text", text: "deployed" }] };
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
const retried = sent.filter((m) => m.method === "tools/call");
if (calls.length === 2 && retried.length === 2 && retried[1].params.inputResponses?.env?.content?.env === "prod" && result?.content?.[0]?.text === "deployed") {
  answer("supported", "the client answered the inputRequests and called the tool again with inputResponses");
} else if (calls.length === 1 && refused) {
  answer("unsupported", "the client rejected the input_required result: CallToolResultSchema does not accept it");
} else if (calls.length === 1 && result) {
  answer("unsupported", "the client returned the input_required result as final, without retrying the call");
} else throw new Error(`unexpected: ${JSON.stringify([calls, result])}`);
