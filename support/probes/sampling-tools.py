"""sampling-tools: the SDK's server offers tools in sampling/createMessage and reads the model's tool_use answer."""

import inspect

import _mcp

types = _mcp.types
WEATHER = {"name": "get_weather", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}


async def main():
    from mcp.server.session import ServerSession

    if "tools" not in inspect.signature(ServerSession.create_message).parameters:
        return "unsupported", "ServerSession.create_message takes no tools"
    server = _mcp.server()

    @server.tool()
    async def plan(ctx: _mcp.Context) -> str:
        message = types.SamplingMessage(role="user", content=types.TextContent(type="text", text="Weather in Lyon?"))
        result = await ctx.session.create_message(messages=[message], max_tokens=50, tools=[types.Tool.model_validate(WEATHER)])
        blocks = result.content if isinstance(result.content, list) else [result.content]
        return " ".join(f"{block.type}:{getattr(block, 'name', '')}" for block in blocks)

    seen = []

    async def model(params):
        seen.append(params)
        use = {"type": "tool_use", "id": "call-1", "name": "get_weather", "input": {"city": "Lyon"}}
        return {"role": "assistant", "content": [use], "model": "stand-in", "stopReason": "toolUse"}

    async with _mcp.connect(server, capabilities={"sampling": {"tools": {}}}) as client:
        client.on_request["sampling/createMessage"] = model
        result = await client.call("tools/call", {"name": "plan", "arguments": {}})
    assert seen and [t["name"] for t in seen[0]["tools"]] == ["get_weather"], seen
    assert result["content"][0]["text"] == "tool_use:get_weather", result
    return "supported", "sampling/createMessage carried the server's tools and the model's tool_use answer reached the server"


_mcp.run(main)
