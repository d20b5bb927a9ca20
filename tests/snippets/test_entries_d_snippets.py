"""Snippets of the subscriptions, protocol error codes and MCP Inspector entries, each replayed on the wire.

The MCP Inspector (npm @modelcontextprotocol/inspector 0.15.0) runs the commands its snippets show against
the reference server, over stdio and over Streamable HTTP.

Subscriptions run against snippets/subscriptions/notes_server.py (one note as a resource, one tool that
rewrites it and tells its followers) as a real process over stdio and over Streamable HTTP (127.0.0.1
only), at 2026-07-28 (`subscriptions/listen`) and at 2025-11-25 (`resources/subscribe`). Each JSON
snippet is the list of messages that went over the wire, compared whole; the HTTP facts the prose states
(status codes, content types) are asserted here. Every server process is stopped at the end of its test.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from mcp_types.methods import parse_server_notification, validate_client_request, validate_server_result

from tests.support.mcp_server import LEGACY, MODERN, McpClient

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
NOTES_SERVER = SNIPPETS / "subscriptions" / "notes_server.py"
QUIET = 2.0  # seconds of silence that show the server has nothing more to send


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def valid(messages: list[dict[str, Any]], revision: str) -> None:
    """Every message is valid for its revision, by the SDK's typed models."""
    method_of = {m["id"]: m["method"] for m in messages if "method" in m and "id" in m}
    for message in messages:
        if "method" in message and "id" in message:
            validate_client_request(message["method"], revision, message.get("params"))
        elif "method" in message:
            parse_server_notification(message["method"], revision, message.get("params"))
        elif "result" in message:
            validate_server_result(method_of[message["id"]], revision, message["result"])


@pytest.fixture
def notes(fresh_server):
    """`notes(transport, revision)` -> an McpClient on a fresh notes_server.py process, stopped after the test."""
    return functools.partial(fresh_server, script=NOTES_SERVER)


def send(client: McpClient, *messages: dict[str, Any]) -> None:
    client.write_lines(*(json.dumps(m).encode() for m in messages))


def assert_silent(client: McpClient) -> None:
    with pytest.raises(TimeoutError):
        extra = client.next_message(timeout=QUIET)
        pytest.fail(f"the server sent more: {extra}")


def stripped(message: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 request as a 2025-11-25 client writes it: no envelope keys in `_meta`."""
    params = dict(message["params"])
    meta = {k: v for k, v in params.pop("_meta", {}).items() if not k.startswith("io.modelcontextprotocol/")}
    return {**message, "params": {**params, **({"_meta": meta} if meta else {})}}


def request(method: str, params: dict[str, Any], ident: Any = 9) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}


# --- subscriptions -----------------------------------------------------------------------------

def test_listen_over_stdio_acknowledges_then_delivers_the_update_on_the_listen_request(notes):
    listen, ack, call, update, result = shown = snippet("subscriptions/stdio-listen.json")
    valid(shown, MODERN)
    client = notes("stdio", MODERN)
    send(client, listen)
    assert client.next_message() == ack  # first frame: what the server agreed to send
    send(client, call)
    assert [client.next_message(), client.next_message()] == [update, result]
    subscription = {"io.modelcontextprotocol/subscriptionId": "listen-1"}
    assert listen["id"] == "listen-1"
    assert ack["params"]["_meta"] == update["params"]["_meta"] == subscription
    assert ack["params"]["notifications"]["resourceSubscriptions"] == ["note://today"]
    assert update["params"]["uri"] == "note://today"
    assert "id" not in ack and "id" not in update
    assert_silent(client)  # the listen request itself is never answered while the stream is open


def test_listen_over_http_is_one_post_whose_response_stream_stays_open(notes):
    listen, ack, call, update, result = snippet("subscriptions/stdio-listen.json")
    client = notes("http", MODERN)
    with httpx.Client(timeout=15) as http:
        with http.stream("POST", client.url, json=listen, headers=client.http_headers(listen)) as response:
            assert response.status_code == 200
            assert response.headers["content-type"] == "text/event-stream"
            events = (json.loads(line[5:]) for line in response.iter_lines() if line.startswith("data:"))
            assert next(events) == ack
            assert client.exchange([call]) == [result]  # another POST, answered with plain JSON
            assert next(events) == update  # ...and the news arrives on the listen POST's stream
        text = (SNIPPETS / "subscriptions/http-listen.txt").read_text(encoding="utf-8")
        assert [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:")] == [ack, update]
        no_get = http.get(client.url, headers={"Accept": "text/event-stream", "MCP-Protocol-Version": MODERN})
        assert no_get.status_code == 405  # no standalone GET stream at 2026-07-28
        assert no_get.headers["allow"] == "POST"
        json_only = {**client.http_headers(listen), "Accept": "application/json"}
        assert http.post(client.url, json=listen, headers=json_only).status_code == 406
    assert "405    Allow: POST" in text and "\n406\n" in text
    # mcp 2.3.0 routes to the 2026-07-28 handler on this header alone: the snippet's POSTs show it, as sent.
    assert client.http_headers(listen)["MCP-Protocol-Version"] == MODERN
    posts = [line for line in text.splitlines() if line.startswith("POST ")]
    assert len(posts) == 2 and all(f"MCP-Protocol-Version: {MODERN}" in line for line in posts)


def test_resources_subscribe_under_2025_11_25_then_the_same_update_without_a_subscription_id(notes):
    subscribe, empty, call, update, result = shown = snippet("subscriptions/legacy-subscribe.json")
    valid(shown, LEGACY)
    client = notes("stdio", LEGACY)
    assert client.handshake["result"]["capabilities"]["resources"]["subscribe"] is True
    assert client.exchange([subscribe]) == [empty]
    assert empty["result"] == {}
    send(client, call)
    assert [client.next_message(), client.next_message()] == [update, result]
    assert update["params"] == {"uri": "note://today"}
    [refused] = client.exchange([request("subscriptions/listen", {"notifications": {"toolsListChanged": True}})])
    assert refused["error"]["code"] == -32601


def test_each_era_refuses_the_other_eras_method(notes):
    client = notes("stdio", MODERN)
    [refused] = client.exchange([client.prepare(request("resources/subscribe", {"uri": "note://today"}))])
    assert refused["error"] == {"code": -32601, "message": "Method not found", "data": "resources/subscribe"}


def test_without_listen_a_2026_07_28_client_hears_nothing_of_the_update(notes):
    *_, call, update, result = snippet("subscriptions/stdio-listen.json")
    client = notes("stdio", MODERN)
    send(client, call)
    assert client.next_message() == result
    assert_silent(client)


# --- protocol error codes ----------------------------------------------------------------------

@pytest.fixture
def weather():
    """`weather(transport, revision)` -> an McpClient on a fresh reference server, stopped after the test."""
    clients: list[McpClient] = []

    def start(transport: str, revision: str) -> McpClient:
        clients.append(McpClient(transport, revision))
        return clients[-1]

    yield start
    for client in clients:
        client.close()


def test_protocol_errors_over_stdio_carry_their_json_rpc_and_mcp_codes(weather):
    shown = snippet("error-codes/stdio-codes.json")
    requests, answers = shown[0::2], shown[1::2]
    client = weather("stdio", MODERN)
    assert [client.exchange([r])[0] for r in requests] == answers
    assert [a["error"]["code"] for a in answers] == [-32601, -32602, -32602, -32022]
    assert all("result" not in a for a in answers)
    assert answers[0]["error"]["message"] == "Method not found"
    assert answers[2]["error"]["data"] == {"uri": "weather://nowhere"}  # no -32002 for a missing resource
    assert answers[3]["error"]["data"] == {"supported": ["2026-07-28"], "requested": "2099-01-01"}


def test_the_same_json_rpc_codes_under_2025_11_25(weather):
    shown = snippet("error-codes/stdio-codes.json")
    client = weather("stdio", LEGACY)
    legacy = [client.exchange([stripped(r)])[0] for r in shown[0:6:2]]
    assert [a["error"] for a in legacy] == [a["error"] for a in shown[1:6:2]]


def test_an_unknown_tool_is_a_tool_error_result_not_a_protocol_error(weather):
    call, answer = snippet("error-codes/tool-error.json")
    valid([call, answer], MODERN)
    for revision in (MODERN, LEGACY):
        client = weather("stdio", revision)
        [got] = client.exchange([call if revision == MODERN else stripped(call)])
        assert "error" not in got
        assert got["result"]["isError"] is True
        assert got["result"]["content"] == [{"type": "text", "text": "Unknown tool: get_forcast"}]
    [wrong] = client.exchange([{"jsonrpc": "2.0", "id": 6, "method": "tools/call",
                                "params": {"name": "get_forecast", "arguments": {"town": "Paris"}}}])
    assert wrong["result"]["isError"] is True  # bad arguments: a tool error too, with the validator's text
    assert "city" in wrong["result"]["content"][0]["text"]


def test_parse_and_header_errors_over_http_and_silence_over_stdio(weather):
    text = (SNIPPETS / "error-codes/http-codes.txt").read_text(encoding="utf-8")
    shown = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    client = weather("http", MODERN)
    listing = client.prepare(request("tools/list", {}, 9))
    broken = httpx.post(client.url, content=b'{"jsonrpc": "2.0", "id": 1,', headers=client.http_headers(listing))
    assert broken.status_code == 400
    assert broken.json() == shown[0]
    mismatch = httpx.post(client.url, json=listing, headers={**client.http_headers(listing), "Mcp-Method": "tools/call"})
    assert mismatch.status_code == 400
    assert mismatch.json() == shown[1]
    assert [m["error"]["code"] for m in shown] == [-32700, -32020]
    piped = weather("stdio", MODERN)
    piped.write_lines(b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"')
    assert_silent(piped)  # mcp 2.3.0 drops a malformed line over stdio: no -32700 comes back
    assert piped.exchange([piped.prepare(request("tools/list", {}, 2))])[0]["result"]["tools"]  # and goes on


# --- the MCP Inspector -------------------------------------------------------------------------
# The Inspector's launcher cannot start in this repository (see tests/test_mcp_inspector.py), so the
# commands shown run through the CLI package it hands over to, with the same arguments.

ROOT = SNIPPETS.parent
INSPECTOR = ROOT / "node_modules" / ".bin" / "mcp-inspector-cli"
LAUNCHER = "$ npx @modelcontextprotocol/inspector --cli "


def inspector(args: list[str]) -> subprocess.CompletedProcess:
    assert shutil.which("node"), "node is needed for the MCP Inspector"
    assert INSPECTOR.exists(), "run npm ci: the MCP Inspector is a devDependency"
    return subprocess.run([str(INSPECTOR), "--cli", *args], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def shown_command(path: str) -> tuple[list[str], list[str]]:
    """The Inspector arguments of the snippet's first command (python -> this interpreter), and the lines after it."""
    first, *rest = (SNIPPETS / path).read_text(encoding="utf-8").splitlines()
    assert first.startswith(LAUNCHER)
    args = first[len(LAUNCHER):].split()
    return [sys.executable if a == "python" else a for a in args], rest


def test_inspector_cli_calls_a_tool_and_prints_the_result_as_json():
    args, output = shown_command("mcp-inspector/call.txt")
    installed = json.loads((ROOT / "node_modules/@modelcontextprotocol/inspector/package.json").read_text(encoding="utf-8"))
    assert installed["version"] == "0.15.0"
    done = inspector(args)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads("\n".join(output))
    assert json.loads(done.stdout)["isError"] is False
    # `--transport` is the Inspector's own option even after the server's command: a value only the
    # Inspector refuses (the server would answer "invalid choice") shows who reads it.
    at = args.index("--transport")
    bogus = inspector([*args[:at], "--transport", "nope", *args[at + 2:]])
    assert bogus.returncode == 1 and "Invalid transport type: nope" in bogus.stderr, bogus.stderr
    # A tool that fails is still a result: exit code 0 and isError true on stdout.
    failing = inspector([*args[:args.index("--tool-arg")], "--tool-arg", "town=Paris"])
    assert failing.returncode == 0, failing.stderr
    assert json.loads(failing.stdout)["isError"] is True


def test_inspector_cli_reports_a_protocol_error_on_stderr_with_exit_code_1():
    args, output = shown_command("mcp-inspector/error.txt")
    done = inspector(args)
    assert done.returncode == 1 and output[-1] == "1"
    assert done.stdout == ""
    assert done.stderr.splitlines()[0] == output[0]
    assert "MCP error -32602" in output[0]


def test_inspector_cli_over_streamable_http_lists_the_same_tools(weather):
    client = weather("http", LEGACY)
    over_http = inspector([client.url, "--transport", "http", "--method", "tools/list"])
    args, _ = shown_command("mcp-inspector/call.txt")
    over_stdio = inspector([*args[:4], "--method", "tools/list"])
    assert over_http.returncode == over_stdio.returncode == 0, over_http.stderr + over_stdio.stderr
    names = [t["name"] for t in json.loads(over_http.stdout)["tools"]]
    assert "get_forecast" in names
    assert names == [t["name"] for t in json.loads(over_stdio.stdout)["tools"]]
