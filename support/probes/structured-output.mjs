// structured-output: a tool declares outputSchema (tools/list) and returns structuredContent (tools/call); the SDK's
// Client checks structuredContent against outputSchema (a non-conforming result is refused).
import { types, connect, answer, fields } from "./_sdk.mjs";

const outputSchema = { type: "object", properties: { celsius: { type: "number" } }, required: ["celsius"] };
const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => {
    s.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: [
      { name: "good", inputSchema: { type: "object" }, outputSchema },
      { name: "bad", inputSchema: { type: "object" }, outputSchema },
    ] }));
    s.setRequestHandler(types.CallToolRequestSchema, async (req) => ({
      content: [{ type: "text", text: "{}" }],
      structuredContent: req.params.name === "good" ? { celsius: 21.5 } : { celsius: "warm" },
    }));
  },
});
const known = fields(types.ToolSchema).includes("outputSchema") && fields(types.CallToolResultSchema).includes("structuredContent");
const listed = await client.listTools();
const good = await client.callTool({ name: "good", arguments: {} });
let refused = false;
try { await client.callTool({ name: "bad", arguments: {} }); } catch (e) { refused = /structured|schema|output/i.test(String(e.message)); if (!refused) throw e; }
await close();
if (!known) {
  answer("unsupported", "ToolSchema has no outputSchema or CallToolResultSchema has no structuredContent");
} else if (listed.tools[0]?.outputSchema?.required?.[0] === "celsius" && good.structuredContent?.celsius === 21.5) {
  answer(refused ? "supported" : "partial", refused
    ? "tools/call returned structuredContent and the client refused a result that breaks outputSchema"
    : "tools/call returned structuredContent but the client did not check it against outputSchema");
} else throw new Error(`unexpected: ${JSON.stringify([listed, good])}`);
