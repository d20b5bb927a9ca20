"""pagination-cursor: tools/list in pages; the client's cursor reaches the SDK server's handler and nextCursor comes back."""

import _mcp

PAGES = {"": (["alpha", "beta"], "page-2"), "page-2": (["gamma"], None)}


async def main():
    cursors = []

    async def list_tools(params, session):
        cursors.append(params.get("cursor", ""))
        names, following = PAGES[params.get("cursor", "")]
        tools = [{"name": n, "inputSchema": {"type": "object"}} for n in names]
        return {"tools": tools, **({"nextCursor": following} if following else {})}

    async with _mcp.connect(_mcp.raw_server({"tools/list": list_tools})) as client:
        first = await client.call("tools/list")
        second = await client.call("tools/list", {"cursor": first["nextCursor"]})
    assert [t["name"] for t in first["tools"]] == ["alpha", "beta"] and first["nextCursor"] == "page-2", first
    if cursors == ["", ""]:
        return "partial", "nextCursor reached the client but the SDK's request model dropped params.cursor before the server's handler"
    assert cursors == ["", "page-2"], cursors
    assert [t["name"] for t in second["tools"]] == ["gamma"] and "nextCursor" not in second, second
    return "supported", "tools/list returned nextCursor and the next request's cursor reached the server's handler"


_mcp.run(main)
