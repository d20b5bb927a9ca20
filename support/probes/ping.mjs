// ping: the SDK's Client pings the SDK's Server and the Server pings the Client; both answer with an empty result.
import { connect, answer } from "./_sdk.mjs";

const { client, server, close } = await connect({ serverCaps: { tools: {} } });
const fromClient = await client.ping();
const fromServer = await server.ping();
await close();
const empty = (r) => r && typeof r === "object" && Object.keys(r).filter((k) => k !== "_meta").length === 0;
if (!empty(fromClient) || !empty(fromServer)) throw new Error(`unexpected: ${JSON.stringify([fromClient, fromServer])}`);
answer("supported", "ping answered with an empty result in both directions");
