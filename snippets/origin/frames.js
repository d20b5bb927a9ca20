// In the page http://127.0.0.1:PORT_A/, embed frame.html from `frameOrigin`, then list the tools.
const frame = document.createElement("iframe");
frame.src = frameOrigin + "/frame.html";
const said = new Promise((resolve, reject) => {
  addEventListener("message", (event) => resolve(event.data), { once: true });
  setTimeout(() => reject(new Error("no message from the frame in 10 s")), 10000);
});
document.body.append(frame);
const message = await said;
const tools = await document.modelContext.getTools();
return [message, tools.map((tool) => [tool.name, tool.origin])];
// frameOrigin = "http://127.0.0.1:PORT_A" (the page's own) -> ["registered", [["frame_tool", "http://127.0.0.1:PORT_A"]]]
// frameOrigin = "http://127.0.0.1:PORT_B" (another port)   -> ["error: NotAllowedError", []]
