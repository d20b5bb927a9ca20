// tools-call: the SDK's Client lists and calls a tool of the SDK's Server (tools/list, tools/call).
import { types, connect, answer } from "./_sdk.mjs";

const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => {
    s.setRequestHandler(types.ListToolsRequestSchema, async () => ({
      tools: [{ name: "echo", description: "Echo a word", inputSchema: { type: "object", properties: { word: { type: "string" } } } }],
    }));
    s.setRequestHandler(types.CallToolRequestSchema, async (req) => ({
      content: [{ type: "text", text: `echo:${req.params.arguments.word}` }],
    }));
  },
});
const listed = await client.listTools();
const called = await client.callTool({ name: "echo", arguments: { word: "hi" } });
await close();
if (listed.tools[0]?.name !== "echo" || called.content[0]?.text !== "echo:hi") throw new Error(`unexpected: ${JSON.stringify([listed, called])}`);
answer("supported", "tools/list listed the tool and tools/call returned its text content");
