"""server-discover: with no initialize, the client asks the SDK's server what it supports (server/discover)."""

import _mcp


async def main():
    if "server/discover" not in _mcp.methods(_mcp.types.ClientRequest):
        return "unsupported", "the SDK's client requests have no server/discover"
    async with _mcp.connect(_mcp.server(), initialize=False) as client:
        result = await client.call("server/discover", _mcp.envelope())
    assert _mcp.MODERN in result["supportedVersions"] and "capabilities" in result, result
    assert result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "probe", result
    return "supported", "server/discover answered supportedVersions, capabilities and serverInfo without initialize"


_mcp.run(main)
