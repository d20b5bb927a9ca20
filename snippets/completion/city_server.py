"""A server with one prompt, one resource template and one completion handler, to watch completion.

Run it:  python city_server.py --transport stdio
         python city_server.py --transport http --port 8767   (127.0.0.1 only)
"""

import argparse

from mcp.server import MCPServer
from mcp_types import Completion, ResourceTemplateReference

mcp = MCPServer("cities", version="1.0.0")
CITIES = ["Lille", "Lisbon", "Lima", "Lyon", "Paris"]
STATIONS = [f"station-{n:03d}" for n in range(1, 151)]  # 150 values: more than one answer may carry


@mcp.prompt(title="Plan a trip")
def plan_trip(city: str) -> str:
    return f"Plan a two-day trip to {city}."


@mcp.resource("weather://forecast/{city}", name="forecast", mime_type="text/plain")
def forecast(city: str) -> str:
    return f"Sunny in {city}."


@mcp.resource("weather://station/{station}", name="station", mime_type="text/plain")
def station(station: str) -> str:
    return f"Readings of {station}."


@mcp.resource("weather://archive/{station}", name="archive", mime_type="text/plain")
def archive(station: str) -> str:
    return f"Archived readings of {station}."


@mcp.completion()
async def complete(ref, argument, context) -> Completion | None:
    if argument.name == "city":  # the same argument, in the prompt and in the template
        return Completion(values=[c for c in CITIES if c.lower().startswith(argument.value.lower())])
    if isinstance(ref, ResourceTemplateReference) and argument.name == "station":
        found = [s for s in STATIONS if s.startswith(argument.value)]
        if ref.uri == "weather://archive/{station}":  # all 150, past the cap
            return Completion(values=found, total=len(found), has_more=False)
        return Completion(values=found[:100], total=len(found), has_more=len(found) > 100)
    return None  # nothing to suggest: the SDK answers with an empty list


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    if args.transport == "stdio":
        mcp.run("stdio")
    else:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
