// Call a tool the way an agent would: the tool object, then an input *object*.
const tools = await document.modelContext.getTools();
const lookup = tools.find((tool) => tool.name === "lookup_ticket");
const result = await document.modelContext.executeTool(lookup, { reference: "INC-004417" });
console.log(result); // always a string
