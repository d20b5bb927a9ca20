"""tool-annotations: the SDK's server declares behaviour hints on a tool (annotations in tools/list)."""

import _mcp

HINTS = {"title": "Delete file", "readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False}


async def main():
    if not _mcp.has_field(_mcp.types.Tool, "annotations"):
        return "unsupported", "the SDK's Tool model has no annotations field"

    async def list_tools(params, session):
        return {"tools": [{"name": "delete_file", "inputSchema": {"type": "object"}, "annotations": HINTS}]}

    async with _mcp.connect(_mcp.raw_server({"tools/list": list_tools})) as client:
        tools = (await client.call("tools/list"))["tools"]
    assert tools[0]["annotations"] == HINTS, tools
    return "supported", "tools/list carried the tool's annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)"


_mcp.run(main)
