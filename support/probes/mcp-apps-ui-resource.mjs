// mcp-apps-ui-resource: ext-apps' server helpers register a tool that points at a ui:// resource
// (_meta.ui.resourceUri) and that resource (mime type text/html;profile=mcp-app); an MCP client
// connected in memory lists the tool, lists and reads the resource.
import { answer, sdk } from "./_apps.mjs";

let helpers;
try {
  helpers = await import("@modelcontextprotocol/ext-apps/server");
} catch (error) {
  if (error?.code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
  answer("unsupported", "ext-apps exports no server entry point");
  process.exit(0);
}
const { registerAppTool, registerAppResource, RESOURCE_MIME_TYPE } = helpers;
if (typeof registerAppTool !== "function" || typeof registerAppResource !== "function") {
  answer("unsupported", "ext-apps/server has no registerAppTool or registerAppResource");
  process.exit(0);
}

const { McpServer, Client, InMemoryTransport } = await sdk();
const URI = "ui://probe/view.html";
const server = new McpServer({ name: "probe-server", version: "1.0.0" });
registerAppTool(server, "show_view", { description: "Shows the view.", _meta: { ui: { resourceUri: URI } } },
  async () => ({ content: [{ type: "text", text: "shown" }] }));
registerAppResource(server, "view", URI, { description: "The view." },
  async () => ({ contents: [{ uri: URI, mimeType: RESOURCE_MIME_TYPE, text: "<p>view</p>" }] }));

const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
await server.connect(serverEnd);
const client = new Client({ name: "probe-client", version: "1.0.0" });
await client.connect(clientEnd);
const { tools } = await client.listTools();
const { resources } = await client.listResources();
const read = await client.readResource({ uri: URI });
await client.close();
await server.close();

const tool = tools.find((t) => t.name === "show_view");
const listed = resources.find((r) => r.uri === URI);
const meta = tool?._meta ?? {};
const pointed = meta.ui?.resourceUri === URI;
const legacy = meta["ui/resourceUri"] === URI;
const mime = "text/html;profile=mcp-app";
if (listed === undefined || read.contents[0]?.text !== "<p>view</p>") throw new Error("ui:// resource not served");
if (listed.mimeType !== mime || read.contents[0].mimeType !== mime) {
  answer("partial", "the ui:// resource is served without the text/html;profile=mcp-app mime type");
} else if (!pointed) {
  answer("partial", legacy ? "the tool carries only the legacy _meta[\"ui/resourceUri\"] key" : "the tool lost _meta.ui.resourceUri");
} else {
  answer("supported", "tools/list shows _meta.ui.resourceUri; resources/list and resources/read give the ui:// resource as text/html;profile=mcp-app");
}
