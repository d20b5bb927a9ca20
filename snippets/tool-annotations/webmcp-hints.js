// A page registers a tool with WebMCP's hints and MCP's, then reads back what the browser kept.
await document.modelContext.registerTool({
  name: "place_order",
  description: "Order the items in the cart and charge the saved card.",
  inputSchema: { type: "object", properties: {} },
  annotations: {
    readOnlyHint: false,
    consequentialHint: true,
    destructiveHint: true, // an MCP hint: not part of WebMCP
    idempotentHint: false, // likewise
  },
  async execute() {
    return "Order placed.";
  },
});

const [tool] = await document.modelContext.getTools();
console.log(tool.name, JSON.stringify(tool.annotations));
