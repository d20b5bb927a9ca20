"""completion: a client asks the SDK's server to complete a prompt argument (completion/complete)."""

import _mcp


async def main():
    if "completion/complete" not in _mcp.methods(_mcp.types.ClientRequest):
        return "unsupported", "the SDK's client requests have no completion/complete"
    seen = []

    async def complete(params, session):
        seen.append(params)
        prefix = params["argument"]["value"]
        values = [city for city in ("Paris", "Parma", "Lyon") if city.startswith(prefix)]
        return {"completion": {"values": values, "total": len(values), "hasMore": False}}

    async with _mcp.connect(_mcp.raw_server({"completion/complete": complete})) as client:
        params = {"ref": {"type": "ref/prompt", "name": "trip"}, "argument": {"name": "city", "value": "Par"}}
        result = await client.call("completion/complete", params)
    assert seen and seen[0]["ref"] == {"type": "ref/prompt", "name": "trip"}, seen
    assert result["completion"] == {"values": ["Paris", "Parma"], "total": 2, "hasMore": False}, result
    declared = "completions" in client.init["capabilities"]
    return "supported", "completion/complete returned the values" + (" and the server declared completions" if declared else "")


_mcp.run(main)
