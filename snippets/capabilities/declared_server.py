"""A server with one tool, and no prompt or resource, that reports what the client declared to it."""

import json

import mcp_types as types
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

mcp = MCPServer("declared", version="1.0.0")


@mcp.tool()
def declared(ctx: Context) -> str:
    """The client capabilities this request arrived with, and whether the server may ask the user."""
    caps = ctx.session.client_capabilities
    shown = caps.model_dump(by_alias=True, exclude_none=True) if caps else None
    can_ask = ctx.session.check_client_capability(types.ClientCapabilities(elicitation=types.ElicitationCapability()))
    return f"{json.dumps(shown)}, so asking the user is {'possible' if can_ask else 'off'}"


if __name__ == "__main__":
    mcp.run("stdio")
