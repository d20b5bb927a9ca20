"""initialize-handshake: initialize, its answer (protocolVersion, capabilities, serverInfo), notifications/initialized, then a request."""

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    def noop() -> str:
        return "ok"

    async with _mcp.connect(server, initialize=False) as client:
        answer = await client.initialize()
        tools = (await client.call("tools/list"))["tools"]
    assert answer["serverInfo"]["name"] == "probe" and "tools" in answer["capabilities"], answer
    assert answer["protocolVersion"] in _mcp.HANDSHAKE_REVISIONS, answer
    assert [t["name"] for t in tools] == ["noop"], tools
    return "supported", "initialize answered protocolVersion, capabilities and serverInfo, and the session then served tools/list"


_mcp.run(main)
