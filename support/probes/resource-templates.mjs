// resource-templates: the SDK's Client lists the SDK's Server's URI templates (resources/templates/list) and reads
// a URI built from one.
import { types, connect, answer } from "./_sdk.mjs";

const { client, close } = await connect({
  serverCaps: { resources: {} },
  server: (s) => {
    s.setRequestHandler(types.ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: [{ uriTemplate: "memo://{id}", name: "memo", mimeType: "text/plain" }],
    }));
    s.setRequestHandler(types.ReadResourceRequestSchema, async (req) => ({
      contents: [{ uri: req.params.uri, text: `memo ${req.params.uri.slice("memo://".length)}` }],
    }));
  },
});
const listed = await client.listResourceTemplates();
const template = listed.resourceTemplates[0]?.uriTemplate;
const read = await client.readResource({ uri: String(template).replace("{id}", "7") });
await close();
if (template !== "memo://{id}" || read.contents[0]?.text !== "memo 7") throw new Error(`unexpected: ${JSON.stringify([listed, read])}`);
answer("supported", "resources/templates/list returned the URI template and a URI built from it was read");
