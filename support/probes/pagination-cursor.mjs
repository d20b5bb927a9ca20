// pagination-cursor: tools/list answered in two pages; the SDK's Client sends back the server's nextCursor
// (1.x: the caller passes it to a second listTools; 2.x: listTools() without a cursor follows it itself).
import { types, connect, answer } from "./_sdk.mjs";

const cursors = [];
const { client, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.ListToolsRequestSchema, async (req) => {
    const cursor = req.params?.cursor;
    cursors.push(cursor ?? null);
    const tool = (name) => ({ name, inputSchema: { type: "object" } });
    return cursor === "page-2" ? { tools: [tool("second")] } : { tools: [tool("first")], nextCursor: "page-2" };
  }),
});
const first = await client.listTools();
const followed = first.nextCursor === undefined && first.tools.map((t) => t.name).join(",") === "first,second";
const second = followed ? { tools: first.tools.slice(1) } : await client.listTools({ cursor: first.nextCursor });
await close();
if ((!followed && first.nextCursor !== "page-2") || second.tools[0]?.name !== "second" || cursors.join(",") !== ",page-2") {
  throw new Error(`unexpected: ${JSON.stringify([first, second, cursors])}`);
}
answer("supported", "tools/list returned nextCursor and the cursor sent back fetched the second page");
