"""What mcp.Client keeps, and for how long.  Run: python cache_demo.py auto|legacy [SERVER COMMAND…]

The server runs behind `tee`, which copies its input to WIRE: what the demo prints as having
reached the server is read from that copy, not from the client.
"""

import json
import os
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.caching import CacheConfig

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"
WIRE = Path(os.environ.get("WIRE") or tempfile.mkstemp(suffix=".jsonl")[1])
SERVER = Path(__file__).with_name("hinted_server.py")
COMMAND = sys.argv[2:] or ["bash", "-c", f'tee "{WIRE}" | "{sys.executable}" "{SERVER}"']
now = [1_000_000.0]  # a clock moved by hand, instead of waiting a minute


def reached(since: int = 0) -> list[str]:
    """The requests the server received, from the `since`-th one on."""
    messages = [json.loads(line) for line in WIRE.read_text(encoding="utf-8").splitlines()]
    return [m["method"] for m in messages if "id" in m and "method" in m][since:]


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    async with Client(server, mode=MODE, cache=CacheConfig(clock=lambda: now[0])) as client:
        print(f"== {client.session.protocol_version}")
        for _ in range(2):
            await client.list_tools()
            await client.call_tool("get_forecast", {"city": "Brest"})
            await client.read_resource("weather://me/favourites")
        print("  twice each, at once:   ", ", ".join(reached(1)))
        for seconds, label in ((6, "six seconds later:     "), (60, "a minute later:        ")):
            before, now[0] = len(reached()), now[0] + seconds
            await client.read_resource("weather://me/favourites")
            await client.list_tools()
            print(f"  {label}", ", ".join(reached(before)))


anyio.run(main)
