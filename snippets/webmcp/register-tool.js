// The entry point is document.modelContext (navigator.modelContext is gone): test before use.
if (typeof document.modelContext?.registerTool === "function") {
  await document.modelContext.registerTool({
    name: "lookup_ticket",
    description: "Look up a support ticket by its reference; returns its status and owner.",
    inputSchema: {
      type: "object",
      properties: {
        reference: { type: "string", description: "Ticket reference, e.g. INC-004417" },
      },
      required: ["reference"],
    },
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async execute({ reference }, { signal }) {
      const response = await fetch(`/api/tickets/${encodeURIComponent(reference)}.json`, { signal });
      if (!response.ok) return `No ticket ${reference}.`;
      const ticket = await response.json();
      return `${ticket.reference}: ${ticket.status}, owner ${ticket.owner}.`;
    },
  });
}
