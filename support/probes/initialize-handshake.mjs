// initialize-handshake: initialize + notifications/initialized between the SDK's Client and Server: the Client learns
// the Server's info and capabilities, the Server learns the Client's.
import { connect, answer } from "./_sdk.mjs";

const { client, server, sent, close } = await connect({ serverCaps: { tools: {}, logging: {} }, clientCaps: { roots: {} } });
const serverInfo = client.getServerVersion();
const serverCaps = client.getServerCapabilities();
const clientInfo = server.getClientVersion();
const clientCaps = server.getClientCapabilities();
await close();
const methods = sent.map((m) => m.method);
if (methods[0] === "initialize" && methods[1] === "notifications/initialized" && serverInfo?.name === "probe-server"
  && serverCaps?.tools && clientInfo?.name === "probe-client" && clientCaps?.roots) {
  answer("supported", "initialize then notifications/initialized exchanged names, versions and capabilities both ways");
} else throw new Error(`unexpected: ${JSON.stringify([methods, serverInfo, serverCaps, clientInfo, clientCaps])}`);
