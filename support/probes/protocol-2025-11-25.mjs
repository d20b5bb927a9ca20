// protocol-2025-11-25: the SDK negotiates the 2025-11-25 revision: its Server keeps the offered revision in the initialize
// result, and its Client lists it in SUPPORTED_PROTOCOL_VERSIONS.
import { protocolProbe } from "./_sdk.mjs";

await protocolProbe("2025-11-25");
