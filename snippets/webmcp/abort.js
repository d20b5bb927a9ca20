// A tool lives as long as its signal: abort() unregisters it (unregisterTool() no longer exists).
const controller = new AbortController();
await document.modelContext.registerTool(
  {
    name: "checkout",
    description: "Pay for the items in the cart.",
    execute: async () => "Order placed.",
  },
  { signal: controller.signal },
);

// Later, when the cart is emptied, the tool goes with it:
controller.abort();
