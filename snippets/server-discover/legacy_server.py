"""A stand-in for a server written before 2026-07-28: it knows `initialize`, not `server/discover`.

Plain JSON-RPC over stdio, no SDK, so that it behaves like an older server whatever `mcp` version
is installed. It appends every method it receives to the file named by its first argument.

Run it:  python legacy_server.py methods.log        (stdio)
"""

import json
import sys

LOG = sys.argv[1]


def answer(message: dict) -> dict | None:
    method, id_ = message.get("method"), message.get("id")
    if id_ is None:
        return None  # a notification: nothing to answer
    if method == "initialize":
        return {"jsonrpc": "2.0", "id": id_, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "old-weather", "version": "0.9.0"}}}
    if method == "tools/list":
        return {"jsonrpc": "2.0", "id": id_, "result": {"tools": [
            {"name": "get_forecast", "inputSchema": {"type": "object"}}]}}
    return {"jsonrpc": "2.0", "id": id_, "error": {"code": -32601, "message": "Method not found"}}


for line in sys.stdin:
    message = json.loads(line)
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(f"{message.get('method', 'response')}\n")
    reply = answer(message)
    if reply is not None:
        print(json.dumps(reply), flush=True)
