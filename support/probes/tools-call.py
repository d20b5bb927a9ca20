"""tools-call: a client calls a tool of the SDK's server (tools/list, then tools/call) and gets its text content."""

import _mcp


async def main():
    server = _mcp.server()

    @server.tool()
    def echo(text: str) -> str:
        """Echo the text back."""
        return f"echo: {text}"

    async with _mcp.connect(server) as client:
        tools = (await client.call("tools/list"))["tools"]
        result = await client.call("tools/call", {"name": "echo", "arguments": {"text": "hi"}})
    assert [t["name"] for t in tools] == ["echo"], tools
    assert result["content"][0] == {"type": "text", "text": "echo: hi"}, result
    return "supported", "tools/list listed the tool and tools/call returned its text content"


_mcp.run(main)
