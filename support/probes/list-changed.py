"""list-changed: the SDK's server tells the client that its tool list changed (notifications/tools/list_changed)."""

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    async def grow(ctx: _mcp.Context) -> str:
        await ctx.session.send_tool_list_changed()
        return "grown"

    async with _mcp.connect(server) as client:
        await client.call("tools/call", {"name": "grow", "arguments": {}})
        await client.call("ping")
    changed = [n for n in client.notifications if n["method"] == "notifications/tools/list_changed"]
    assert len(changed) == 1, client.notifications
    return "supported", "the server sent notifications/tools/list_changed during a tool call"


_mcp.run(main)
