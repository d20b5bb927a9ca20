// Host side: an MCP client for the server, and an AppBridge for the view's iframe.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const host = { name: "lexigraph-host", version: "1.0.0" };
const client = new Client(host);
await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));

// The tool names its view; the view is an HTML resource on the same server.
const { tools } = await client.listTools();
const uri = tools.find((t) => t.name === "get_forecast")._meta.ui.resourceUri;
const { contents: [view] } = await client.readResource({ uri });

// With a client, the bridge forwards the view's tools/call to the server itself.
const iframe = document.getElementById("view"); // <iframe sandbox="allow-scripts">
const bridge = new AppBridge(client, host, { serverTools: {} });
bridge.oninitialized = () => console.log("view initialized:", bridge.getAppVersion().name);
await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
iframe.srcdoc = view.text;
