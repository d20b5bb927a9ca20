"""From a Python signature to a JSON Schema: what the SDK publishes as a tool's inputSchema."""

import json
from typing import Annotated, Literal

import anyio
from mcp import Client
from mcp.server import MCPServer
from pydantic import Field

server = MCPServer("alerts")


@server.tool()
def get_alerts(
    city: str,
    days: Annotated[int, Field(ge=1, le=7, description="How many days ahead")] = 3,
    level: Literal["info", "warning", "severe"] | None = None,
) -> list[str]:
    """Weather alerts for a city, at or above a level."""
    return []


async def main() -> None:
    async with Client(server) as client:  # in memory: the same declaration a remote client receives
        tool = (await client.list_tools()).tools[0]
        print(json.dumps(tool.input_schema, indent=2))


if __name__ == "__main__":
    anyio.run(main)
