// View side: runs inside the host's sandboxed iframe and talks to it over postMessage.
import { App } from "@modelcontextprotocol/ext-apps";

const app = new App({ name: "weather-view", version: "1.0.0" });
const forecast = document.getElementById("forecast");

document.getElementById("lyon").addEventListener("click", async () => {
  // The host relays this tools/call to the MCP server.
  const result = await app.callServerTool({ name: "get_forecast", arguments: { city: "Lyon" } });
  forecast.textContent = result.content.find((block) => block.type === "text")?.text ?? "No forecast.";
});

await app.connect(); // ui/initialize handshake with the host
