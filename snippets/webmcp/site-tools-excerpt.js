(() => {
  const modelContext = document.modelContext;
  if (typeof modelContext?.registerTool !== "function") return; // no WebMCP: do nothing, say nothing

  const lang = document.documentElement.lang === "en" ? "en" : "fr";
  const root = new URL("..", document.currentScript.src); // this script is <root>/assets/webmcp.js
  // …
  let controller;
  function register() {
    controller = new AbortController(); // abort() unregisters both tools
  // …
      modelContext.registerTool({
        name, description, execute: answering(execute),
        inputSchema: { type: "object", properties: { [input]: { type: "string" } }, required: [input] },
        annotations: { readOnlyHint: true },
      }, { signal: controller.signal });
  // …
  register();
  addEventListener("pagehide", () => controller.abort());
  addEventListener("pageshow", (event) => event.persisted && register()); // back from the back/forward cache
