"""roots-list: during a tool call the SDK's server asks the client for its roots (roots/list)."""

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    async def where(ctx: _mcp.Context) -> str:
        result = await ctx.session.list_roots()
        return " ".join(str(root.uri) for root in result.roots)

    async def roots(params):
        return {"roots": [{"uri": "file:///srv/project", "name": "project"}]}

    async with _mcp.connect(server, capabilities={"roots": {"listChanged": True}}) as client:
        client.on_request["roots/list"] = roots
        result = await client.call("tools/call", {"name": "where", "arguments": {}})
    assert result["content"][0]["text"] == "file:///srv/project", result
    return "supported", "the server sent roots/list during a tool call and read the client's roots"


_mcp.run(main)
