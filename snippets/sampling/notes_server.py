"""A release-notes server whose tool borrows the client's model to write one line.

Run it:  python notes_server.py        (stdio)
"""

from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver.resolve import Resolve, Sample
from mcp_types import CreateMessageResult, SamplingMessage, TextContent

mcp = MCPServer("release-notes", version="1.0.0")


def ask_model(change: str) -> Sample:
    """The request for a completion: the SDK sends it the way the connection's revision wants."""
    prompt = f"Write one line of release notes for this change: {change}"
    return Sample([SamplingMessage(role="user", content=TextContent(type="text", text=prompt))],
                  max_tokens=60, system_prompt="You write terse release notes.")


@mcp.tool()
def release_note(change: str, line: Annotated[CreateMessageResult, Resolve(ask_model)]) -> str:
    """Turn a change into a line of release notes, written by the client's model."""
    return f"- {line.content.text} (model: {line.model})"


if __name__ == "__main__":
    mcp.run("stdio")
