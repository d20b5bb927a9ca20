"""Snippets of the completion entry, each replayed on the wire against snippets/completion/city_server.py.

The server runs as a real process over stdio and over Streamable HTTP (127.0.0.1 only), in both eras
(2025-11-25 after the handshake, 2026-07-28 with the per-request envelope). Each JSON snippet is the
request and the answer that went over the wire, compared whole; what the prose states besides (the
`completions` capability, the 100-value cap and which era enforces it, an unknown reference still
answered) is asserted here. Every server process is stopped at the end of its test.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from mcp_types.methods import validate_client_request, validate_server_result

from tests.support.mcp_server import LEGACY, MODERN, McpClient

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
CITY_SERVER = SNIPPETS / "completion" / "city_server.py"


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def stripped(message: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 request as a 2025-11-25 client writes it: no `_meta` envelope."""
    params = {k: v for k, v in message["params"].items() if k != "_meta"}
    return {**message, "params": params}


def legacy_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """The same answer as a 2025-11-25 server writes it: no `resultType`, no `_meta` envelope."""
    result = {k: v for k, v in answer["result"].items() if k not in ("resultType", "_meta")}
    return {**answer, "result": result}


@pytest.fixture
def cities(fresh_server):
    return functools.partial(fresh_server, script=CITY_SERVER)


def complete(client: McpClient, ref: dict[str, Any], name: str, value: str) -> dict[str, Any]:
    return client.request(
        {"jsonrpc": "2.0", "id": 9, "method": "completion/complete", "params": {"ref": ref, "argument": {"name": name, "value": value}}}
    )


STATION = {"type": "ref/resource", "uri": "weather://station/{station}"}
ARCHIVE = {"type": "ref/resource", "uri": "weather://archive/{station}"}


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_completion_prompt_argument_answers_the_prefix(cities, transport):
    request, answer = snippet("completion/prompt.json")
    validate_client_request(request["method"], MODERN, request["params"])
    validate_server_result(request["method"], MODERN, answer["result"])
    assert cities(transport, MODERN).exchange([request]) == [answer]
    assert answer["result"]["completion"]["values"] == ["Lille", "Lisbon", "Lima"]


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_completion_prompt_argument_same_values_under_2025_11_25(cities, transport):
    request, answer = snippet("completion/prompt.json")
    assert cities(transport, LEGACY).exchange([stripped(request)]) == [legacy_answer(answer)]


def test_completion_template_argument_answers_with_total_and_has_more(cities):
    request, answer = snippet("completion/template.json")
    validate_server_result(request["method"], MODERN, answer["result"])
    assert cities("stdio", MODERN).exchange([request]) == [answer]
    assert answer["result"]["completion"]["total"] == 10
    assert answer["result"]["completion"]["hasMore"] is False


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_completion_capability_is_advertised_once_a_handler_exists(cities, revision):
    client = cities("stdio", revision)
    if revision == LEGACY:
        capabilities = client.handshake["result"]["capabilities"]
    else:
        discover = client.request({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}})
        capabilities = discover["result"]["capabilities"]
    assert capabilities["completions"] == {}


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_completion_a_handler_that_cuts_at_100_says_there_is_more(cities, revision):
    completion = complete(cities("stdio", revision), STATION, "station", "station-")["result"]["completion"]
    assert len(completion["values"]) == 100
    assert completion["total"] == 150
    assert completion["hasMore"] is True  # "hasMore": true on the wire


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_completion_over_the_cap_is_an_error_at_2026_07_28(cities, transport):
    request, answer = snippet("completion/over-cap.json")
    assert cities(transport, MODERN).exchange([request]) == [answer]
    assert answer["error"]["code"] == -32603
    assert answer["error"]["message"] == "Handler returned an invalid result"


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_completion_over_the_cap_passes_at_2025_11_25(cities, transport):
    request, _ = snippet("completion/over-cap.json")
    [answer] = cities(transport, LEGACY).exchange([stripped(request)])
    assert len(answer["result"]["completion"]["values"]) == 150


def test_completion_unknown_reference_is_not_checked_by_the_sdk(cities):
    client = cities("stdio", MODERN)
    unknown_prompt = complete(client, {"type": "ref/prompt", "name": "no_such_prompt"}, "city", "Pa")
    unknown_template = complete(client, {"type": "ref/resource", "uri": "weather://nothing/{city}"}, "city", "Pa")
    assert unknown_prompt["result"]["completion"]["values"] == ["Paris"]
    assert unknown_template["result"]["completion"]["values"] == ["Paris"]
    other = complete(client, {"type": "ref/prompt", "name": "plan_trip"}, "days", "2")
    assert other["result"]["completion"] == {"values": []}
