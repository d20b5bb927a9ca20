"""resource-links: a tool result carries a resource_link content block (a URI the client may read later)."""

import _mcp

LINK = {"type": "resource_link", "uri": "file:///project/report.md", "name": "report.md", "mimeType": "text/markdown"}


async def main():
    if not hasattr(_mcp.types, "ResourceLink"):
        return "unsupported", "the SDK's types have no ResourceLink content"

    async def call_tool(params, session):
        return {"content": [{"type": "text", "text": "report written"}, LINK]}

    async with _mcp.connect(_mcp.raw_server({"tools/call": call_tool})) as client:
        result = await client.call("tools/call", {"name": "write_report", "arguments": {}})
    assert result["content"][1] == LINK, result
    return "supported", "tools/call returned a resource_link content block with its uri, name and mimeType"


_mcp.run(main)
