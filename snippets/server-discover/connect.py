"""Connect the SDK's client, in its default mode, to a 2026-07-28 server and to an older one.

Run it:  python connect.py
"""

import sys
import tempfile
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parent / "server" / "weather_server.py"


async def connect(name: str, args: list[str]) -> None:
    server = StdioServerParameters(command=sys.executable, args=args)
    async with Client(server) as client:  # mode="auto", the default
        session = client.session
        era = "discover" if session.discover_result is not None else "initialize"
        tools = await client.list_tools()
        print(f"{name}: connected by {era}, protocol {client.protocol_version}, "
              f"{len(tools.tools)} tool(s) listed")


async def main() -> None:
    await connect("weather (mcp 2.3.0)", [str(REFERENCE), "--transport", "stdio"])
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "methods.log"
        await connect("old-weather (stand-in)", [str(HERE / "legacy_server.py"), str(log)])
        print("old-weather received, in order:", ", ".join(log.read_text(encoding="utf-8").split()))


anyio.run(main)
