"""Tell the files server which folders the user opened.  Run: python open_folders.py auto|legacy [SERVER COMMAND…]"""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import ListRootsResult, Root

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"  # "auto": 2026-07-28; "legacy": the 2025-11-25 handshake
COMMAND = sys.argv[2:] or [sys.executable, str(Path(__file__).with_name("files_server.py"))]


async def folders(context) -> ListRootsResult:
    """Stands in for the host's workspace: the folders the user opened."""
    print("  server asks for the roots")
    return ListRootsResult(roots=[Root(uri="file:///home/ada/forecast", name="Forecast"),
                                  Root(uri="file:///home/ada/notes", name="Notes")])


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    async with Client(server, mode=MODE, list_roots_callback=folders) as client:
        print(f"== {client.session.protocol_version}")
        result = await client.call_tool("where_to_look", {})
        print(f"  where_to_look: {result.content[0].text}")
        result = await client.call_tool("where_to_look_in", {"directory": "/home/ada/forecast"})
        print(f"  where_to_look_in: {result.content[0].text}")


anyio.run(main)
