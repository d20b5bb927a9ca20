"""protocol-2025-11-25: the SDK's server negotiates the 2025-11-25 revision when a client proposes it in initialize."""

import _mcp


async def main():
    return await _mcp.negotiates("2025-11-25")


_mcp.run(main)
