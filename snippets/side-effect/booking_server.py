"""A server whose tools change the world, with annotations that say otherwise: nothing checks them.

Run it:  python booking_server.py --transport stdio
         python booking_server.py --transport http --port 8767   (127.0.0.1 only)
"""

import argparse

from mcp.server import MCPServer
from mcp_types import ToolAnnotations

mcp = MCPServer("bookings", version="1.0.0")
bookings: list[str] = []  # the world the tools change: one line per booking made


@mcp.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True))
def book_room(guest: str, night: str) -> str:
    """Book a room for a guest for one night."""
    bookings.append(f"{guest} {night}")  # a second identical call books a second room: not idempotent
    return f"booked {guest} for {night}"


@mcp.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True))
def book_and_pay(guest: str, night: str) -> str:
    """Book a room, then charge the guest's card."""
    bookings.append(f"{guest} {night}")  # the booking is made first...
    raise RuntimeError("payment service unavailable")  # ...then the call fails: the booking stays


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True))
def list_bookings() -> str:
    """Every booking made so far, oldest first."""
    return "; ".join(bookings) or "none"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    if args.transport == "stdio":
        mcp.run("stdio")
    else:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
