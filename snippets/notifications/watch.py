"""A client that follows progress, opts in to logs, listens for changes and cancels a call.

Run it:  python watch.py [WIRE_DIR]
`tee` copies each connection's traffic into WIRE_DIR/<revision>.to-server.jsonl and
WIRE_DIR/<revision>.to-client.jsonl.
"""

import shlex
import sys
import tempfile
from pathlib import Path

import anyio

from mcp import Client, StdioServerParameters

SERVER = Path(__file__).with_name("forecaster_server.py")
WIRE = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
WIRE.mkdir(parents=True, exist_ok=True)


def recorded(name: str) -> StdioServerParameters:
    """The server process, with `tee` copying each direction of the pipe to a file."""
    to_server, to_client = (shlex.quote(str(WIRE / f"{name}.{way}.jsonl")) for way in ("to-server", "to-client"))
    command = f"tee {to_server} | {shlex.quote(sys.executable)} {shlex.quote(str(SERVER))} | tee {to_client}"
    return StdioServerParameters(command="bash", args=["-c", command])


async def progress(done: float, total: float | None, message: str | None) -> None:
    print(f"  progress {done:g}/{total:g}: {message}")


async def log(params) -> None:
    print(f"  log ({params.level}): {params.data}")


async def main() -> None:
    for mode, name in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
        async with Client(recorded(name), mode=mode, logging_callback=log, log_level="info") as client:
            print(f"== {client.session.protocol_version}")
            result = await client.call_tool("forecast_region", {"region": "Brittany"}, progress_callback=progress)
            print(f"  result: {result.content[0].text}")
            if mode == "auto":
                async with client.listen(tools_list_changed=True) as changes:
                    await client.call_tool("add_city_tool", {})
                    with anyio.fail_after(5):
                        event = await anext(aiter(changes))
                    print(f"  change heard on the listen stream: {type(event).__name__}")
            else:
                await client.call_tool("add_city_tool", {})
            print(f"  tools now: {', '.join(tool.name for tool in (await client.list_tools()).tools)}")
            with anyio.move_on_after(0.5):
                await client.call_tool("slow_report", {})
            print("  gave up on slow_report after 0.5 s")
            await anyio.sleep(0.2)  # let the cancellation reach the server before the pipe closes


anyio.run(main)
