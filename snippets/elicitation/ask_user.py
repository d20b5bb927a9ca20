"""A client that answers the tracker's question, under both revisions, and records the wire.

Run it:  python ask_user.py [WIRE_DIR]
Each connection's traffic is copied by `tee` into WIRE_DIR/<revision>.to-server.jsonl and
WIRE_DIR/<revision>.to-client.jsonl (a temporary folder when WIRE_DIR is left out).
"""

import shlex
import sys
import tempfile
from pathlib import Path

import anyio
from mcp_types import ElicitResult

from mcp import Client, StdioServerParameters

SERVER = Path(__file__).with_name("tracker_server.py")
WIRE = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
WIRE.mkdir(parents=True, exist_ok=True)


def recorded(name: str) -> StdioServerParameters:
    """The server process, with `tee` copying each direction of the pipe to a file."""
    to_server, to_client = (shlex.quote(str(WIRE / f"{name}.{way}.jsonl")) for way in ("to-server", "to-client"))
    command = f"tee {to_server} | {shlex.quote(sys.executable)} {shlex.quote(str(SERVER))} | tee {to_client}"
    return StdioServerParameters(command="bash", args=["-c", command])


def user(answers: list[str]):
    """Stands in for the form the host shows the user: picks the next answer, or declines."""

    async def answer(context, params) -> ElicitResult:
        choices = " | ".join(params.requested_schema["properties"]["severity"]["enum"])
        print(f"  server asks the user: {params.message} ({choices})")
        choice = answers.pop(0)
        if choice == "decline":
            print("  user declines")
            return ElicitResult(action="decline")
        print(f"  user answers: {choice}")
        return ElicitResult(action="accept", content={"severity": choice})

    return answer


async def main() -> None:
    for mode, name in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
        async with Client(recorded(name), mode=mode, elicitation_callback=user(["high", "decline"])) as client:
            print(f"== {client.session.protocol_version}")
            for title in ("Wind rounded to zero", "Typo in the footer"):
                result = await client.call_tool("file_issue", {"title": title})
                print(f"  result, isError={result.is_error}: {result.content[0].text}")


anyio.run(main)
