"""A server with one slow tool that says how each run ended, to watch cancellation and progress.

Run it:  python report_server.py --transport stdio
         python report_server.py --transport http --port 8766   (127.0.0.1 only)
"""

import argparse

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

mcp = MCPServer("reports", version="1.0.0")
endings: list[str] = []  # one word per slow_report run: finished or stopped


@mcp.tool()
async def slow_report(steps: int, ctx: Context) -> str:
    """Build a report in `steps` one-second steps, reporting progress after each one."""
    try:
        for step in range(1, steps + 1):
            await anyio.sleep(1)
            await ctx.report_progress(step, steps, f"step {step} of {steps}")  # sent only if asked for
    except anyio.get_cancelled_exc_class():
        endings.append("stopped")  # the handler was interrupted: the client's cancellation reached it
        raise
    endings.append("finished")
    return f"report ready after {steps} steps"


@mcp.tool()
def report_endings() -> str:
    """How each slow_report run has ended so far, oldest first."""
    return ", ".join(endings) or "none yet"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    if args.transport == "stdio":
        mcp.run("stdio")
    else:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
