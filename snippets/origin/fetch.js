// In the page http://127.0.0.1:PORT_A/, call a local MCP server listening on another port.
try {
  const response = await fetch("http://127.0.0.1:PORT_MCP/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Accept": "application/json, text/event-stream",
      "MCP-Protocol-Version": "2026-07-28",
      "Mcp-Method": "prompts/list",
    },
    body: JSON.stringify(promptsList),
  });
  return [response.status, await response.text()];
} catch (error) {
  return [error.name, error.message];
}
// -> ["TypeError", "Failed to fetch"]: the browser stops it; the page reads nothing.
// The same POST sent by a program with "Origin: http://127.0.0.1:PORT_A" gets 200 from mcp 2.3.0;
// with "Origin: https://127.0.0.1:PORT_MCP" or "Origin: http://evil.example" it gets 403 "Invalid Origin header".
