"""structured-output: a tool declares an outputSchema (tools/list) and returns structuredContent (tools/call)."""

import _mcp

OUTPUT = {"type": "object", "properties": {"celsius": {"type": "number"}}, "required": ["celsius"]}


async def main():
    missing = [f for f, m in (("outputSchema", _mcp.types.Tool), ("structuredContent", _mcp.types.CallToolResult)) if not _mcp.has_field(m, f)]
    if missing:
        return "unsupported", "the SDK's models have no " + " and no ".join(missing) + " field"

    async def list_tools(params, session):
        return {"tools": [{"name": "temperature", "inputSchema": {"type": "object"}, "outputSchema": OUTPUT}]}

    async def call_tool(params, session):
        return {"content": [{"type": "text", "text": '{"celsius": 21.5}'}], "structuredContent": {"celsius": 21.5}}

    async with _mcp.connect(_mcp.raw_server({"tools/list": list_tools, "tools/call": call_tool})) as client:
        tools = (await client.call("tools/list"))["tools"]
        result = await client.call("tools/call", {"name": "temperature", "arguments": {}})
    assert tools[0]["outputSchema"] == OUTPUT, tools
    assert result["structuredContent"] == {"celsius": 21.5}, result
    return "supported", "tools/list carried the outputSchema and tools/call returned structuredContent"


_mcp.run(main)
