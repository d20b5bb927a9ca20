"""`lexigraph mcp --http` behind a reverse proxy: a real HTTP proxy on 127.0.0.1 (Starlette + httpx
under uvicorn, forwarding the client's Host header as nginx's `proxy_set_header Host $host` does)
in front of the real server, reached under a public name. DNS-rebinding protection stays on:
only the names the operator allowed (--allowed-host / LEXIGRAPH_ALLOWED_HOSTS) get through."""

from __future__ import annotations

import subprocess
import threading
import time

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tests.support.lexigraph_mcp import ROOT, HttpServer, free_port, lexigraph_command

PUBLIC = "lexigraph.example.org"
APP_ORIGIN = "https://app.example.org"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
SEARCH = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "outil"}}}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-connection", "content-length"}


class ReverseProxy:
    """127.0.0.1:<port> → ``backend``: method, path, body and headers forwarded, Host included; adds X-Forwarded-*."""

    def __init__(self, backend: str) -> None:
        self.backend, self.port, self.seen_hosts = backend, free_port(), []

        async def forward(request: Request) -> Response:
            headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
            self.seen_hosts.append(headers.get("host"))
            headers.update({"x-forwarded-for": request.client.host, "x-forwarded-proto": "https"})
            async with httpx.AsyncClient(timeout=30) as client:
                answer = await client.request(request.method, self.backend + request.url.path, headers=headers,
                                              content=await request.body())
            return Response(answer.content, status_code=answer.status_code,
                            headers={k: v for k, v in answer.headers.items() if k.lower() not in HOP_BY_HOP | {"content-encoding"}})

        app = Starlette(routes=[Route("/{path:path}", forward, methods=["GET", "POST", "DELETE", "OPTIONS"])])
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the reverse proxy did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"


def post(url: str, message: dict, **headers) -> httpx.Response:
    with httpx.Client(timeout=30) as http:
        return http.post(url, json=message, headers={**HEADERS, **headers})


@pytest.fixture(scope="module")
def behind_proxy():
    """The server allowing the public name and one app origin, behind the proxy."""
    port = free_port()
    server = HttpServer(lexigraph_command(ROOT, "mcp", "--http", "--port", str(port), "--allowed-host", PUBLIC,
                                          "--allowed-origin", APP_ORIGIN), port)
    try:
        with ReverseProxy(f"http://127.0.0.1:{port}") as proxy:
            yield proxy
        assert "Traceback" not in server.stderr_text()
    finally:
        server.stop()


def test_the_public_name_is_served_through_the_proxy(behind_proxy):
    answer = post(behind_proxy.url, INITIALIZE, Host=PUBLIC)
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["serverInfo"]["name"] == "lexigraph"
    hits = post(behind_proxy.url, SEARCH, Host=PUBLIC).json()["result"]["structuredContent"]["results"]
    assert hits[0]["id"] == "tool"
    assert behind_proxy.seen_hosts[-1] == PUBLIC          # the proxy forwarded the public Host header


def test_rebinding_protection_stays_on_behind_the_proxy(behind_proxy):
    assert post(behind_proxy.url, INITIALIZE, Host="evil.example").status_code == 421
    assert post(behind_proxy.url, INITIALIZE, Host=f"{PUBLIC}.evil.example").status_code == 421
    assert post(behind_proxy.url, INITIALIZE, Host=PUBLIC, Origin=APP_ORIGIN).status_code == 200
    assert post(behind_proxy.url, INITIALIZE, Host=PUBLIC, Origin="https://evil.example").status_code == 403
    assert post(behind_proxy.url, INITIALIZE).status_code == 200      # loopback (127.0.0.1:port) is always allowed


def test_without_allowed_host_the_proxy_is_refused_and_the_environment_variable_allows_it(monkeypatch):
    port = free_port()
    server = HttpServer(lexigraph_command(ROOT, "mcp", "--http", "--port", str(port)), port)
    try:
        with ReverseProxy(f"http://127.0.0.1:{port}") as proxy:
            assert post(proxy.url, INITIALIZE, Host=PUBLIC).status_code == 421
    finally:
        server.stop()
    monkeypatch.setenv("LEXIGRAPH_ALLOWED_HOSTS", f"other.example.org, {PUBLIC}")
    monkeypatch.setenv("LEXIGRAPH_ALLOWED_ORIGINS", APP_ORIGIN)
    port = free_port()
    server = HttpServer(lexigraph_command(ROOT, "mcp", "--http", "--port", str(port)), port)
    try:
        with ReverseProxy(f"http://127.0.0.1:{port}") as proxy:
            assert post(proxy.url, INITIALIZE, Host=PUBLIC, Origin=APP_ORIGIN).status_code == 200
            assert post(proxy.url, INITIALIZE, Host="evil.example").status_code == 421
    finally:
        server.stop()


@pytest.mark.parametrize("args, message", [
    (["--http", "--allowed-host", "https://lexigraph.example.org"],
     ("lexigraph mcp: --allowed-host 'https://lexigraph.example.org' is not a host name: give e.g. 'lexigraph.example.org' "
      "or 'lexigraph.example.org:8443' (no scheme, no path, no wildcard name)\n")),
    (["--http", "--allowed-host", "*"],
     ("lexigraph mcp: --allowed-host '*' is not a host name: give e.g. 'lexigraph.example.org' "
      "or 'lexigraph.example.org:8443' (no scheme, no path, no wildcard name)\n")),
    (["--http", "--allowed-origin", "app.example.org"],
     ("lexigraph mcp: --allowed-origin 'app.example.org' is not an origin: give e.g. 'https://app.example.org' "
      "(scheme and host, optional port, no path)\n")),
    (["--allowed-host", PUBLIC], "lexigraph mcp: --allowed-host and --allowed-origin apply to --http only\n"),
])
def test_a_bad_allowed_name_is_refused_before_serving(args, message):
    done = subprocess.run(lexigraph_command(ROOT, "mcp", *args), check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stderr, done.stdout) == (2, message, "")
