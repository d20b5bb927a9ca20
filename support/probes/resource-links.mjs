// resource-links: a tool result carries a resource_link content block, from the SDK's Server to the SDK's Client.
import { types, connect, answer, parse } from "./_sdk.mjs";

const link = { type: "resource_link", uri: "memo://7", name: "memo 7", mimeType: "text/plain" };
const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "see" }, link] })),
});
let result = null;
let error = null;
try { result = await client.callTool({ name: "find", arguments: {} }); } catch (e) { error = e; }
await close();
const own = parse(types.CallToolResultSchema, { content: [link] });
if (result && result.content[1]?.type === "resource_link" && result.content[1]?.uri === "memo://7" && own.ok) {
  answer("supported", "tools/call delivered a resource_link content block");
} else if (error?.name === "ZodError" && !own.ok) {
  answer("unsupported", "the client rejected the resource_link content block (CallToolResultSchema does not accept it)");
} else throw error ?? new Error(`unexpected: ${JSON.stringify(result)}`);
