// A minimal MCP Apps host for the quiz tool of `lexigraph mcp`: call the tool the way a chat
// host would when the model asks for it (arguments from this page's query string), read the
// view its _meta.ui.resourceUri names, embed it sandboxed, and hand it the input and result.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const query = new URLSearchParams(location.search);
const args = { id: query.get("id"), lang: query.get("lang") };
const host = { name: "lexigraph-test-host", version: "1.0.0" };
const client = new Client(host);
await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));

const { tools } = await client.listTools();
const uri = tools.find((tool) => tool.name === "quiz")._meta.ui.resourceUri;
const { contents: [view] } = await client.readResource({ uri });
const result = await client.callTool({ name: "quiz", arguments: args });

const iframe = document.getElementById("view");
const bridge = new AppBridge(client, host, { serverTools: {} });
bridge.oninitialized = async () => {
  console.log("view initialized:", bridge.getAppVersion().name);
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
};
await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
iframe.srcdoc = view.text;
