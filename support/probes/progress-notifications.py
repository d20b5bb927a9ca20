"""progress-notifications: a tool of the SDK's server reports progress against the caller's progressToken, and
the SDK's own client can ask for it on a tool call (both ends, as the Node probe measures)."""

import inspect

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    async def slow(ctx: _mcp.Context) -> str:
        await ctx.report_progress(1, 2)
        await ctx.report_progress(2, 2)
        return "done"

    async with _mcp.connect(server) as client:
        params = {"name": "slow", "arguments": {}, "_meta": {"progressToken": "job-1"}}
        result = await client.call("tools/call", params)
    assert result["content"][0]["text"] == "done", result
    progress = [n["params"] for n in client.notifications if n["method"] == "notifications/progress"]
    if not progress and not _mcp.has_field(_mcp.types.RequestParams, "_meta"):
        return "unsupported", "the SDK's request params model drops _meta, so the server never sees the progressToken"
    assert [(p["progressToken"], p["progress"], p.get("total")) for p in progress] == [("job-1", 1, 2), ("job-1", 2, 2)], progress
    note = "the server sent notifications/progress with the request's progressToken, progress and total"
    from mcp.client.session import ClientSession
    if "progress_callback" not in inspect.signature(ClientSession.call_tool).parameters:
        return "partial", note + "; the SDK's client cannot ask for progress on a tool call (call_tool has no progress_callback)"
    return "supported", note + "; the SDK's client asks for it with call_tool(progress_callback=...)"


_mcp.run(main)
