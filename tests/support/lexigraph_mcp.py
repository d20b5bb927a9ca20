"""`lexigraph mcp`, in this process or as a real one, driven by the SDK's own `mcp.Client` from synchronous tests.

- `content_root(tmp)`: a copy of the real content with one archived version (the MCP entry,
  archived with `lexigraph archive`, then bumped) and one stale entry (tool, checked against an
  older MCP revision), so every path of the server has something real to serve.
- `HttpServer(root)`: `lexigraph mcp --http --port N` on 127.0.0.1; `stop()` always ends it.
- `connect(target, mode)`: a `Client` (stdio parameters, an HTTP URL, or the server object itself)
  held open on a background event loop; its coroutine methods are called synchronously.
- `inprocess_target(root)`: the server `lexigraph mcp` builds, as an object: the SDK's Client connects
  to it in memory (no process, no transport). `server_log()` collects what it logs meanwhile, as the
  real processes' stderr is read for tracebacks.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio.from_thread
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.support.cli import lexigraph
from tests.support.mcp_server import STARTED_PIDS, TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ("entries", "quizzes", "snippets", "archive", "support", "specs.yml", "mkdocs.yml")
def _next_in_month(facts_file: Path) -> tuple[str, str]:
    """(the version after the entry's current one in the same month, the date of its last version):
    vYYYY-MM → vYYYY-MM-2, vYYYY-MM-N → vYYYY-MM-(N+1). Derived from the content, so a bump of the
    real entry does not make content_root() list one version twice."""
    facts = yaml.safe_load(facts_file.read_text(encoding="utf-8"))
    found = re.fullmatch(r"v(\d{4}-\d\d)(?:-(\d+))?", facts["version"])
    assert found, f"entries/mcp/entry.yml: version {facts['version']!r} is not a version id"
    month, n = found.groups()
    return f"v{month}-{int(n or 1) + 1}", str(facts["versions"][-1]["date"])


# a further version in the month of its last one: the MCP entry's new version in content_root(); its previous one is archived
BUMPED, BUMPED_DATE = _next_in_month(ROOT / "entries" / "mcp" / "entry.yml")
STALE_ENTRY, STALE_REVISION = "tool", "2025-11-25"
START_TIMEOUT = 90.0   # seconds for a server to listen: a cold start validates the content, slow on a loaded machine


def lexigraph_command(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "lexigraph", "--root", str(root), *args]


def content_root(workdir: Path) -> tuple[Path, str]:
    """The real content copied into ``workdir``, MCP bumped past an archived version; returns (root, archived version)."""
    for name in CONTENT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, workdir / name, dirs_exist_ok=True)
        elif source.is_file():
            shutil.copy(source, workdir / name)
    facts_file = workdir / "entries" / "mcp" / "entry.yml"
    archived = yaml.safe_load(facts_file.read_text(encoding="utf-8"))["version"]
    done = lexigraph("--root", str(workdir), "archive", "mcp", "--from-worktree", cwd=ROOT)     # in this process
    assert done.returncode == 0, done.stdout + done.stderr
    text = facts_file.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^version: .*$", f"version: {BUMPED}", text)
    text = re.sub(r"(?m)^(versions:\n(?:  - .*\n)+)", lambda m: m.group(1) + f"  - {{version: {BUMPED}, date: {BUMPED_DATE}, changed: [examples]}}\n", text)
    facts_file.write_text(text, encoding="utf-8")
    tool_file = workdir / "entries" / STALE_ENTRY / "entry.yml"
    tool_file.write_text(re.sub(r"\{spec: mcp, revision: [0-9-]+\}", f"{{spec: mcp, revision: {STALE_REVISION}}}",
                                tool_file.read_text(encoding="utf-8")), encoding="utf-8")
    check = lexigraph("--root", str(workdir), "check", cwd=ROOT)
    assert check.returncode == 0, check.stdout + check.stderr
    return workdir, archived


def inprocess_target(root: Path):
    """The MCPServer `lexigraph --root <root> mcp` serves (same loading, same build), as an object."""
    from lexigraph.agents.mcpserver import build_server
    from lexigraph.agents.served_cache import load
    from lexigraph.cli import site_url

    return build_server(load(root, site_url(root)))


@contextlib.contextmanager
def server_log() -> Iterator[list[str]]:
    """Every warning or error logged in this process meanwhile, formatted as stderr would show it (tracebacks included)."""
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(self.format(record))

    handler = Keep(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    try:
        yield records
    finally:
        logging.getLogger().removeHandler(handler)


def stdio_target(root: Path) -> StdioServerParameters:
    command = lexigraph_command(root, "mcp")
    return StdioServerParameters(command=command[0], args=command[1:], cwd=str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class HttpServer:
    """A `lexigraph mcp --http` process (or any command serving on ``port``); `stop()` always ends it."""

    def __init__(self, command: list[str], port: int, cwd: Path = ROOT) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}/mcp"
        self.stderr = tempfile.TemporaryFile()
        self.popen = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.stderr, cwd=cwd)
        STARTED_PIDS.append(self.popen.pid)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.popen.poll() is not None:
                raise RuntimeError(f"lexigraph mcp exited with {self.popen.returncode}: {self.stderr_text()}")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    return
            if time.monotonic() > deadline:
                log = self.stderr_text()
                self.stop()
                raise TimeoutError(f"lexigraph mcp did not listen on 127.0.0.1:{port}: {log}")
            time.sleep(0.05)

    @classmethod
    def of(cls, root: Path) -> HttpServer:
        port = free_port()
        return cls(lexigraph_command(root, "mcp", "--http", "--port", str(port)), port)

    def stderr_text(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(timeout=10)
        self.stderr.close()


class SyncClient:
    """`client.call_tool(...)` and friends, run on the portal's event loop and waited for."""

    def __init__(self, portal, client: Client) -> None:
        self.portal, self.client = portal, client

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.client, name)
        if not callable(method):
            return method
        return lambda *args, **kwargs: self.portal.call(functools.partial(method, *args, **kwargs))


@contextlib.contextmanager
def connect(target: Any, mode: str) -> Iterator[SyncClient]:
    """An entered `mcp.Client` for ``target`` in connect ``mode`` ("auto" or "legacy"); closed on exit."""
    with anyio.from_thread.start_blocking_portal() as portal:
        with portal.wrap_async_context_manager(Client(target, mode=mode, read_timeout_seconds=TIMEOUT)) as client:
            yield SyncClient(portal, client)
