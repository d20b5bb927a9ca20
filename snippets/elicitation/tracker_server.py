"""An issue tracker whose tool asks the user a question before it files anything.

Run it:  python tracker_server.py        (stdio)
"""

from typing import Annotated, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.resolve import Elicit, Resolve
from pydantic import BaseModel

mcp = MCPServer("tracker", version="1.0.0")


class Severity(BaseModel):
    severity: Literal["low", "high"]


def ask_severity(title: str) -> Elicit[Severity]:
    """The question: the SDK sends it the way the connection's revision wants."""
    return Elicit(f"How severe is “{title}”?", Severity)


@mcp.tool()
def file_issue(title: str, answer: Annotated[Severity, Resolve(ask_severity)]) -> str:
    """File an issue in the tracker; the severity is asked of the user, not of the model."""
    return f"Filed “{title}” as {answer.severity}"


if __name__ == "__main__":
    mcp.run("stdio")
