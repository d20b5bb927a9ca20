"""icons: a tool declares icons (tools/list) that reach the client."""

import _mcp

ICONS = [{"src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"]}]


async def main():
    if not _mcp.has_field(_mcp.types.Tool, "icons"):
        return "unsupported", "the SDK's Tool model has no icons field"

    async def list_tools(params, session):
        return {"tools": [{"name": "draw", "inputSchema": {"type": "object"}, "icons": ICONS}]}

    async with _mcp.connect(_mcp.raw_server({"tools/list": list_tools})) as client:
        tools = (await client.call("tools/list"))["tools"]
    assert tools[0]["icons"] == ICONS, tools
    return "supported", "tools/list carried the tool's icons (src, mimeType, sizes)"


_mcp.run(main)
