// tool-annotations: a tool's annotations (readOnlyHint, destructiveHint…) travel through tools/list from the SDK's
// Server to the SDK's Client, and the SDK's ToolSchema knows the field.
import { types, connect, answer, fields } from "./_sdk.mjs";

const annotations = { title: "Read a memo", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.ListToolsRequestSchema, async () => ({
    tools: [{ name: "read_memo", inputSchema: { type: "object" }, annotations }],
  })),
});
const listed = await client.listTools();
await close();
const got = listed.tools[0]?.annotations;
const known = fields(types.ToolSchema).includes("annotations");
if (known && got?.readOnlyHint === true && got?.destructiveHint === false && got?.openWorldHint === false) {
  answer("supported", "tools/list delivered the tool's annotations and ToolSchema declares them");
} else if (!known) {
  answer("unsupported", got ? "ToolSchema has no annotations field (they only pass through untyped)" : "ToolSchema has no annotations field and tools/list dropped them");
} else throw new Error(`unexpected: ${JSON.stringify(listed)}`);
