"""Snippets of the pagination entry, replayed on the wire against snippets/completion/city_server.py.

The server (an MCPServer with one prompt and three resource templates) runs as a real process over
stdio and over Streamable HTTP (127.0.0.1 only), in both eras. Each JSON snippet is the request and
the answer that went over the wire, compared whole; what the prose states besides (an unknown cursor
ignored on every list method, no `nextCursor`, a cursor that is not a string refused with -32602,
`tasks/list` absent) is asserted here. Every server process is stopped at the end of its test.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from mcp_types.methods import validate_client_request

from tests.support.mcp_server import LEGACY, MODERN, McpClient, envelope

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
CITY_SERVER = SNIPPETS / "completion" / "city_server.py"
LISTS = {"tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources", "resources/templates/list": "resourceTemplates"}


def snippet(path: str) -> Any:
    return json.loads((SNIPPETS / path).read_text(encoding="utf-8"))


def stripped(message: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 request as a 2025-11-25 client writes it: no `_meta` envelope."""
    return {**message, "params": {k: v for k, v in message["params"].items() if k != "_meta"}}


@pytest.fixture
def cities(fresh_server):
    return functools.partial(fresh_server, script=CITY_SERVER)


def ask(client: McpClient, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return client.request({"jsonrpc": "2.0", "id": 5, "method": method, "params": params})


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_pagination_an_unknown_cursor_gets_the_whole_list(cities, transport):
    request, answer = snippet("pagination/bad-cursor.json")
    validate_client_request(request["method"], MODERN, request["params"])
    assert cities(transport, MODERN).exchange([request]) == [answer]
    assert answer["result"]["prompts"][0]["name"] == "plan_trip"
    assert "nextCursor" not in answer["result"]


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_pagination_every_list_method_ignores_the_cursor(cities, revision):
    client = cities("stdio", revision)
    for method, key in LISTS.items():
        first = ask(client, method, {})["result"]
        again = ask(client, method, {"cursor": "not-a-cursor"})["result"]
        assert again[key] == first[key], method
        assert "nextCursor" not in first and "nextCursor" not in again, method


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_pagination_a_cursor_that_is_not_a_string_is_refused(cities, revision):
    request, answer = snippet("pagination/cursor-not-string.json")
    client = cities("stdio", revision)
    got = client.exchange([request if revision == MODERN else stripped(request)])[0]
    assert got == answer
    assert answer["error"]["code"] == -32602
    assert answer["error"]["message"] == "Invalid request parameters"


def test_pagination_the_paginated_methods_per_revision():
    """The four list methods take a cursor in both eras; tasks/list (2025-11-25's types only) is gone at 2026-07-28."""
    from mcp_types import _v2025_11_25 as legacy_types

    for method in LISTS:
        for revision in (MODERN, LEGACY):
            params = envelope({"params": {"cursor": "c"}}, revision)["params"] if revision == MODERN else {"cursor": "c"}
            validate_client_request(method, revision, params)
    assert legacy_types.ListTasksRequest.model_fields["params"].annotation == legacy_types.PaginatedRequestParams | None
    with pytest.raises(KeyError):
        validate_client_request("tasks/list", MODERN, envelope({"params": {"cursor": "c"}})["params"])
