"""Follow a server's news.  Run: python watch.py auto|legacy [SERVER COMMAND…]"""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"
COMMAND = sys.argv[2:] or [sys.executable, str(Path(__file__).with_name("forecaster_server.py"))]


async def progress(done: float, total: float | None, message: str | None) -> None:
    print(f"  progress {done:g}/{total:g}: {message}")


async def log(params) -> None:
    print(f"  log ({params.level}): {params.data}")


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    async with Client(server, mode=MODE, logging_callback=log, log_level="info") as client:
        print(f"== {client.session.protocol_version}")
        result = await client.call_tool("forecast_region", {"region": "Brittany"}, progress_callback=progress)
        print(f"  result: {result.content[0].text}")
        if MODE == "auto":
            async with client.listen(tools_list_changed=True) as changes:
                await client.call_tool("add_city_tool", {})
                with anyio.fail_after(5):
                    print(f"  heard on the listen stream: {type(await anext(aiter(changes))).__name__}")
        else:
            await client.call_tool("add_city_tool", {})
        print(f"  tools now: {', '.join(tool.name for tool in (await client.list_tools()).tools)}")
        with anyio.move_on_after(2):
            await client.call_tool("slow_report", {})
        print("  gave up on slow_report after 2 s")
        await anyio.sleep(0.5)  # let the cancellation reach the server before the pipe closes


anyio.run(main)
