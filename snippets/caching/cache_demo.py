"""What the SDK client keeps, and for how long, under both revisions; the wire is recorded.

Run it:  python cache_demo.py [WIRE_DIR]
`tee` copies each connection's traffic into WIRE_DIR/<revision>.to-server.jsonl and
WIRE_DIR/<revision>.to-client.jsonl; "reached the server" lines are read from those files.
"""

import json
import shlex
import sys
import tempfile
from pathlib import Path

import anyio

from mcp import Client, StdioServerParameters
from mcp.client.caching import CacheConfig

SERVER = Path(__file__).with_name("hinted_server.py")
WIRE = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
WIRE.mkdir(parents=True, exist_ok=True)


def recorded(name: str) -> StdioServerParameters:
    """The server process, with `tee` copying each direction of the pipe to a file."""
    to_server, to_client = (shlex.quote(str(WIRE / f"{name}.{way}.jsonl")) for way in ("to-server", "to-client"))
    command = f"tee {to_server} | {shlex.quote(sys.executable)} {shlex.quote(str(SERVER))} | tee {to_client}"
    return StdioServerParameters(command="bash", args=["-c", command])


def reached(name: str) -> list[str]:
    """The methods of the requests the server has received so far."""
    lines = (WIRE / f"{name}.to-server.jsonl").read_text(encoding="utf-8").splitlines()
    return [message["method"] for message in map(json.loads, lines) if "id" in message and "method" in message]


class Clock:
    """A clock the demo moves forward by hand, instead of waiting a minute."""

    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def main() -> None:
    for mode, name in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
        clock = Clock()
        async with Client(recorded(name), mode=mode, cache=CacheConfig(clock=clock)) as client:
            print(f"== {client.session.protocol_version}")
            await client.list_tools()
            await client.list_tools()
            await client.call_tool("get_forecast", {"city": "Brest"})
            await client.call_tool("get_forecast", {"city": "Brest"})
            await client.read_resource("weather://me/favourites")
            await client.read_resource("weather://me/favourites")
            print("  twice each, at once:  ", ", ".join(reached(name)[1:]))
            before = len(reached(name))
            clock.now += 6
            await client.read_resource("weather://me/favourites")
            await client.list_tools()
            print("  six seconds later:    ", ", ".join(reached(name)[before:]) or "nothing")
            before = len(reached(name))
            clock.now += 60
            await client.list_tools()
            print("  a minute later:       ", ", ".join(reached(name)[before:]) or "nothing")


anyio.run(main)
