"""elicitation-form: during a tool call the SDK's server asks the user for structured input (elicitation/create, form mode)."""

import _mcp

SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}


async def main():
    from mcp.server.session import ServerSession

    if not hasattr(ServerSession, "elicit"):
        return "unsupported", "ServerSession has no elicit method"
    server = _mcp.server()

    @server.tool()
    async def greet(ctx: _mcp.Context) -> str:
        result = await ctx.session.elicit("Your name?", SCHEMA)
        return f"{result.action}: {result.content['name']}"

    seen = []

    async def user(params):
        seen.append(params)
        return {"action": "accept", "content": {"name": "Ada"}}

    async with _mcp.connect(server, capabilities={"elicitation": {}}) as client:
        client.on_request["elicitation/create"] = user
        result = await client.call("tools/call", {"name": "greet", "arguments": {}})
    assert seen and seen[0]["message"] == "Your name?" and seen[0]["requestedSchema"] == SCHEMA, seen
    assert result["content"][0]["text"] == "accept: Ada", result
    return "supported", "the server sent elicitation/create with a form schema and read the accepted content"


_mcp.run(main)
