"""ping: the SDK's server answers a client's ping with an empty result."""

import _mcp


async def main():
    async with _mcp.connect(_mcp.server()) as client:
        answer = await client.request("ping")
    assert answer.get("result") == {}, answer
    return "supported", "the server answered ping with an empty result"


_mcp.run(main)
