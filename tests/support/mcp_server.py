"""Run the reference MCP server (snippets/server/weather_server.py) as a real process and
speak raw JSON-RPC to it, over stdio (pipes) or Streamable HTTP (httpx, 127.0.0.1 only).

One `McpClient` is one server process serving one protocol revision on one transport:
- revision 2026-07-28: no handshake; `envelope()` stamps each request's `params._meta`
  with the protocol version, client info and client capabilities, and over HTTP the
  MCP-Protocol-Version / Mcp-Method / Mcp-Name headers the SDK checks;
- revision 2025-11-25: `initialize` + `notifications/initialized` once at start
  (over HTTP the Mcp-Session-Id the server returns is sent on every later request).
"""

from __future__ import annotations

import itertools
import json
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx  # the HTTP client the mcp SDK itself depends on (httpx's maintained fork)

ROOT = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = ROOT / "snippets" / "server" / "weather_server.py"
MODERN, LEGACY = "2026-07-28", "2025-11-25"
REVISIONS = (MODERN, LEGACY)
TRANSPORTS = ("stdio", "http")
CLIENT_INFO = {"name": "lexigraph-tests", "version": "1.0"}
NAME_BEARING = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
TIMEOUT = 15.0

STARTED_PIDS: list[int] = []
"""Every server process this module started, so the suite can prove none is left."""

_ids = itertools.count(1000)


def envelope(message: dict[str, Any], revision: str = MODERN) -> dict[str, Any]:
    """A copy of a 2026-07-28 request with the per-request `_meta` keys it lacks filled in."""
    params = dict(message.get("params") or {})
    meta = {
        "io.modelcontextprotocol/protocolVersion": revision,
        "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
        "io.modelcontextprotocol/clientCapabilities": {},
        **params.get("_meta", {}),
    }
    return {**message, "params": {**params, "_meta": meta}}


def initialize_request(revision: str = LEGACY) -> dict[str, Any]:
    """The 2025-11-25 handshake request this suite sends."""
    return {
        "jsonrpc": "2.0",
        "id": next(_ids),
        "method": "initialize",
        "params": {"protocolVersion": revision, "capabilities": {}, "clientInfo": CLIENT_INFO},
    }


def process_alive(pid: int) -> bool:
    """Whether `pid` still exists as a running (non-zombie) process, read from /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """The server script (the reference server unless `script` names another snippet) started with
    `--transport stdio|http`; `stop()` always ends it."""

    def __init__(self, transport: str, script: Path | None = None) -> None:
        self.transport = transport
        self.port = _free_port() if transport == "http" else None
        args = [sys.executable, str(script or SERVER_SCRIPT), "--transport", transport]
        if self.port:
            args += ["--port", str(self.port)]
        self.stderr = tempfile.TemporaryFile()
        self.popen = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, cwd=ROOT
        )
        STARTED_PIDS.append(self.popen.pid)
        if self.port:
            self._wait_for_port()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def _wait_for_port(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"server exited with {self.popen.returncode}: {self.stderr_text()}")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise TimeoutError(f"server did not listen on 127.0.0.1:{self.port}: {self.stderr_text()}")

    def stderr_text(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")[-2000:]

    def stop(self) -> None:
        """End the process and reap it: EOF on stdin for stdio, SIGTERM for HTTP, SIGKILL if either hangs."""
        first = self.popen.stdin.close if self.transport == "stdio" else self.popen.terminate
        if self.popen.poll() is None:
            for step in (first, self.popen.terminate, self.popen.kill):
                step()
                try:
                    self.popen.wait(timeout=5)
                    break
                except subprocess.TimeoutExpired:
                    continue
        for stream in (self.popen.stdin, self.popen.stdout, self.stderr):
            stream.close()


class McpClient:
    """A raw JSON-RPC client bound to one server process, revision and transport."""

    def __init__(self, transport: str, revision: str, script: Path | None = None) -> None:
        self.transport, self.revision = transport, revision
        self.process = ServerProcess(transport, script)
        self.session_id: str | None = None
        self._lock = threading.Lock()
        if transport == "stdio":
            self._lines: queue.Queue[str] = queue.Queue()
            threading.Thread(target=self._read_stdout, daemon=True).start()
        else:
            self.url = f"http://127.0.0.1:{self.process.port}/mcp"
            self._http = httpx.Client(timeout=TIMEOUT)
        if revision == LEGACY:
            self.handshake = self.exchange([initialize_request()])[0]
            self.exchange([{"jsonrpc": "2.0", "method": "notifications/initialized"}])

    def close(self) -> None:
        if self.transport == "http":
            self._http.close()
        self.process.stop()

    # -- sending -----------------------------------------------------------------------

    def prepare(self, message: dict[str, Any]) -> dict[str, Any]:
        """The message as this client sends it: enveloped on 2026-07-28 (requests only)."""
        if self.revision == MODERN and "id" in message and message.get("method") != "initialize":
            return envelope(message, self.revision)
        return message

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request (prepared) and return the server's response."""
        return self.exchange([self.prepare(message)])[0]

    def exchange(self, messages: list[dict[str, Any]], headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
        """Send `messages` as given, all before reading any answer; return the responses in request order."""
        with self._lock:
            if self.transport == "stdio":
                return self._stdio_exchange(messages)
            with ThreadPoolExecutor(max_workers=len(messages)) as pool:
                answers = list(pool.map(lambda m: self._post(m, headers), messages))
            return [a for a, m in zip(answers, messages, strict=True) if "id" in m]

    def write_lines(self, *lines: bytes) -> None:
        """Write raw lines to the stdio server's input, as given (a newline ends each), without reading."""
        stdin = self.process.popen.stdin
        for line in lines:
            stdin.write(line + b"\n")
        stdin.flush()

    def next_message(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next JSON-RPC message the stdio server writes, whatever its id."""
        try:
            return json.loads(self._lines.get(timeout=timeout))
        except queue.Empty:
            raise TimeoutError(f"no message over stdio: {self.process.stderr_text()}") from None

    def _stdio_exchange(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        stdin = self.process.popen.stdin
        for message in messages:
            stdin.write(json.dumps(message).encode() + b"\n")
        stdin.flush()
        pending = {m["id"]: None for m in messages if "id" in m}
        while any(v is None for v in pending.values()):
            try:
                answer = json.loads(self._lines.get(timeout=TIMEOUT))
            except queue.Empty:
                raise TimeoutError(f"no answer over stdio: {self.process.stderr_text()}") from None
            if answer.get("id") in pending:
                pending[answer["id"]] = answer
        return list(pending.values())

    def _read_stdout(self) -> None:
        for line in self.process.popen.stdout:
            self._lines.put(line.decode())

    def http_headers(self, message: dict[str, Any]) -> dict[str, str]:
        """The Streamable HTTP headers this client sends with `message`."""
        headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        if self.revision == LEGACY:
            if self.session_id:
                headers |= {"Mcp-Session-Id": self.session_id, "MCP-Protocol-Version": LEGACY}
            return headers
        params = message.get("params") or {}
        version = (params.get("_meta") or {}).get("io.modelcontextprotocol/protocolVersion", self.revision)
        headers |= {"MCP-Protocol-Version": version, "Mcp-Method": message.get("method", "")}
        if message.get("method") in NAME_BEARING and NAME_BEARING[message["method"]] in params:
            headers["Mcp-Name"] = str(params[NAME_BEARING[message["method"]]])
        return headers

    def _post(self, message: dict[str, Any], headers: dict[str, str] | None) -> dict[str, Any] | None:
        response = self._http.post(self.url, json=message, headers=headers or self.http_headers(message))
        if self.session_id is None and "mcp-session-id" in response.headers:
            self.session_id = response.headers["mcp-session-id"]
        if response.status_code == 202 or "id" not in message:
            return None
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            return _first_sse_response(response.text)
        return response.json()


def _first_sse_response(body: str) -> dict[str, Any]:
    """The JSON-RPC response carried by a Streamable HTTP SSE body."""
    for line in body.splitlines():
        if line.startswith("data:") and line[5:].strip():
            data = json.loads(line[5:])
            if "id" in data:
                return data
    raise ValueError(f"no JSON-RPC response in SSE body: {body[:500]!r}")


def leftover_pids() -> list[int]:
    """Server processes started by this module that are still running."""
    return [pid for pid in STARTED_PIDS if process_alive(pid)]

