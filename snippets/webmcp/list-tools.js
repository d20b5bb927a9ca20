// What has this page registered? getTools() answers sorted by name.
const tools = await document.modelContext.getTools();
for (const tool of tools) {
  console.log(tool.name, tool.annotations?.readOnlyHint ?? false, tool.origin);
}
