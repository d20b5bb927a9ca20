"""Snippets of the tasks, multi-round requests and server discovery entries, replayed on the wire.

Each JSON snippet is the list of messages that went over the wire between a raw client and the
reference server (snippets/server/weather_server.py), a real process over stdio, and is compared
whole. The facts the prose draws from the SDK's typed models (which revision defines which method)
are asserted here too. Every server process is stopped at the end of its test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp_types._v2025_11_25 as v2025
import mcp_types._v2026_07_28 as v2026
import pytest
from mcp_types.methods import validate_client_request, validate_server_result
from pydantic import ValidationError

from tests.support.mcp_server import LEGACY, MODERN, McpClient

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


@pytest.fixture
def reference():
    """`reference(revision)` -> an McpClient on a fresh reference server over stdio, stopped after the test."""
    clients: list[McpClient] = []

    def start(revision: str) -> McpClient:
        clients.append(McpClient("stdio", revision))
        return clients[-1]

    yield start
    for client in clients:
        client.close()


# --- tasks -------------------------------------------------------------------------------------

def test_tasks_2025_11_25_the_task_field_is_ignored_and_tasks_get_is_unknown(reference):
    call, answer, get, refused = snippet("tasks/legacy.json")
    assert call["params"]["task"] == {"ttl": 60000}
    validate_client_request(call["method"], LEGACY, call["params"])  # a valid task-augmented call
    v2025.GetTaskRequest.model_validate(get)  # tasks/get is a method of this revision
    client = reference(LEGACY)
    assert "tasks" not in client.handshake["result"]["capabilities"]  # the server declares no task support
    assert client.exchange([call, get]) == [answer, refused]
    assert "task" not in answer["result"]  # an ordinary CallToolResult, not a CreateTaskResult
    validate_server_result("tools/call", LEGACY, answer["result"])
    with pytest.raises(ValidationError):
        v2025.CreateTaskResult.model_validate(answer["result"])
    assert refused["error"]["code"] == -32601


def test_tasks_2026_07_28_not_in_core_and_not_offered_by_the_sdk(reference):
    discover, discovered, get, refused = snippet("tasks/modern.json")
    assert hasattr(v2025, "GetTaskRequest") and not hasattr(v2026, "GetTaskRequest")
    assert not any("Task" in name for name in dir(v2026) if not name.startswith("_"))
    client = reference(MODERN)
    assert client.exchange([discover, get]) == [discovered, refused]
    capabilities = discovered["result"]["capabilities"]
    assert "tasks" not in capabilities
    assert "io.modelcontextprotocol/tasks" not in capabilities["extensions"]
    assert refused["error"] == {"code": -32601, "message": "Method not found", "data": "tasks/get"}


# --- multi-round requests (input_required) ------------------------------------------------------

TRACKER = SNIPPETS / "elicitation" / "tracker_server.py"
SEALED = "<sealed afresh on each run>"


def unsealed(value: Any) -> Any:
    """The value with every requestState replaced: the SDK seals it afresh on each run."""
    if isinstance(value, dict):
        return {k: SEALED if k == "requestState" else unsealed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unsealed(v) for v in value]
    return value


def with_state(message: dict[str, Any], state: str) -> dict[str, Any]:
    return {**message, "params": {**message["params"], "requestState": state}}


@pytest.fixture
def tracker():
    """A client on a fresh tracker_server.py (its tool asks the user a question), stopped after the test."""
    client = McpClient("stdio", MODERN, script=TRACKER)
    yield client
    client.close()


def test_input_required_the_question_rides_the_result_and_the_retry_is_a_new_request(tracker):
    call, asked, retry, done = snippet("input-required/round-trip.json")
    for request in (call, retry):
        validate_client_request("tools/call", MODERN, request["params"])
    assert call["params"]["name"] == "file_issue"
    [got] = tracker.exchange([call])
    assert unsealed(got) == unsealed(asked)
    assert asked["result"]["resultType"] == "input_required" and "content" not in asked["result"]
    [(key, question)] = asked["result"]["inputRequests"].items()
    assert question["method"] == "elicitation/create"
    assert retry["id"] != call["id"]  # a new JSON-RPC request, not an answer to the server
    assert (retry["params"]["name"], retry["params"]["arguments"]) == (call["params"]["name"], call["params"]["arguments"])
    assert list(retry["params"]["inputResponses"]) == [key]
    state = got["result"]["requestState"]
    assert state.startswith("v1.") and "high" not in state and "Wind" not in state  # opaque to the client
    [final] = tracker.exchange([with_state(retry, state)])
    assert final == done and done["result"]["resultType"] == "complete"
    validate_server_result("tools/call", MODERN, done["result"])


def test_input_required_state_replays_but_is_bound_to_the_request(tracker):
    call, _, _, done = snippet("input-required/round-trip.json")
    replay, replayed, other, refused = snippet("input-required/state.json")
    [got] = tracker.exchange([call])
    state = got["result"]["requestState"]
    first, again = tracker.exchange([with_state(replay, state)]), tracker.exchange([with_state(replay, state)])
    assert first == [replayed] and again == [replayed]  # the same state is honoured twice: not single-use
    assert replayed["result"] == done["result"]
    assert other["params"]["arguments"] != replay["params"]["arguments"]
    assert other["params"]["inputResponses"] == replay["params"]["inputResponses"]
    assert tracker.exchange([with_state(other, state)]) == [refused]
    assert refused["error"] == {"code": -32602, "message": "Invalid or expired requestState",
                                "data": {"reason": "invalid_request_state"}}
    tampered = state[:-4] + ("AAAA" if not state.endswith("AAAA") else "BBBB")
    assert tracker.exchange([with_state(replay, tampered)])[0]["error"] == refused["error"]


# --- server discovery ---------------------------------------------------------------------------

def test_discover_is_optional_and_describes_the_server(reference):
    call, result, discover, discovered = snippet("server-discover/discover.json")
    for message in (call, discover):
        validate_client_request(message["method"], MODERN, message["params"])
    client = reference(MODERN)
    # the first request of the connection is a tools/call: no discover, no handshake before it
    assert client.exchange([call]) == [result]
    assert result["result"]["resultType"] == "complete"
    assert client.exchange([discover]) == [discovered]
    validate_server_result("server/discover", MODERN, discovered["result"])
    body = discovered["result"]
    assert body["supportedVersions"] == [MODERN]  # 2025-11-25 is served, through initialize, but not listed
    assert body["_meta"]["io.modelcontextprotocol/serverInfo"] == {"name": "weather", "version": "1.0.0"}
    assert (body["cacheScope"], body["ttlMs"]) == ("private", 0)


def test_discover_at_a_handshake_version_is_refused_with_the_supported_list(reference):
    discover, refused = snippet("server-discover/refused.json")
    assert discover["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == LEGACY
    client = reference(MODERN)
    assert client.exchange([discover]) == [refused]
    assert refused["error"]["code"] == -32022
    assert refused["error"]["data"] == {"supported": [MODERN], "requested": LEGACY}


def test_sdk_client_probes_discover_then_falls_back_to_initialize():
    done = subprocess.run([sys.executable, str(SNIPPETS / "server-discover" / "connect.py")],
                          capture_output=True, text=True, timeout=90, check=True)
    assert done.stdout == (SNIPPETS / "server-discover" / "transcript.txt").read_text(encoding="utf-8")
    modern, legacy, received = done.stdout.splitlines()
    assert "connected by discover, protocol 2026-07-28" in modern
    assert "connected by initialize, protocol 2025-11-25" in legacy
    # the probe comes first, is refused, and the handshake follows on the same connection
    assert received.split(": ", 1)[1].split(", ") == ["server/discover", "initialize", "notifications/initialized", "tools/list"]
