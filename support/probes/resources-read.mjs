// resources-read: the SDK's Client lists and reads a resource of the SDK's Server (resources/list, resources/read).
import { types, connect, answer } from "./_sdk.mjs";

const { client, close } = await connect({
  serverCaps: { resources: {} },
  server: (s) => {
    s.setRequestHandler(types.ListResourcesRequestSchema, async () => ({
      resources: [{ uri: "memo://one", name: "one", mimeType: "text/plain" }],
    }));
    s.setRequestHandler(types.ReadResourceRequestSchema, async (req) => ({
      contents: [{ uri: req.params.uri, mimeType: "text/plain", text: "first memo" }],
    }));
  },
});
const listed = await client.listResources();
const read = await client.readResource({ uri: "memo://one" });
await close();
if (listed.resources[0]?.uri !== "memo://one" || read.contents[0]?.text !== "first memo") throw new Error(`unexpected: ${JSON.stringify([listed, read])}`);
answer("supported", "resources/list listed the resource and resources/read returned its text");
