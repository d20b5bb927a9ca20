"""The same client code, two servers: it asks server/discover first and falls back to initialize."""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

HERE = Path(__file__).resolve().parent
SERVERS = {
    "reference server (mcp 2.3)": HERE.parent / "server" / "weather_server.py",
    "old server (2025-11-25)": HERE / "old_server.py",
}


async def connect(label: str, script: Path) -> None:
    server = StdioServerParameters(command=sys.executable, args=[str(script)])
    async with Client(server, mode="auto") as client:  # "auto" is the default, written out here
        era = "discover" if client.session.discover_result else "initialize"
        tools = [tool.name for tool in (await client.list_tools()).tools]
        print(f"{label}: {era}, protocol {client.protocol_version}, "
              f"server {client.server_info.name} {client.server_info.version}, tools {tools}", flush=True)


async def main() -> None:
    for label, script in SERVERS.items():
        await connect(label, script)


if __name__ == "__main__":
    anyio.run(main)
