// cancellation: aborting a request in the SDK's Client puts notifications/cancelled on the wire, and the SDK's
// Server aborts the running handler's signal (2.x: ctx.mcpReq.signal) when it receives notifications/cancelled.
import { types, connect, answer, within, settle } from "./_sdk.mjs";

let started;
const running = new Promise((resolve) => { started = resolve; });
let aborted = 0;
const { client, sent, close } = await connect({
  serverCaps: { tools: {} },
  server: (s) => s.setRequestHandler(types.CallToolRequestSchema, (req, extra) => new Promise((resolve) => {
    (extra.signal ?? extra.mcpReq.signal).addEventListener("abort", () => { aborted += 1; resolve({ content: [] }); });
    started();
  })),
});
const call = async () => {
  const controller = new AbortController();
  const pending = client.request({ method: "tools/call", params: { name: "slow", arguments: {} } }, types.CallToolResultSchema, { signal: controller.signal });
  await within(running, "the tool handler");
  controller.abort("probe cancels");
  try { await within(pending, "the cancelled call"); } catch (e) { if (String(e.message).startsWith("timed out")) throw e; return; }
  throw new Error("the aborted call resolved");
};
await call();
await settle();
const request = sent.find((m) => m.method === "tools/call");
const cancel = sent.find((m) => m.id === undefined && m.params?.requestId === request.id);
if (!cancel) throw new Error("no cancellation message on the wire");
if (cancel.method === "notifications/cancelled" && aborted === 1) {
  answer("supported", "the aborted call sent notifications/cancelled and the server aborted the handler's signal");
} else if (cancel.method !== "notifications/cancelled" && aborted === 0) {
  // Check the server side alone with the spec's own message.
  await client.notification({ method: "notifications/cancelled", params: { requestId: request.id, reason: "probe" } });
  await settle();
  if (aborted !== 1) throw new Error("the server ignored notifications/cancelled");
  answer("partial", `the client sent its cancellation as method ${cancel.method}, not notifications/cancelled; the server honours notifications/cancelled`);
} else throw new Error(`unexpected: ${JSON.stringify([cancel, aborted])}`);
await close();
