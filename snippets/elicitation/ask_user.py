"""Answer the tracker's questions as the user would.  Run: python ask_user.py auto|legacy [SERVER COMMAND…]"""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import ElicitResult

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"  # "auto": 2026-07-28; "legacy": the 2025-11-25 handshake
COMMAND = sys.argv[2:] or [sys.executable, str(Path(__file__).with_name("tracker_server.py"))]
ANSWERS = ["high", "decline"]  # what the user picks, one question after the other


async def user(context, params) -> ElicitResult:
    """Stands in for the form a host would show the user."""
    print(f"  server asks the user: {params.message}")
    choice = ANSWERS.pop(0)
    if choice == "decline":
        print("  user declines")
        return ElicitResult(action="decline")
    print(f"  user answers: {choice}")
    return ElicitResult(action="accept", content={"severity": choice})


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    async with Client(server, mode=MODE, elicitation_callback=user) as client:
        print(f"== {client.session.protocol_version}")
        for title in ("Wind rounded to zero", "Typo in the footer"):
            result = await client.call_tool("file_issue", {"title": title})
            print(f"  result, isError={result.is_error}: {result.content[0].text}")


anyio.run(main)
