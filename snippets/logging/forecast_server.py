"""A forecast server that reports what it does, over MCP and on stderr.

Run it:  python forecast_server.py        (stdio)
"""

import sys

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

mcp = MCPServer("forecast", version="1.0.0")


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    """Tomorrow's forecast for a city."""
    await ctx.debug(f"cache miss for {city}")
    await ctx.info(f"fetching {city} from the weather service")
    print(f"forecast: fetched {city}", file=sys.stderr)  # the way that replaces it: stderr, for the host's logs
    return f"{city}: 14 °C, light rain"


if __name__ == "__main__":
    mcp.run("stdio")
