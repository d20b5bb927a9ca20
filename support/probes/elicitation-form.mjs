// elicitation-form: the SDK's Server asks the SDK's Client for form input (elicitation/create with requestedSchema).
import { types, connect, answer } from "./_sdk.mjs";

if (!types.ElicitRequestSchema) {
  answer("unsupported", "types.js has no ElicitRequestSchema");
} else {
  let asked = null;
  const { server, close } = await connect({
    clientCaps: { elicitation: {} },
    client: (c) => c.setRequestHandler(types.ElicitRequestSchema, async (req) => {
      asked = req.params;
      return { action: "accept", content: { city: "Lyon" } };
    }),
  });
  const r = await server.elicitInput({
    message: "Which city?",
    requestedSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  });
  await close();
  if (r.action !== "accept" || r.content?.city !== "Lyon" || asked?.requestedSchema?.properties?.city?.type !== "string") {
    throw new Error(`unexpected: ${JSON.stringify([asked, r])}`);
  }
  answer("supported", "elicitation/create carried the form schema and returned the accepted content");
}
