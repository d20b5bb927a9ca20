"""A host's approval policy: read the reference server's tool annotations over stdio, and
believe them only for a server the user has decided to trust."""

import sys
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

SERVER = StdioServerParameters(
    command=sys.executable,
    args=[str(Path(__file__).parents[1] / "server" / "weather_server.py"), "--transport", "stdio"],
)
# What the specification says to assume when a hint is absent: the worst case.
DEFAULTS = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": True}


def effective_hints(annotations, trusted: bool) -> dict:
    """The hints the host acts on: the server's claims if trusted, else the defaults alone."""
    claimed = annotations.model_dump(by_alias=True, exclude_none=True) if annotations and trusted else {}
    return {key: claimed.get(key, default) for key, default in DEFAULTS.items()}


def decision(hints: dict) -> str:
    if hints["readOnlyHint"]:
        return "run"
    return "ask the user" if hints["destructiveHint"] else "run, and log it"


async def main() -> None:
    async with Client(SERVER) as client:
        tools = (await client.list_tools()).tools
        for trusted in (True, False):
            print(f"server '{client.server_info.name}', trusted: {'yes' if trusted else 'no'}")
            for tool in tools:
                print(f"  {tool.name:<14} {decision(effective_hints(tool.annotations, trusted))}")


if __name__ == "__main__":
    anyio.run(main)
