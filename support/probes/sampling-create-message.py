"""sampling-create-message: during a tool call the SDK's server asks the client's model (sampling/createMessage)."""

import _mcp

types = _mcp.types


async def main():
    server = _mcp.server()

    @server.tool()
    async def ask(question: str, ctx: _mcp.Context) -> str:
        message = types.SamplingMessage(role="user", content=types.TextContent(type="text", text=question))
        result = await ctx.session.create_message(messages=[message], max_tokens=20)
        return result.content.text

    seen = []

    async def model(params):
        seen.append(params)
        return {"role": "assistant", "content": {"type": "text", "text": "forty-two"}, "model": "stand-in"}

    async with _mcp.connect(server, capabilities={"sampling": {}}) as client:
        client.on_request["sampling/createMessage"] = model
        result = await client.call("tools/call", {"name": "ask", "arguments": {"question": "The answer?"}})
    assert seen and seen[0]["messages"][0]["content"]["text"] == "The answer?" and seen[0]["maxTokens"] == 20, seen
    assert result["content"][0]["text"] == "forty-two", result
    return "supported", "the server sent sampling/createMessage during a tool call and used the client's answer"


_mcp.run(main)
