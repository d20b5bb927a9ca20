"""Snippets of the cancellation, progress and protocol-version entries, each replayed on the wire.

Cancellation and progress run against snippets/cancellation/report_server.py (one slow tool that
reports progress and records how each run ended, one tool that says so), as a real process over stdio
and over Streamable HTTP (127.0.0.1 only). Protocol version runs against the reference server
(snippets/server/weather_server.py). Each JSON snippet is the list of messages that went over the
wire, compared whole; the HTTP facts the prose states (status codes, content types, empty bodies) are
asserted here. Every server process is stopped at the end of its test.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from mcp_types.jsonrpc import JSONRPCError
from mcp_types.methods import (
    parse_server_notification,
    validate_client_notification,
    validate_client_request,
    validate_server_result,
)

from tests.support.mcp_server import LEGACY, MODERN, McpClient

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
REPORT_SERVER = SNIPPETS / "cancellation" / "report_server.py"
QUIET = 2.5  # seconds of silence that show a request will not be answered (the tool's steps last 1 s)


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def valid(messages: list[dict[str, Any]], revision: str) -> None:
    """Every message is valid for its revision, by the SDK's typed models."""
    method_of = {m["id"]: m["method"] for m in messages if "method" in m and "id" in m}
    for message in messages:
        if "method" in message and "id" in message:
            validate_client_request(message["method"], revision, message.get("params"))
        elif message.get("method") == "notifications/cancelled":
            validate_client_notification(message["method"], revision, message.get("params"))
        elif "method" in message:
            parse_server_notification(message["method"], revision, message.get("params"))
        elif "error" in message:
            JSONRPCError.model_validate(message)
        else:
            validate_server_result(method_of[message["id"]], revision, message["result"])


@pytest.fixture
def report(fresh_server):
    """`report(transport, revision)` -> an McpClient on a fresh report_server.py process, stopped after the test."""
    return functools.partial(fresh_server, script=REPORT_SERVER)


def send(client: McpClient, *messages: dict[str, Any]) -> None:
    client.write_lines(*(json.dumps(m).encode() for m in messages))


def read_until(client: McpClient, request_id: Any) -> list[dict[str, Any]]:
    """The stdio server's messages up to and including the answer to `request_id`."""
    seen = [client.next_message()]
    while seen[-1].get("id") != request_id or "method" in seen[-1]:
        seen.append(client.next_message())
    return seen


def assert_silent(client: McpClient) -> None:
    with pytest.raises(TimeoutError):
        extra = client.next_message(timeout=QUIET)
        pytest.fail(f"the server sent more: {extra}")


def text_of(answer: dict[str, Any]) -> str:
    return answer["result"]["content"][0]["text"]


def stripped(message: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 request as a 2025-11-25 client writes it: no envelope keys in `_meta`."""
    params = dict(message["params"])
    meta = {k: v for k, v in params.pop("_meta", {}).items() if not k.startswith("io.modelcontextprotocol/")}
    return {**message, "params": {**params, **({"_meta": meta} if meta else {})}}


# --- cancellation ------------------------------------------------------------------------------

def test_cancellation_over_stdio_stops_the_handler_and_nothing_answers_the_call(report):
    call, progress, cancel, ask, answer = shown = snippet("cancellation/stdio.json")
    valid(shown, MODERN)
    client = report("stdio", MODERN)
    send(client, call)
    assert client.next_message() == progress  # the tool has started: cancel it now
    send(client, cancel, ask)
    assert read_until(client, ask["id"]) == [answer]
    assert text_of(answer) == "stopped"
    assert_silent(client)  # no result and no error for the cancelled call, ever


def test_cancellation_over_stdio_works_the_same_under_2025_11_25(report):
    call, progress, cancel, ask, answer = snippet("cancellation/stdio.json")
    client = report("stdio", LEGACY)
    send(client, stripped(call))
    assert client.next_message() == progress
    send(client, cancel, stripped(ask))
    [legacy_answer] = read_until(client, ask["id"])
    assert text_of(legacy_answer) == "stopped"
    assert_silent(client)


def test_cancellation_over_http_closing_the_response_stream_stops_the_handler(report):
    call, progress, ask, answer = shown = snippet("cancellation/http-close.json")
    valid(shown, MODERN)
    client = report("http", MODERN)
    with httpx.Client(timeout=15) as http:
        with http.stream("POST", client.url, json=call, headers=client.http_headers(call)) as response:
            assert response.status_code == 200
            assert response.headers["content-type"] == "text/event-stream"
            first = next(line for line in response.iter_lines() if line.startswith("data:"))
        # leaving the block closes the connection: the only signal the client sends
    assert json.loads(first[5:]) == progress
    time.sleep(1.5)  # the server sees the disconnect
    assert client.exchange([ask]) == [answer]
    assert text_of(answer) == "stopped"


def test_cancellation_sdk_client_over_http_gives_up_by_closing_the_stream(report):
    """mcp.Client at 2026-07-28 over HTTP: a cancelled call_tool stops the server's handler."""
    import anyio
    from mcp import Client

    client = report("http", MODERN)
    started = anyio.Event()

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        started.set()

    async def give_up() -> str:
        async with Client(client.url) as sdk:
            async with anyio.create_task_group() as tg:
                async def call() -> None:
                    await sdk.call_tool("slow_report", {"steps": 6}, progress_callback=on_progress)
                tg.start_soon(call)
                await started.wait()
                tg.cancel_scope.cancel()
            await anyio.sleep(1.5)
            return (await sdk.call_tool("report_endings", {})).content[0].text

    assert anyio.run(give_up) == "stopped"


def test_cancellation_posted_over_http_is_acknowledged_202_and_dropped(report):
    call, cancel, result, ask, answer = shown = snippet("cancellation/http-posted.json")
    valid(shown, MODERN)
    client = report("http", MODERN)
    replies: list[Any] = []
    worker = threading.Thread(target=lambda: replies.append(client._post(call, None)))
    worker.start()
    time.sleep(1.5)
    acknowledged = httpx.post(client.url, json=cancel, headers=client.http_headers(cancel), timeout=15)
    assert acknowledged.status_code == 202
    assert acknowledged.content == b""
    worker.join(timeout=15)
    assert replies == [result]  # the call ran to its end and was answered
    assert text_of(result) == "report ready after 3 steps"
    assert client.exchange([ask]) == [answer]
    assert text_of(answer) == "finished"


def test_cancellation_posted_under_2025_11_25_over_http_stops_it_and_answers_32800(report):
    call, cancel, refused, ask, answer = shown = snippet("cancellation/legacy-http.json")
    valid(shown, LEGACY)
    client = report("http", LEGACY)
    replies: list[Any] = []
    worker = threading.Thread(target=lambda: replies.append(client._post(call, None)))
    worker.start()
    time.sleep(1.5)
    acknowledged = httpx.post(client.url, json=cancel, headers=client.http_headers(cancel), timeout=15)
    assert acknowledged.status_code == 202
    assert acknowledged.content == b""
    worker.join(timeout=15)
    assert replies == [refused]
    assert refused["error"] == {"code": -32800, "message": "Request cancelled"}
    assert client.exchange([ask]) == [answer]
    assert text_of(answer) == "stopped"


# --- progress ----------------------------------------------------------------------------------

def test_progress_token_in_meta_brings_one_notice_per_step_before_the_result(report):
    call, *news = shown = snippet("progress/stdio-token.json")
    valid(shown, MODERN)
    client = report("stdio", MODERN)
    send(client, call)
    assert read_until(client, call["id"]) == news
    token = call["params"]["_meta"]["progressToken"]
    assert token == "build-1"
    assert [n["params"]["progressToken"] for n in news[:-1]] == [token] * 3
    assert [n["params"]["progress"] for n in news[:-1]] == [1, 2, 3]
    assert all("id" not in n for n in news[:-1])


def test_progress_under_2025_11_25_is_the_same_notices(report):
    call, *news = snippet("progress/stdio-token.json")
    client = report("stdio", LEGACY)
    send(client, stripped(call))
    legacy = read_until(client, call["id"])
    assert legacy[:-1] == news[:-1]
    assert text_of(legacy[-1]) == text_of(news[-1])


def test_progress_without_a_token_nothing_but_the_result(report):
    call, answer = shown = snippet("progress/no-token.json")
    valid(shown, MODERN)
    assert "_meta" in call["params"] and "progressToken" not in call["params"]["_meta"]
    client = report("stdio", MODERN)
    send(client, call)
    assert read_until(client, call["id"]) == [answer]  # the tool called report_progress twice: nothing sent


def test_progress_over_http_turns_the_answer_into_an_event_stream(report):
    call, *news = snippet("progress/stdio-token.json")
    client = report("http", MODERN)
    response = httpx.post(client.url, json=call, headers=client.http_headers(call), timeout=15)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/event-stream"
    body = response.text.replace("\r\n", "\n").strip()
    assert body == (SNIPPETS / "progress/http-sse.txt").read_text(encoding="utf-8").strip()
    events = [json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:")]
    assert events == news
    no_token, _ = snippet("progress/no-token.json")
    plain = httpx.post(client.url, json=no_token, headers=client.http_headers(no_token), timeout=15)
    assert plain.headers["content-type"] == "application/json"


# --- protocol version (the reference server) ---------------------------------------------------

def test_version_header_that_disagrees_with_meta_is_32020_and_http_400(mcp_client):
    request, error = shown = snippet("protocol-version/header-mismatch.json")
    valid(shown, MODERN)
    client = mcp_client("http", MODERN)
    headers = {**client.http_headers(request), "MCP-Protocol-Version": "2026-07-28"}
    assert request["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2027-01-01"
    response = httpx.post(client.url, json=request, headers=headers, timeout=15)
    assert response.status_code == 400
    assert response.json() == error
    assert error["error"]["code"] == -32020


def test_version_the_server_does_not_speak_is_32022_listing_only_2026_07_28(mcp_client):
    request, error = shown = snippet("protocol-version/unsupported.json")
    valid(shown, MODERN)
    client = mcp_client("http", MODERN)
    response = httpx.post(client.url, json=request, headers=client.http_headers(request), timeout=15)
    assert client.http_headers(request)["MCP-Protocol-Version"] == "2027-01-01"
    assert response.status_code == 400
    assert response.json() == error
    assert error["error"]["data"] == {"supported": ["2026-07-28"], "requested": "2027-01-01"}
    # the same server still accepts an initialize handshake in 2025-11-25, which `supported` leaves out
    assert mcp_client("http", LEGACY).handshake["result"]["protocolVersion"] == "2025-11-25"


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_version_is_read_only_once_the_envelope_is_complete(transport, mcp_client):
    request, error = snippet("protocol-version/envelope-first.json")
    valid([error], MODERN)  # the request itself is malformed on purpose
    assert "io.modelcontextprotocol/clientCapabilities" not in request["params"]["_meta"]
    client = mcp_client(transport, MODERN)
    assert client.exchange([request]) == [error]
    assert error["error"]["code"] == -32602
    if transport == "http":
        response = httpx.post(client.url, json=request, headers=client.http_headers(request), timeout=15)
        assert response.status_code == 400
