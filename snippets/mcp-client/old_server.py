"""A server written before the 2026-07-28 revision: it knows the initialize handshake, not server/discover."""

import json
import sys

SERVER_INFO = {"name": "old-weather", "version": "0.9.0"}


def answer(request: dict) -> dict:
    method = request["method"]
    if method == "initialize":
        return {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO}
    if method == "tools/list":
        return {"tools": [{"name": "get_forecast", "inputSchema": {"type": "object"}}]}
    raise LookupError(method)


for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue  # a notification, such as notifications/initialized: no reply
    print(f"old server received: {request['method']}", file=sys.stderr)
    try:
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": answer(request)}
    except LookupError:
        reply = {"jsonrpc": "2.0", "id": request["id"],
                 "error": {"code": -32601, "message": "Method not found", "data": request["method"]}}
    print(json.dumps(reply), flush=True)
