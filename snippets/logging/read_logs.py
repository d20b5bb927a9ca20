"""Show the forecast server's log messages.  Run: python read_logs.py auto|legacy [SERVER COMMAND…]"""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"  # "auto": 2026-07-28; "legacy": the 2025-11-25 handshake
COMMAND = sys.argv[2:] or [sys.executable, str(Path(__file__).with_name("forecast_server.py"))]


async def show(params) -> None:
    """Stands in for the host's log panel."""
    print(f"  log {params.level}: {params.data}")


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    # under 2026-07-28 the level rides each request's _meta; under 2025-11-25 it is set once, below
    async with Client(server, mode=MODE, logging_callback=show, log_level="info") as client:
        print(f"== {client.session.protocol_version}")
        if MODE == "legacy":
            try:
                await client.set_logging_level("info")
            except Exception as error:
                print(f"  logging/setLevel refused: {error}")
        result = await client.call_tool("forecast", {"city": "Brest"})
        print(f"  result: {result.content[0].text}")


anyio.run(main)
