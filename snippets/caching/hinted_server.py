"""A weather server that tells clients how long they may keep its answers.

Run it:  python hinted_server.py        (stdio)
"""

from mcp.server import CacheHint, MCPServer

mcp = MCPServer(
    "weather-cached",
    version="1.0.0",
    cache_hints={
        "tools/list": CacheHint(ttl_ms=60_000, scope="public"),  # the same list for every caller, for a minute
        "resources/read": CacheHint(ttl_ms=5_000, scope="private"),  # this caller's data, for five seconds
    },
)


@mcp.tool()
def get_forecast(city: str) -> str:
    """Three-day forecast for a city (demo data)."""
    return f"Forecast for {city}: sunny, cloudy, rain"


@mcp.resource("weather://me/favourites", name="favourites", mime_type="text/plain")
def favourites() -> str:
    """The caller's favourite cities."""
    return "Brest, Lyon"


if __name__ == "__main__":
    mcp.run("stdio")
