"""The same server over HTTP, asked five ways with and without tokens, then over stdio, where no token exists."""

import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import httpx
from mcp import Client, StdioServerParameters

SERVER = str(Path(__file__).with_name("protected_server.py"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def discover(port: int, token: str | None) -> httpx.Response:
    """A 2026-07-28 `server/discover` POST, with `Authorization: Bearer <token>` when a token is given."""
    body = {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}
    headers = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28",
               "Mcp-Method": "server/discover"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(f"http://127.0.0.1:{port}/mcp", json=body, headers=headers)


def show(label: str, response: httpx.Response) -> None:
    print(f"{label:<34} HTTP {response.status_code}")
    if "www-authenticate" in response.headers:
        challenge = response.headers["www-authenticate"].replace(response.url.netloc.decode(), "127.0.0.1:PORT")
        print(f"{'':<34} WWW-Authenticate: {challenge}")


async def over_stdio() -> None:
    async with Client(StdioServerParameters(command=sys.executable, args=[SERVER])) as client:
        text = (await client.call_tool("forecast", {"city": "Lyon"})).content[0].text
        print(f"{'stdio, no token at all':<34} tools/call forecast -> {text}")


def main() -> None:
    port = free_port()
    server = subprocess.Popen([sys.executable, SERVER, "--transport", "http", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        show("no token", discover(port, None))
        initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "demo", "version": "1.0"}}}
        show("2025-11-25 initialize, no token", httpx.post(f"http://127.0.0.1:{port}/mcp", json=initialize, headers={
            "Accept": "application/json, text/event-stream"}))
        metadata = httpx.get(f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp")
        print(f"{'GET protected resource metadata':<34} HTTP {metadata.status_code} "
              f"{metadata.text.replace(str(port), 'PORT')}")
        show("token issued for another server", discover(port, "tok-other-server"))
        show("token without forecast:read", discover(port, "tok-no-scope"))
        good = discover(port, "tok-good")
        show("token issued for this server", good)
        print(f"{'':<34} supportedVersions {good.json()['result']['supportedVersions']}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    anyio.run(over_stdio)


if __name__ == "__main__":
    main()
