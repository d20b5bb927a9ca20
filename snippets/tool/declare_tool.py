"""Declaring a tool: a typed function becomes a name, a description and an argument schema."""

import json

import anyio
from mcp import Client
from mcp.server import MCPServer
from mcp_types import ToolAnnotations

server = MCPServer("issues-admin")


@server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True))
def close_issue(repository: str, issue_id: int, reason: str = "completed") -> str:
    """Close an issue in a repository. This changes the repository."""
    return f"closed {repository}#{issue_id} ({reason})"


async def main() -> None:
    async with Client(server) as client:  # in-process: no transport, same declaration
        declaration = (await client.list_tools()).tools[0]
        print(json.dumps(declaration.model_dump(by_alias=True, exclude_none=True), indent=2))


if __name__ == "__main__":
    anyio.run(main)
