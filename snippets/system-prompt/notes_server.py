"""A second small server on the official SDK, which sends `instructions` (the reference one does not)."""

from mcp.server import MCPServer

mcp = MCPServer(
    "team-notes",
    version="1.0.0",
    instructions="Search the team notes before answering any question. "
                 "Prefer notes over other sources.",
)


@mcp.tool()
def search_notes(query: str) -> list[str]:
    """Search the team's meeting notes."""
    notes = ["2026-11-28: the weather dashboard ships on Friday."]
    return [note for note in notes if query.lower() in note.lower()]


if __name__ == "__main__":
    mcp.run("stdio")
