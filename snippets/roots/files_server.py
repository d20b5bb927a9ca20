"""A files server that works on the user's project folders.

Run it:  python files_server.py        (stdio)
"""

from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver.resolve import ListRoots, Resolve
from mcp_types import ListRootsResult

mcp = MCPServer("files", version="1.0.0")


def ask_roots() -> ListRoots:
    """The old way: ask the client which folders the user opened (deprecated since 2026-07-28)."""
    return ListRoots()


@mcp.tool()
def where_to_look(roots: Annotated[ListRootsResult, Resolve(ask_roots)]) -> str:
    """Say which folders the search would cover, as the client listed them."""
    return "; ".join(f"{root.name}: {root.uri}" for root in roots.roots)


@mcp.tool()
def where_to_look_in(directory: str) -> str:
    """The way that replaces it: the folder is an argument of the tool, like any other."""
    return f"searching {directory}"


if __name__ == "__main__":
    mcp.run("stdio")
