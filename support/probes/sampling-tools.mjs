// sampling-tools: tools in sampling (2025-11-25): the SDK's Server sends sampling/createMessage with tools and
// toolChoice; the SDK's Client (declaring sampling.tools) sees them and answers with a tool_use block.
import { types, connect, answer, fields } from "./_sdk.mjs";

if (!fields(types.CreateMessageRequestSchema.shape.params).includes("tools")) {
  answer("unsupported", "CreateMessageRequestSchema has no tools parameter");
} else {
  let asked = null;
  const { server, close } = await connect({
    clientCaps: { sampling: { tools: {} } },
    client: (c) => c.setRequestHandler(types.CreateMessageRequestSchema, async (req) => {
      asked = req.params;
      return { model: "probe-model", role: "assistant", stopReason: "toolUse",
        content: { type: "tool_use", id: "call-1", name: "weather", input: { city: "Lyon" } } };
    }),
  });
  let refused = false;
  const r = await server.createMessage({
    messages: [{ role: "user", content: { type: "text", text: "Weather in Lyon?" } }], maxTokens: 50,
    tools: [{ name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }],
    toolChoice: { mode: "auto" },
  }).catch((e) => {
    // The client's own check of its handler's answer, against a result schema without tool_use.
    refused = e.code === -32602 && /Invalid sampling result/.test(e.message) && /tool_use|discriminator/.test(e.message);
    if (!refused) throw e;
    return null;
  });
  await close();
  if (refused && asked?.tools?.[0]?.name === "weather" && asked?.toolChoice?.mode === "auto") {
    answer("partial", "sampling/createMessage carried tools and toolChoice, but the client refused its own tool_use answer");
  } else if (refused || asked?.tools?.[0]?.name !== "weather" || asked?.toolChoice?.mode !== "auto" || [].concat(r.content)[0]?.type !== "tool_use" || [].concat(r.content)[0]?.input?.city !== "Lyon") {
    throw new Error(`unexpected: ${JSON.stringify([asked, r])}`);
  } else answer("supported", "sampling/createMessage carried tools and toolChoice and returned a tool_use block");
}
