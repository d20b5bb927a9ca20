"""protocol-2025-03-26: the SDK's server negotiates the 2025-03-26 revision when a client proposes it in initialize."""

import _mcp


async def main():
    return await _mcp.negotiates("2025-03-26")


_mcp.run(main)
