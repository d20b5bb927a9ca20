// In a page of Chromium with WebMCP switched on: a tool whose schema asks for a string,
// then a call that sends a number, the way an agent could.
await document.modelContext.registerTool({
  name: "lookup_ticket",
  description: "Look up a support ticket by its reference.",
  inputSchema: {
    type: "object",
    properties: { reference: { type: "string" } },
    required: ["reference"],
  },
  execute: async ({ reference }) => `${typeof reference} ${reference}`,
});
const [tool] = await document.modelContext.getTools();
console.log(await document.modelContext.executeTool(tool, { reference: 42 }));
