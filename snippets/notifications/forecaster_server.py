"""A server that reports progress, logs, announces a new tool and can be interrupted.

Run it:  python forecaster_server.py        (stdio)
"""

import warnings

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

mcp = MCPServer("forecaster", version="1.0.0")
warnings.filterwarnings("ignore", message="The logging capability is deprecated")


@mcp.tool()
async def forecast_region(region: str, ctx: Context) -> str:
    """Forecast every city of a region, reporting progress as it goes."""
    cities = ["Brest", "Quimper", "Rennes"]
    for done, city in enumerate(cities, start=1):
        await ctx.report_progress(done, len(cities), f"{city} done")  # sent only if the request asked for it
    await ctx.info(f"{len(cities)} cities forecast")  # logging: deprecated in 2026-07-28, still served
    return f"{region}: {len(cities)} cities forecast"


@mcp.tool()
async def add_city_tool(ctx: Context) -> str:
    """Register one more tool, then say that the list changed."""
    mcp.add_tool(lambda: "Lorient: wind", name="forecast_lorient", description="Forecast for Lorient.")
    if ctx.protocol_version == "2025-11-25":
        await ctx.session.send_tool_list_changed()  # to the connected client, asked for or not
    else:
        await ctx.notify_tools_changed()  # only to subscriptions/listen streams that asked for it
    return "added forecast_lorient"


@mcp.tool()
async def slow_report(ctx: Context) -> str:
    """A long job, for the client to give up on."""
    await anyio.sleep(30)
    return "report ready"


if __name__ == "__main__":
    mcp.run("stdio")
