"""subscriptions-listen: a 2026-07-28 client listens (subscriptions/listen); the SDK's server acknowledges and sends the update."""

import _mcp

URI = "note://today"


async def main():
    if "subscriptions/listen" not in _mcp.methods(_mcp.types.ClientRequest):
        return "unsupported", "the SDK's client requests have no subscriptions/listen"
    server = _mcp.server()

    @server.resource(URI)
    def today() -> str:
        return "nothing yet"

    @server.tool()
    async def edit(ctx: _mcp.Context) -> str:
        await ctx.notify_resource_updated(URI)
        return "saved"

    async with _mcp.connect(server, initialize=False) as client:
        await client.start("subscriptions/listen", _mcp.envelope({"notifications": {"resourceSubscriptions": [URI]}}))
        await client.call("tools/call", _mcp.envelope({"name": "edit", "arguments": {}}))
        await client.call("tools/list", _mcp.envelope())
    methods = [n["method"] for n in client.notifications]
    assert "notifications/subscriptions/acknowledged" in methods, client.notifications
    updated = [n["params"]["uri"] for n in client.notifications if n["method"] == "notifications/resources/updated"]
    assert updated == [URI], client.notifications
    return "supported", "subscriptions/listen was acknowledged and the server sent notifications/resources/updated on it"


_mcp.run(main)
