"""Snippets of the sampling, roots and logging entries (three features the 2026-07-28 revision deprecated):
each client script runs against its server script as a real process over stdio (the official Python SDK on
both sides), once per revision (`auto` = 2026-07-28, `legacy` = 2025-11-25), prints the transcript its entry
shows and records the wire with `tee`; every JSON snippet is compared with the recorded messages and
validated with the SDK's typed models for its revision."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_types.methods import (
    parse_server_notification,
    parse_server_request,
    validate_client_request,
    validate_client_result,
    validate_server_result,
)

from tests.snippets.test_entries3_snippets import LEGACY, MODERN, answer, request, snippet, unsealed

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


class Run:
    """A client snippet run once per revision against its server snippet behind `tee` (as in
    test_entries3_snippets.Run), keeping stderr too: a stdio server's stderr reaches the client's."""

    def __init__(self, client: str, server: str, wire: Path) -> None:
        self.stdout, self.stderr, self.wire = "", "", wire
        for mode, revision in (("auto", MODERN), ("legacy", LEGACY)):
            to_server, to_client = (wire / f"{revision}.{way}.jsonl" for way in ("to-server", "to-client"))
            command = f'tee "{to_server}" | "{sys.executable}" "{SNIPPETS / server}" | tee "{to_client}"'
            done = subprocess.run([sys.executable, str(SNIPPETS / client), mode, "bash", "-c", command],
                                  capture_output=True, text=True, timeout=120, check=True, env=dict(os.environ))
            self.stdout += done.stdout
            self.stderr += done.stderr

    def messages(self, revision: str, way: str) -> list[dict]:
        import json

        lines = (self.wire / f"{revision}.{way}.jsonl").read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines]


def _innermost(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


def _call_without_capability(server: str, tool: str, arguments: dict) -> BaseException:
    """Call a tool from a 2026-07-28 client that declares no capability; return what it raised."""
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / server)])

    async def call() -> None:
        async with Client(params) as client:
            await client.call_tool(tool, arguments)

    with pytest.raises(BaseException) as raised:
        anyio.run(call)
    return _innermost(raised.value)


@pytest.fixture(scope="module")
def sampling(tmp_path_factory) -> Run:
    return Run("sampling/lend_model.py", "sampling/notes_server.py", tmp_path_factory.mktemp("sampling"))


@pytest.fixture(scope="module")
def roots(tmp_path_factory) -> Run:
    return Run("roots/open_folders.py", "roots/files_server.py", tmp_path_factory.mktemp("roots"))


@pytest.fixture(scope="module")
def logging_run(tmp_path_factory) -> Run:
    return Run("logging/read_logs.py", "logging/forecast_server.py", tmp_path_factory.mktemp("logging"))


# --- sampling ----------------------------------------------------------------------------------

def test_sampling_transcript_is_the_one_shown(sampling):
    assert sampling.stdout == (SNIPPETS / "sampling/transcript.txt").read_text(encoding="utf-8")


def test_sampling_2026_request_for_a_completion_travels_in_an_input_required_result(sampling):
    to_server, to_client = sampling.messages(MODERN, "to-server"), sampling.messages(MODERN, "to-client")
    response = snippet("sampling/input-required.json")
    assert unsealed(response) == unsealed(answer(to_client, 2))
    validate_server_result("tools/call", MODERN, response["result"])
    assert response["result"]["resultType"] == "input_required"
    (asked,) = response["result"]["inputRequests"].values()
    assert asked["method"] == "sampling/createMessage" and asked["params"]["maxTokens"] == 60
    # no request goes from the server to the client under this revision
    assert all("method" not in m for m in to_client)
    # the client sends the call again with the completion under the same key, then gets the final result
    again = request(to_server, 3)
    validate_client_request("tools/call", MODERN, again["params"])
    assert again["params"]["inputResponses"].keys() == response["result"]["inputRequests"].keys()
    assert again["params"]["requestState"] == answer(to_client, 2)["result"]["requestState"]
    assert answer(to_client, 3)["result"]["resultType"] == "complete"


def test_sampling_2025_server_sends_sampling_create_message_mid_call(sampling):
    to_server, to_client = sampling.messages(LEGACY, "to-server"), sampling.messages(LEGACY, "to-client")
    ask, shown_reply = snippet("sampling/create-message.json")
    reply = answer(to_server, 1)
    assert [ask, shown_reply] == [request(to_client, 1), reply]
    parse_server_request("sampling/createMessage", LEGACY, ask["params"])
    validate_client_result("sampling/createMessage", LEGACY, reply["result"])
    # the request arrives while tools/call id 2 is still open
    assert to_client.index(request(to_client, 1)) < to_client.index(answer(to_client, 2))
    # the server asked for no model; the client's answer names the one it used
    assert "modelPreferences" not in ask["params"] and reply["result"]["model"] == "stand-in-model"


def test_sampling_client_declares_the_capability_in_both_eras(sampling):
    modern = sampling.messages(MODERN, "to-server")[0]["params"]["_meta"]
    legacy = sampling.messages(LEGACY, "to-server")[0]["params"]
    assert modern["io.modelcontextprotocol/clientCapabilities"] == {"sampling": {}}
    assert legacy["capabilities"] == {"sampling": {}}


def test_sampling_model_sees_one_parameter_the_sdk_fills_the_other(sampling):
    for revision in (MODERN, LEGACY):
        listed = next(m["result"]["tools"] for m in sampling.messages(revision, "to-client") if "tools" in m.get("result", {}))
        (tool,) = listed
        assert tool["name"] == "release_note" and list(tool["inputSchema"]["properties"]) == ["change"]


def test_sampling_2026_without_the_capability_is_refused_before_asking():
    from mcp.shared.exceptions import MCPError

    error = _call_without_capability("sampling/notes_server.py", "release_note", {"change": "fix: typo"})
    assert isinstance(error, MCPError) and error.code == -32021
    assert "did not declare the sampling capability" in str(error)


# --- roots -------------------------------------------------------------------------------------

def test_roots_transcript_is_the_one_shown(roots):
    assert roots.stdout == (SNIPPETS / "roots/transcript.txt").read_text(encoding="utf-8")


def test_roots_2026_request_for_the_roots_travels_in_an_input_required_result(roots):
    to_server, to_client = roots.messages(MODERN, "to-server"), roots.messages(MODERN, "to-client")
    call, response = snippet("roots/input-required.json")
    assert [call, unsealed(response)] == [request(to_server, 2), unsealed(answer(to_client, 2))]
    validate_client_request("tools/call", MODERN, call["params"])
    validate_server_result("tools/call", MODERN, response["result"])
    assert response["result"]["resultType"] == "input_required"
    assert list(response["result"]["inputRequests"].values()) == [{"method": "roots/list"}]
    assert call["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"] == {"roots": {"listChanged": True}}
    assert all("method" not in m for m in to_client)


def test_roots_2025_server_sends_roots_list_mid_call(roots):
    to_server, to_client = roots.messages(LEGACY, "to-server"), roots.messages(LEGACY, "to-client")
    ask, shown_reply = snippet("roots/roots-list.json")
    reply = answer(to_server, 1)
    assert [ask, shown_reply] == [request(to_client, 1), reply]
    parse_server_request("roots/list", LEGACY, ask.get("params"))
    validate_client_result("roots/list", LEGACY, reply["result"])
    assert to_client.index(request(to_client, 1)) < to_client.index(answer(to_client, 2))
    assert [r["uri"] for r in reply["result"]["roots"]] == ["file:///home/ada/forecast", "file:///home/ada/notes"]


def test_roots_replacement_is_an_ordinary_tool_argument(roots):
    to_server, to_client = roots.messages(MODERN, "to-server"), roots.messages(MODERN, "to-client")
    call, result = snippet("roots/tool-parameter.json")
    assert [call, result] == [request(to_server, 5), answer(to_client, 5)]
    validate_client_request("tools/call", MODERN, call["params"])
    validate_server_result("tools/call", MODERN, result["result"])
    assert call["params"]["arguments"] == {"directory": "/home/ada/forecast"}
    assert result["result"]["resultType"] == "complete"
    # answering it needed no round trip: no input_required anywhere after the roots call
    assert [m["result"]["resultType"] for m in to_client if "result" in m and m["id"] > 2] == ["complete"] * 3


def test_roots_2026_without_the_capability_is_refused_before_asking():
    from mcp.shared.exceptions import MCPError

    error = _call_without_capability("roots/files_server.py", "where_to_look", {})
    assert isinstance(error, MCPError) and error.code == -32021
    assert "did not declare the roots capability" in str(error)


def test_roots_sdk_accepts_only_file_uris():
    from mcp_types import Root
    from pydantic import ValidationError

    assert str(Root(uri="file:///home/ada/notes").uri) == "file:///home/ada/notes"
    with pytest.raises(ValidationError):
        Root(uri="https://example.org/notes")


# --- logging -----------------------------------------------------------------------------------

def test_logging_transcript_is_the_one_shown(logging_run):
    assert logging_run.stdout == (SNIPPETS / "logging/transcript.txt").read_text(encoding="utf-8")


def test_logging_2026_level_rides_the_request_and_filters_what_comes_back(logging_run):
    to_server, to_client = logging_run.messages(MODERN, "to-server"), logging_run.messages(MODERN, "to-client")
    shown = snippet("logging/log-level.json")
    call, result = request(to_server, 2), answer(to_client, 2)
    logs = [m for m in to_client[:to_client.index(result)] if m.get("method") == "notifications/message"]
    assert shown == [call, *logs, result]
    validate_client_request("tools/call", MODERN, call["params"])
    for log in logs:
        parse_server_notification("notifications/message", MODERN, log["params"])
    assert call["params"]["_meta"]["io.modelcontextprotocol/logLevel"] == "info"
    # the tool logs debug then info: only info comes back, before the result
    assert [log["params"]["level"] for log in logs] == ["info"]
    # no logging/setLevel request under this revision
    assert all(m.get("method") != "logging/setLevel" for m in to_server)


def test_logging_2025_set_level_is_refused_and_every_level_is_sent(logging_run):
    to_server, to_client = logging_run.messages(LEGACY, "to-server"), logging_run.messages(LEGACY, "to-client")
    shown = snippet("logging/set-level.json")
    set_level, refused, final = request(to_server, 2), answer(to_client, 2), answer(to_client, 3)
    logs = [m for m in to_client[:to_client.index(final)] if m.get("method") == "notifications/message"]
    assert shown == [set_level, refused, *logs]
    validate_client_request("logging/setLevel", LEGACY, set_level["params"])
    assert refused["error"]["code"] == -32601
    assert [log["params"]["level"] for log in logs] == ["debug", "info"]
    # mcp 2.3.0's MCPServer declares no logging capability, in either revision
    initialize = answer(to_client, 1)["result"]
    discover = answer(logging_run.messages(MODERN, "to-client"), 1)["result"]
    assert "logging" not in initialize["capabilities"] and "logging" not in discover["capabilities"]


def test_logging_stderr_reaches_the_client_process_and_never_the_wire(logging_run):
    assert logging_run.stderr.count("forecast: fetched Brest") == 2  # once per revision
    for revision in (MODERN, LEGACY):
        wire = (logging_run.wire / f"{revision}.to-client.jsonl").read_text(encoding="utf-8")
        assert "fetched Brest" not in wire


def test_logging_2026_without_a_level_sends_no_log():
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "logging/forecast_server.py")])
    received: list = []

    async def show(message) -> None:
        received.append(message)

    async def call() -> str:
        async with Client(params, logging_callback=show) as client:
            return (await client.call_tool("forecast", {"city": "Brest"})).content[0].text

    assert anyio.run(call) == "Brest: 14 °C, light rain"
    assert received == []


def test_logging_sdk_marks_the_feature_deprecated():
    import warnings

    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPDeprecationWarning

    params = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "logging/forecast_server.py")])

    async def set_level() -> None:
        async with Client(params, mode="legacy") as client:
            try:
                await client.set_logging_level("info")
            except Exception:
                pass

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        anyio.run(set_level)
    messages = {str(w.message) for w in caught if issubclass(w.category, MCPDeprecationWarning)}
    assert "The logging capability is deprecated as of 2026-07-28 (SEP-2577)." in messages


def test_logging_2026_level_is_a_floor_and_absent_means_none():
    from mcp.server.connection import allowed_log_levels

    key = "io.modelcontextprotocol/logLevel"
    assert allowed_log_levels(MODERN, {key: "warning"}) == {"warning", "error", "critical", "alert", "emergency"}
    assert allowed_log_levels(MODERN, {}) == frozenset()
    # handshake revisions: every level may be sent; filtering is a logging/setLevel handler's job
    assert len(allowed_log_levels(LEGACY, None)) == 8
