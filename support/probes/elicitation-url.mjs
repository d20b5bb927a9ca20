// elicitation-url: URL-mode elicitation (2025-11-25): the SDK's Server sends elicitation/create with mode "url", the
// SDK's Client (declaring elicitation.url) accepts, then the Server sends notifications/elicitation/complete.
import { types, connect, answer, within } from "./_sdk.mjs";

if (!types.ElicitRequestURLParamsSchema || !types.ElicitationCompleteNotificationSchema) {
  answer("unsupported", types.ElicitRequestSchema
    ? "types.js has ElicitRequestSchema but no URL mode (ElicitRequestURLParamsSchema)"
    : "types.js has no ElicitRequestSchema");
} else {
  let asked = null;
  let complete;
  const completed = new Promise((resolve) => { complete = resolve; });
  const { server, close } = await connect({
    clientCaps: { elicitation: { url: {} } },
    client: (c) => {
      c.setRequestHandler(types.ElicitRequestSchema, async (req) => { asked = req.params; return { action: "accept" }; });
      c.setNotificationHandler(types.ElicitationCompleteNotificationSchema, (n) => complete(n.params.elicitationId));
    },
  });
  const r = await server.elicitInput({ mode: "url", message: "Sign in to continue", url: "https://example.com/login", elicitationId: "probe-1" });
  await server.createElicitationCompletionNotifier("probe-1")();
  const done = await within(completed, "notifications/elicitation/complete");
  await close();
  if (asked?.mode !== "url" || asked?.url !== "https://example.com/login" || r.action !== "accept" || done !== "probe-1") {
    throw new Error(`unexpected: ${JSON.stringify([asked, r, done])}`);
  }
  answer("supported", "elicitation/create in url mode was accepted and notifications/elicitation/complete followed");
}
