"""elicitation-url: during a tool call the SDK's server sends the user to a URL (elicitation/create, mode url)."""

import _mcp


async def main():
    from mcp.server.session import ServerSession

    if not hasattr(ServerSession, "elicit_url"):
        return "unsupported", "ServerSession has no elicit_url method"
    server = _mcp.server()

    @server.tool()
    async def connect(ctx: _mcp.Context) -> str:
        result = await ctx.session.elicit_url("Sign in to continue", "https://auth.example/start", "sign-in-1")
        return result.action

    seen = []

    async def user(params):
        seen.append(params)
        return {"action": "accept"}

    async with _mcp.connect(server, capabilities={"elicitation": {"form": {}, "url": {}}}) as client:
        client.on_request["elicitation/create"] = user
        result = await client.call("tools/call", {"name": "connect", "arguments": {}})
    assert seen and seen[0]["mode"] == "url" and seen[0]["url"] == "https://auth.example/start", seen
    assert seen[0]["elicitationId"] == "sign-in-1" and result["content"][0]["text"] == "accept", (seen, result)
    return "supported", "the server sent elicitation/create in url mode with the url and elicitationId and read the answer"


_mcp.run(main)
