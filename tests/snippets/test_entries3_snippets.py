"""Snippets of the caching, elicitation and notifications entries: each client script runs against
its server script as a real process over stdio (the official Python SDK on both sides), prints the
transcript its entry shows and records the wire with `tee`; every JSON snippet is compared with
the recorded messages and validated with the SDK's typed models for its revision."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp_types.methods import (
    parse_server_notification,
    parse_server_request,
    validate_client_notification,
    validate_client_request,
    validate_client_result,
    validate_server_result,
)

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
MODERN, LEGACY = "2026-07-28", "2025-11-25"
SEALED = "<sealed requestState>"


class Run:
    """A client snippet run once per revision (`auto`, then `legacy`) against its server snippet started
    behind `tee`: its output, and the messages recorded per revision and direction."""

    def __init__(self, client: str, server: str, wire: Path) -> None:
        self.stdout, self.wire = "", wire
        for mode, revision in (("auto", MODERN), ("legacy", LEGACY)):
            to_server, to_client = (wire / f"{revision}.{way}.jsonl" for way in ("to-server", "to-client"))
            command = f'tee "{to_server}" | "{sys.executable}" "{SNIPPETS / server}" | tee "{to_client}"'
            done = subprocess.run([sys.executable, str(SNIPPETS / client), mode, "bash", "-c", command],
                                  capture_output=True, text=True, timeout=120, check=True,
                                  env={**os.environ, "WIRE": str(to_server)})
            self.stdout += done.stdout

    def messages(self, revision: str, way: str) -> list[dict[str, Any]]:
        lines = (self.wire / f"{revision}.{way}.jsonl").read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines]


def request(messages: list[dict[str, Any]], id_: Any) -> dict[str, Any]:
    """The request with this id among recorded messages (a request has a method, an answer has none)."""
    return next(m for m in messages if m.get("id") == id_ and "method" in m)


def answer(messages: list[dict[str, Any]], id_: Any) -> dict[str, Any]:
    """The answer (result or error) with this id among recorded messages."""
    return next(m for m in messages if m.get("id") == id_ and "method" not in m)


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def unsealed(value: Any) -> Any:
    """The value with every requestState replaced: the SDK seals it afresh (AES-GCM) on each run."""
    if isinstance(value, dict):
        return {k: SEALED if k == "requestState" else unsealed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unsealed(v) for v in value]
    return value


@pytest.fixture(scope="module")
def caching(tmp_path_factory) -> Run:
    return Run("caching/cache_demo.py", "caching/hinted_server.py", tmp_path_factory.mktemp("caching"))


@pytest.fixture(scope="module")
def elicitation(tmp_path_factory) -> Run:
    return Run("elicitation/ask_user.py", "elicitation/tracker_server.py", tmp_path_factory.mktemp("elicitation"))


@pytest.fixture(scope="module")
def notifications(tmp_path_factory) -> Run:
    return Run("notifications/watch.py", "notifications/forecaster_server.py", tmp_path_factory.mktemp("notifications"))


# --- caching -----------------------------------------------------------------------------------

def test_caching_transcript_is_the_one_shown(caching):
    assert caching.stdout == (SNIPPETS / "caching/transcript.txt").read_text(encoding="utf-8")


def test_caching_hinted_list_is_what_the_server_sent(caching):
    to_server, to_client = caching.messages(MODERN, "to-server"), caching.messages(MODERN, "to-client")
    shown, response = snippet("caching/tools-list-hinted.json")
    assert [shown, response] == [request(to_server, shown["id"]), answer(to_client, shown["id"])]
    validate_client_request("tools/list", MODERN, shown["params"])
    validate_server_result("tools/list", MODERN, response["result"])
    assert (response["result"]["ttlMs"], response["result"]["cacheScope"]) == (60000, "public")


def test_caching_client_keeps_lists_and_reads_but_never_tool_calls(caching):
    sent = [m["method"] for m in caching.messages(MODERN, "to-server") if "id" in m]
    # discover; one tools/list and one resources/read for two rounds, both tools/call; after 6 s the
    # read again (its 5 s are up) but not the list; after 66 s both
    assert sent == ["server/discover", "tools/list", "tools/call", "resources/read", "tools/call",
                    "resources/read", "resources/read", "tools/list"]
    reads = [m["result"] for m in caching.messages(MODERN, "to-client") if "contents" in m.get("result", {})]
    assert {(r["ttlMs"], r["cacheScope"]) for r in reads} == {(5000, "private")}
    calls = [m["result"] for m in caching.messages(MODERN, "to-client") if "content" in m.get("result", {})]
    assert calls and all("ttlMs" not in r and "cacheScope" not in r for r in calls)


def test_caching_hints_are_absent_and_ignored_under_2025_11_25(caching):
    sent = [m["method"] for m in caching.messages(LEGACY, "to-server") if "id" in m]
    assert sent.count("tools/list") == 4 and sent.count("resources/read") == 4
    results = [m["result"] for m in caching.messages(LEGACY, "to-client") if "result" in m]
    assert all("ttlMs" not in r and "cacheScope" not in r for r in results)


def test_caching_hinted_server_sends_its_hints_to_a_2026_client():
    import anyio
    from mcp import Client, StdioServerParameters

    server = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "caching/hinted_server.py")])

    async def hints() -> list[tuple[int, str]]:
        async with Client(server, cache=None) as client:
            listed = await client.list_tools()
            read = await client.read_resource("weather://me/favourites")
            return [(listed.ttl_ms, listed.cache_scope), (read.ttl_ms, read.cache_scope)]

    assert anyio.run(hints) == [(60000, "public"), (5000, "private")]


def test_caching_sdk_defaults_the_entry_states():
    from mcp.client.caching import MAX_TTL_MS, CacheConfig
    from mcp_types.methods import CACHEABLE_METHODS

    assert sorted(CACHEABLE_METHODS) == ["prompts/list", "resources/list", "resources/read",
                                         "resources/templates/list", "server/discover", "tools/list"]
    assert MAX_TTL_MS == 24 * 60 * 60 * 1000
    config = CacheConfig()
    assert (config.default_ttl_ms, config.share_public) == (0, False)


# --- elicitation -------------------------------------------------------------------------------

def test_elicitation_transcript_is_the_one_shown(elicitation):
    assert elicitation.stdout == (SNIPPETS / "elicitation/transcript.txt").read_text(encoding="utf-8")


def test_elicitation_2026_question_travels_in_an_input_required_result(elicitation):
    to_server, to_client = elicitation.messages(MODERN, "to-server"), elicitation.messages(MODERN, "to-client")
    response = snippet("elicitation/input-required.json")
    assert unsealed(response) == unsealed(answer(to_client, 2))
    validate_client_request("tools/call", MODERN, request(to_server, 2)["params"])
    validate_server_result("tools/call", MODERN, response["result"])
    assert response["result"]["resultType"] == "input_required"
    # no request ever goes from the server to the client under this revision
    assert all("method" not in m for m in to_client)


def test_elicitation_2026_client_sends_the_call_again_with_the_answer_and_the_state(elicitation):
    to_server, to_client = elicitation.messages(MODERN, "to-server"), elicitation.messages(MODERN, "to-client")
    retry = snippet("elicitation/retry.json")
    first, asked, again = request(to_server, 2), answer(to_client, 2), request(to_server, 3)
    assert unsealed(retry) == unsealed(again)
    validate_client_request("tools/call", MODERN, retry["params"])
    final = answer(to_client, 3)
    validate_server_result("tools/call", MODERN, final["result"])
    assert final["result"]["resultType"] == "complete" and final["result"]["isError"] is False
    # the state comes back byte for byte, under a new request id, with the same name and arguments
    assert again["params"]["requestState"] == asked["result"]["requestState"]
    assert asked["result"]["requestState"].startswith("v1.")
    assert {k: again["params"][k] for k in ("name", "arguments")} == {k: first["params"][k] for k in ("name", "arguments")}


def test_elicitation_2025_server_sends_its_own_request_mid_call(elicitation):
    to_server, to_client = elicitation.messages(LEGACY, "to-server"), elicitation.messages(LEGACY, "to-client")
    ask, shown_reply = snippet("elicitation/elicitation-create.json")
    reply = answer(to_server, 1)
    assert [ask, shown_reply] == [request(to_client, 1), reply]
    parse_server_request("elicitation/create", LEGACY, ask.get("params"))
    validate_client_result("elicitation/create", LEGACY, reply["result"])
    # the question arrives while tools/call id 2 is still open: its result comes only after the answer
    assert to_client.index(request(to_client, 1)) < to_client.index(answer(to_client, 2))
    assert to_server.index(request(to_server, 2)) < to_server.index(reply)


def test_elicitation_client_declares_the_capability_it_can_serve(elicitation):
    modern = elicitation.messages(MODERN, "to-server")[0]["params"]["_meta"]
    legacy = elicitation.messages(LEGACY, "to-server")[0]["params"]
    assert modern["io.modelcontextprotocol/clientCapabilities"] == {"elicitation": {"form": {}, "url": {}}}
    assert legacy["capabilities"] == {"elicitation": {"form": {}, "url": {}}}


def test_elicitation_decline_reaches_the_model_as_a_tool_error_in_both_eras(elicitation):
    for revision in (MODERN, LEGACY):
        last = elicitation.messages(revision, "to-client")[-1]["result"]
        assert last["isError"] is True
        assert last["content"][0]["text"].endswith("elicitation was decline")


def test_elicitation_2026_without_the_capability_is_refused_before_asking(tmp_path):
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError

    server = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "elicitation/tracker_server.py")])

    async def call() -> None:
        async with Client(server) as client:
            await client.call_tool("file_issue", {"title": "Wind rounded to zero"})

    with pytest.raises(BaseException) as refused:
        anyio.run(call)
    error = refused.value
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    assert isinstance(error, MCPError) and error.code == -32021
    assert "did not declare the form elicitation capability" in str(error)


# --- notifications -----------------------------------------------------------------------------

def test_notifications_transcript_is_the_one_shown(notifications):
    assert notifications.stdout == (SNIPPETS / "notifications/transcript.txt").read_text(encoding="utf-8")


def _validate(messages: list[dict[str, Any]], revision: str) -> None:
    for message in messages:
        if "method" in message and "id" in message:
            validate_client_request(message["method"], revision, message.get("params"))
        elif message.get("method") == "notifications/cancelled":
            validate_client_notification(message["method"], revision, message.get("params"))
        elif "method" in message:
            parse_server_notification(message["method"], revision, message.get("params"))


def test_notifications_progress_is_what_the_server_sent(notifications):
    to_server, to_client = notifications.messages(MODERN, "to-server"), notifications.messages(MODERN, "to-client")
    shown = snippet("notifications/progress.json")
    call, result = request(to_server, 2), answer(to_client, 2)
    news = to_client[:to_client.index(result)][-4:]
    assert shown == [call, *news, result]
    _validate(shown, MODERN)
    validate_server_result("tools/call", MODERN, shown[-1]["result"])
    token = shown[0]["params"]["_meta"]["progressToken"]
    assert all(m["params"]["progressToken"] == token for m in shown[1:4])
    assert all("id" not in m for m in shown[1:5])


def test_notifications_listen_stream_is_what_went_over_the_pipe(notifications):
    to_server, to_client = notifications.messages(MODERN, "to-server"), notifications.messages(MODERN, "to-client")
    shown = snippet("notifications/listen.json")
    stream = [m for m in to_client if m.get("params", {}).get("_meta", {}).get("io.modelcontextprotocol/subscriptionId")]
    closing = [m for m in to_server if m.get("params", {}).get("requestId") == "listen-1"]
    assert shown == [request(to_server, "listen-1"), *stream, *closing]
    _validate(shown, MODERN)
    # the stream is never answered: it ends with the client's cancellation
    assert not [m for m in to_client if m.get("id") == "listen-1"]


def test_notifications_cancelled_call_gets_no_answer(notifications):
    to_server, to_client = notifications.messages(MODERN, "to-server"), notifications.messages(MODERN, "to-client")
    shown = snippet("notifications/cancelled.json")
    call = next(m for m in to_server if m.get("params", {}).get("name") == "slow_report")
    assert shown == [call, *[m for m in to_server if m.get("params", {}).get("requestId") == call["id"]]]
    _validate(shown, MODERN)
    assert not [m for m in to_client if m.get("id") == shown[0]["id"]]


def test_notifications_2025_list_changed_is_sent_bare_to_whoever_is_connected(notifications):
    to_server, to_client = notifications.messages(LEGACY, "to-server"), notifications.messages(LEGACY, "to-client")
    assert {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"} in to_client
    assert "subscriptions/listen" not in [m.get("method") for m in to_server]
    # announced as not supported in the handshake, sent all the same: the SDK does not stop it
    assert to_client[0]["result"]["capabilities"]["tools"] == {"listChanged": False}
    assert {"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 6, "reason": "caller cancelled"}} in to_server


def test_notifications_2026_client_sends_no_notification_but_cancelled():
    from mcp_types.methods import CLIENT_NOTIFICATIONS

    assert sorted(m for m, rev in CLIENT_NOTIFICATIONS if rev == MODERN) == ["notifications/cancelled"]
    assert sorted(m for m, rev in CLIENT_NOTIFICATIONS if rev == LEGACY) == [
        "notifications/cancelled", "notifications/initialized", "notifications/progress",
        "notifications/roots/list_changed"]


def test_notifications_2026_log_messages_need_the_per_request_opt_in(tmp_path):
    """Without log_level, a 2026-07-28 request carries no logLevel and the server sends no log."""
    import anyio
    from mcp import Client, StdioServerParameters

    logs: list[str] = []

    async def log(params) -> None:
        logs.append(params.data)

    server = StdioServerParameters(command=sys.executable,
                                   args=[str(SNIPPETS / "notifications/forecaster_server.py")])

    async def call() -> None:
        async with Client(server, logging_callback=log) as client:
            await client.call_tool("forecast_region", {"region": "Brittany"})

    anyio.run(call)
    assert logs == []


# --- mcp-prompt (its JSON exchanges are cases in mcp_cases.yml) ---------------------------------

@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_prompt_missing_argument_is_code_0_under_2025_11_25_and_minus_32603_under_2026(transport, mcp_client):
    """mcp-prompt says: not the -32602 the specification names, and not the same code in both eras."""
    request = {"jsonrpc": "2.0", "id": 70, "method": "prompts/get",
               "params": {"name": "triage_issues", "arguments": {}}}
    legacy = mcp_client(transport, LEGACY).request(request)
    assert legacy["error"] == {"code": 0, "message": "Missing required arguments: {'repository'}"}
    modern = mcp_client(transport, MODERN).request({**request, "id": 71})
    assert modern["error"] == {"code": -32603, "message": "Internal server error"}


def test_prompt_messages_can_only_speak_as_user_or_assistant():
    from typing import get_args

    from mcp_types import _v2025_11_25 as v2025
    from mcp_types import _v2026_07_28 as v2026

    assert set(get_args(v2026.Role)) == set(get_args(v2025.Role)) == {"user", "assistant"}
    assert v2026.GetPromptRequestParams.model_fields["arguments"].annotation == (dict[str, str] | None)


def test_prompts_get_carries_no_cache_hints_and_may_need_input():
    from mcp_types.methods import CACHEABLE_METHODS, INPUT_REQUIRED_METHODS

    assert "prompts/list" in CACHEABLE_METHODS and "prompts/get" not in CACHEABLE_METHODS
    assert sorted(INPUT_REQUIRED_METHODS) == ["prompts/get", "resources/read", "tools/call"]
