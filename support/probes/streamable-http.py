"""streamable-http: the SDK's server as a Streamable HTTP app: initialize, a session id, then tools/call, each a POST."""

import _mcp

INIT = {"protocolVersion": _mcp.HANDSHAKE, "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}


async def main():
    server = _mcp.server()
    if not hasattr(server, "streamable_http_app"):
        return "unsupported", "the SDK's server has no streamable_http_app"

    @server.tool()
    def echo(text: str) -> str:
        return f"echo: {text}"

    async with _mcp.asgi(server.streamable_http_app()) as http:
        status, headers, answers = await http.post("/mcp", {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INIT})
        assert status == 200 and answers[0]["result"]["serverInfo"]["name"] == "probe", (status, answers)
        session = {"mcp-session-id": headers["mcp-session-id"], "mcp-protocol-version": answers[0]["result"]["protocolVersion"]}
        status, _, _ = await http.post("/mcp", {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
        assert status == 202, status
        call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}}
        status, _, answers = await http.post("/mcp", call, session)
    assert status == 200 and answers[-1]["result"]["content"][0]["text"] == "echo: hi", (status, answers)
    return "supported", "initialize, notifications/initialized and tools/call went as POSTs on one Mcp-Session-Id"


_mcp.run(main)
