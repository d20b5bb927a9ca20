"""Real Chromium for tests: Debian's /usr/bin/chromium driven by Playwright, and a
static HTTP server bound to 127.0.0.1 that always shuts down."""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@contextlib.contextmanager
def chromium(*, webmcp: bool = False, javascript: bool = True, bfcache: bool = False) -> Iterator[object]:
    """A fresh Chromium (new --user-data-dir), closed on exit. Yields a Playwright BrowserContext.

    ``bfcache``: keep Chromium's back/forward cache, which Playwright turns off by default, so that
    going back restores the previous page as it was (``pageshow`` with ``persisted``)."""
    args = list(CHROMIUM_ARGS)
    if webmcp:
        args.append("--enable-features=WebMCPTesting")
    with tempfile.TemporaryDirectory(prefix="lexigraph-chromium-") as profile, playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=args, java_script_enabled=javascript,
            ignore_default_args=["--disable-back-forward-cache"] if bfcache else None,
        )
        try:
            yield context
        finally:
            context.close()


_DRIVER: dict[str, object] = {}


@contextlib.contextmanager
def playwright() -> Iterator:
    """Playwright's sync API, started once for a nest of users: a Chromium opened while another is
    open (a test's own next to its module's) shares the running driver, since a second
    sync_playwright() in the same thread refuses to start. Stopped when the outermost user ends."""
    from playwright.sync_api import sync_playwright

    if "running" in _DRIVER:
        yield _DRIVER["running"]
        return
    with sync_playwright() as pw:
        _DRIVER["running"] = pw
        try:
            yield pw
        finally:
            del _DRIVER["running"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature fixed by the base class
        pass


@contextlib.contextmanager
def static_server(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (a free port); yields the base URL, e.g. http://127.0.0.1:41234."""
    with serve(functools.partial(_QuietHandler, directory=str(directory))) as url:
        yield url


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that closes a connection mid-response is not an error worth a traceback."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(handler) -> Iterator[str]:
    """Run an HTTP ``handler`` on 127.0.0.1 (a free port) and always shut it down; yields the base URL."""
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
