"""Three tools whose return types the SDK turns into output schemas, one of which breaks its own."""

from typing import TypedDict

from mcp.server import MCPServer


class Forecast(TypedDict):
    city: str
    high_c: int
    conditions: str


mcp = MCPServer("forecasts", version="1.0.0")


@mcp.tool()
def forecast(city: str) -> Forecast:
    """Tomorrow's forecast for a city."""
    return {"city": city, "high_c": 25, "conditions": "rain"}


@mcp.tool()
def highs(city: str) -> list[int]:
    """The next three daily highs, in °C."""
    return [25, 13, 16]


@mcp.tool()
def rushed_forecast(city: str) -> Forecast:
    """A forecast written in a hurry: it forgets a field its own schema requires."""
    return {"city": city, "high_c": 25}  # no "conditions"


if __name__ == "__main__":
    mcp.run("stdio")
