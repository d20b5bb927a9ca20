"""A server with one note, readable as a resource, and a tool that rewrites it, to watch subscriptions.

At 2026-07-28 a client listens with `subscriptions/listen`; at 2025-11-25 it calls `resources/subscribe`.
Run it:  python notes_server.py --transport stdio
         python notes_server.py --transport http --port 8767   (127.0.0.1 only)
"""

import argparse

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp_types import EmptyResult, SubscribeRequestParams

NOTE = "note://today"
mcp = MCPServer("notes", version="1.0.0")
note = {"text": "nothing yet"}
subscribed: set[str] = set()  # URIs a 2025-11-25 client subscribed to with resources/subscribe


@mcp.resource(NOTE)
def today() -> str:
    """Today's note."""
    return note["text"]


@mcp.tool()
async def edit_note(text: str, ctx: Context) -> str:
    """Rewrite today's note and tell whoever follows it."""
    note["text"] = text
    await ctx.notify_resource_updated(NOTE)  # 2026-07-28: to every subscriptions/listen stream that asked for it
    if NOTE in subscribed:
        await ctx.request_context.session.send_resource_updated(NOTE)  # 2025-11-25: on the session
    return "saved"


async def subscribe(ctx, params) -> EmptyResult:
    """2025-11-25 only: `resources/subscribe`, which the 2026-07-28 wire no longer carries."""
    subscribed.add(str(params.uri))
    return EmptyResult()


# MCPServer has no decorator for it: the handler goes on the low-level server it wraps.
mcp._lowlevel_server.add_request_handler("resources/subscribe", SubscribeRequestParams, subscribe)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    if args.transport == "stdio":
        mcp.run("stdio")
    else:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
