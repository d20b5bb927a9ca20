"""logging-message: during a tool call the SDK's server sends a log entry to the client (notifications/message)."""

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    async def work(ctx: _mcp.Context) -> str:
        await ctx.session.send_log_message(level="warning", data="disk almost full", logger="probe")
        return "done"

    async with _mcp.connect(server) as client:
        result = await client.call("tools/call", {"name": "work", "arguments": {}})
    assert result["content"][0]["text"] == "done", result
    logs = [n["params"] for n in client.notifications if n["method"] == "notifications/message"]
    assert logs == [{"level": "warning", "data": "disk almost full", "logger": "probe"}], client.notifications
    return "supported", "the server sent notifications/message with level, logger and data during a tool call"


_mcp.run(main)
