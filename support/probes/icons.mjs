// icons: a tool's icons (2025-11-25) travel through tools/list from the SDK's Server to the SDK's Client, and the
// SDK's ToolSchema knows the field.
import { types, connect, answer, fields } from "./_sdk.mjs";

const icons = [{ src: "https://example.com/memo.png", mimeType: "image/png", sizes: ["48x48"] }];
const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.ListToolsRequestSchema, async () => ({
    tools: [{ name: "read_memo", inputSchema: { type: "object" }, icons }],
  })),
});
const listed = await client.listTools();
await close();
const got = listed.tools[0]?.icons;
const known = fields(types.ToolSchema).includes("icons");
if (known && got?.[0]?.src === icons[0].src) {
  answer("supported", "tools/list delivered the tool's icons and ToolSchema declares them");
} else if (!known) {
  answer("unsupported", got ? "ToolSchema has no icons field (they only pass through untyped)" : "ToolSchema has no icons field and tools/list dropped them");
} else throw new Error(`unexpected: ${JSON.stringify(listed)}`);
