"""protocol-2025-06-18: the SDK's server negotiates the 2025-06-18 revision when a client proposes it in initialize."""

import _mcp


async def main():
    return await _mcp.negotiates("2025-06-18")


_mcp.run(main)
