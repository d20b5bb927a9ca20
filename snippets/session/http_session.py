"""A session over Streamable HTTP, then none: the reference server under 2025-11-25, then 2026-07-28."""

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx  # the HTTP client the mcp SDK itself uses

SERVER = Path(__file__).resolve().parent.parent / "server" / "weather_server.py"
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "lexigraph", "version": "1.0"},
            "io.modelcontextprotocol/clientCapabilities": {}}


def answer(response: httpx.Response) -> dict:
    """The JSON-RPC message in a JSON or SSE body."""
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        return next(json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:") and line[5:].strip())
    return response.json()


def show(step: str, response: httpx.Response, ours: str | None = None) -> None:
    """One line: the step, the HTTP status, the session header compared with ours, the answer's gist."""
    session = response.headers.get("mcp-session-id")
    if not session:
        header = "no Mcp-Session-Id"
    elif ours is None:
        header = f"new Mcp-Session-Id ({len(session)} hex)"
    else:
        header = "same Mcp-Session-Id" if session == ours else "ANOTHER Mcp-Session-Id"
    body = answer(response) if response.content else {}
    what = body.get("error", {}).get("message") or ", ".join(sorted(body.get("result", {}))) or "empty body"
    print(f"{step:<40} HTTP {response.status_code}  {header:<28} {what}")


def main(http: httpx.Client, url: str) -> None:
    print("-- 2025-11-25: the handshake opens a session")
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "lexigraph", "version": "1.0"}}}
    response = http.post(url, json=init, headers=ACCEPT)
    show("initialize", response)
    ours = response.headers["mcp-session-id"]
    session = {"Mcp-Session-Id": ours, "MCP-Protocol-Version": "2025-11-25"}
    tools = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    show("notifications/initialized + session id", http.post(
        url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=ACCEPT | session), ours)
    show("tools/list + session id", http.post(url, json=tools, headers=ACCEPT | session), ours)
    show("tools/list, no session id", http.post(url, json=tools, headers=ACCEPT), ours)
    show("tools/list + a made-up session id", http.post(
        url, json=tools, headers=ACCEPT | session | {"Mcp-Session-Id": "0" * 32}), ours)
    show("DELETE + session id (end the session)", http.delete(url, headers=ACCEPT | session), ours)
    show("tools/list + the ended session id", http.post(url, json=tools, headers=ACCEPT | session), ours)

    print("-- 2026-07-28: no session, every request introduces itself")
    modern = {"MCP-Protocol-Version": "2026-07-28"}
    for number, method in enumerate(["server/discover", "tools/list"], start=3):
        request = {"jsonrpc": "2.0", "id": number, "method": method, "params": {"_meta": ENVELOPE}}
        show(f"{method} + _meta envelope", http.post(url, json=request, headers=ACCEPT | modern | {"Mcp-Method": method}))


if __name__ == "__main__":
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(SERVER), "--transport", "http", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:  # wait until it listens
            time.sleep(0.1)
        with httpx.Client(timeout=30) as client:
            main(client, f"http://127.0.0.1:{port}/mcp")
    finally:
        server.terminate()
        server.wait(timeout=10)
