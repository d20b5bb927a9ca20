// mcp-apps-app-bridge: an App (the view) connects to an AppBridge (the host) over an in-memory
// transport; the App sends ui/initialize and both ends learn the other's name and capabilities.
import { answer, inMemoryTransport, recordedPair } from "./_apps.mjs";

const appModule = await import("@modelcontextprotocol/ext-apps");
let bridgeModule;
try {
  bridgeModule = await import("@modelcontextprotocol/ext-apps/app-bridge");
} catch (error) {
  if (error?.code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
  answer("unsupported", "ext-apps exports no app-bridge entry point");
  process.exit(0);
}
const { App } = appModule;
const { AppBridge } = bridgeModule;
if (typeof App !== "function" || typeof AppBridge !== "function") {
  answer("unsupported", "ext-apps has no App or AppBridge class");
  process.exit(0);
}

const InMemoryTransport = await inMemoryTransport();
const { a: appEnd, b: hostEnd, seen } = recordedPair(InMemoryTransport);
const bridge = new AppBridge(null, { name: "probe-host", version: "1.0.0" }, { openLinks: {} });
const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
await bridge.connect(hostEnd);
const app = new App({ name: "probe-app", version: "1.0.0" }, {}, { autoResize: false }); // no DOM in node
await app.connect(appEnd);
await initialized;

const host = app.getHostVersion()?.name;
const view = bridge.getAppVersion()?.name;
const caps = app.getHostCapabilities();
await app.close();
await bridge.close();
if (!seen.includes("ui/initialize")) throw new Error(`no ui/initialize on the wire: ${seen.join(", ")}`);
if (host !== "probe-host" || view !== "probe-app") throw new Error(`names not exchanged: ${host} ${view}`);
if (caps?.openLinks === undefined) {
  answer("partial", "ui/initialize exchanged names but the host capabilities did not reach the app");
} else {
  answer("supported", "App sent ui/initialize to AppBridge and received the host's name and capabilities");
}
