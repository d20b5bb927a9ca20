"""prompts-get: a client lists the SDK server's prompts (prompts/list) and gets one with an argument (prompts/get)."""

import _mcp


async def main():
    server = _mcp.server()

    @server.prompt()
    def review(code: str) -> str:
        """Ask for a code review."""
        return f"Please review: {code}"

    async with _mcp.connect(server) as client:
        listed = (await client.call("prompts/list"))["prompts"]
        got = await client.call("prompts/get", {"name": "review", "arguments": {"code": "x = 1"}})
    assert [p["name"] for p in listed] == ["review"], listed
    message = got["messages"][0]
    assert message["role"] == "user" and message["content"] == {"type": "text", "text": "Please review: x = 1"}, got
    return "supported", "prompts/list listed the prompt and prompts/get returned its message with the argument filled in"


_mcp.run(main)
