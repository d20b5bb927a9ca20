"""A 127.0.0.1 origin for the MCP Apps host page: static files (snippets/mcp-apps/ and
node_modules/) plus a relay that forwards POST /mcp to the reference server over Streamable
HTTP and records every JSON-RPC message it forwarded."""

from __future__ import annotations

import contextlib
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx

from tests.support.mcp_server import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
MOUNTS = {
    "/snippets/mcp-apps/": ROOT / "snippets" / "mcp-apps",
    "/node_modules/": ROOT / "node_modules",
}
FORWARDED_HEADERS = ("accept", "content-type", "mcp-session-id", "mcp-protocol-version", "mcp-method", "mcp-name", "last-event-id")
RETURNED_HEADERS = ("content-type", "mcp-session-id")
CONTENT_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html", ".json": "application/json"}


def resolve(url_path: str, mounts: dict[str, Path] = MOUNTS) -> Path | None:
    """The file a URL path names under one of the mounts, or None (never outside a mount)."""
    for prefix, folder in mounts.items():
        if url_path.startswith(prefix):
            candidate = (folder / url_path[len(prefix):]).resolve()
            if candidate.is_file() and candidate.is_relative_to(folder.resolve()):
                return candidate
    return None


class AppsHost:
    """The running origin: `url` to open, `forwarded` JSON-RPC messages sent to the server,
    `answers` the server's raw response body to each forwarded request, by JSON-RPC id."""

    def __init__(self, mcp_url: str, mounts: dict[str, Path] = MOUNTS) -> None:
        self.mcp_url = mcp_url
        self.mounts = mounts
        self.forwarded: list[dict] = []
        self.answers: dict[object, str] = {}
        self.http = httpx.Client(timeout=15.0)
        self.url = ""

    def handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format, *args):  # noqa: A002 - signature fixed by the base class
                pass

            def do_GET(self):
                path = resolve(self.path.split("?")[0], host.mounts)
                if self.path.startswith("/mcp") or path is None:
                    self.send_error(405 if self.path.startswith("/mcp") else 404)
                    return
                body = path.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", CONTENT_TYPES.get(path.suffix, "application/octet-stream"))
                self.send_header("Content-Length", str(len(body)))
                # The view's iframe is sandboxed (opaque origin): its module scripts are CORS requests.
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                if self.path != "/mcp":
                    self.send_error(404)
                    return
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                host.forwarded.append(json.loads(body))
                headers = {k: v for k, v in self.headers.items() if k.lower() in FORWARDED_HEADERS}
                answer = host.http.post(host.mcp_url, content=body, headers=headers)
                if "id" in host.forwarded[-1]:
                    host.answers[host.forwarded[-1]["id"]] = answer.text
                self.send_response(answer.status_code)
                for name in RETURNED_HEADERS:
                    if name in answer.headers:
                        self.send_header(name, answer.headers[name])
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            def do_DELETE(self):
                self.send_error(405)

        return Handler


@contextlib.contextmanager
def apps_host() -> Iterator[AppsHost]:
    """Start the reference server (HTTP) and the host origin; both stop on exit."""
    server = ServerProcess("http")
    try:
        with host_origin(AppsHost(f"http://127.0.0.1:{server.port}/mcp")) as host:
            host.url += "/snippets/mcp-apps/host.html"
            yield host
    finally:
        server.stop()


@contextlib.contextmanager
def host_origin(host: AppsHost) -> Iterator[AppsHost]:
    """Serve ``host`` on 127.0.0.1 (``host.url`` is its origin); stops on exit."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), host.handler())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield host
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
        host.http.close()
