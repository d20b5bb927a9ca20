"""protocol-2026-07-28: the SDK's server serves a request carrying the 2026-07-28 _meta envelope, with no initialize."""

import _mcp


async def main():
    if "server/discover" not in _mcp.methods(_mcp.types.ClientRequest):
        return await _mcp.negotiates(_mcp.MODERN)  # the SDK predates the revision: an older server counter-offers in initialize
    server = _mcp.server()

    @server.tool()
    def echo(text: str) -> str:
        return f"echo: {text}"

    async with _mcp.connect(server, initialize=False) as client:
        result = await client.call("tools/call", _mcp.envelope({"name": "echo", "arguments": {"text": "hi"}}))
    assert result["content"][0]["text"] == "echo: hi", result
    return "supported", "the server answered a tools/call carrying the 2026-07-28 envelope without initialize"


_mcp.run(main)
