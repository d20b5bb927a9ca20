"""Snippets of the resource-template entry, replayed on the wire against snippets/completion/city_server.py.

The server (three resource templates, no fixed resource) runs as a real process over stdio and over
Streamable HTTP (127.0.0.1 only), in both eras. Each JSON snippet is the request and the answer that
went over the wire, compared whole; what the prose states besides (templates absent from
`resources/list`, a percent-encoded value decoded, an empty value matched, a slash not matched) is
asserted here. Every server process is stopped at the end of its test.
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
    return {**message, "params": {k: v for k, v in message["params"].items() if k != "_meta"}}


@pytest.fixture
def cities(fresh_server):
    return functools.partial(fresh_server, script=CITY_SERVER)


def read(client: McpClient, uri: str) -> dict[str, Any]:
    return client.request({"jsonrpc": "2.0", "id": 7, "method": "resources/read", "params": {"uri": uri}})


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_resource_template_list_gives_uri_templates_and_not_resources(cities, transport):
    request, answer = snippet("resource-template/templates-list.json")
    validate_client_request(request["method"], MODERN, request["params"])
    validate_server_result(request["method"], MODERN, answer["result"])
    client = cities(transport, MODERN)
    assert client.exchange([request]) == [answer]
    templates = [t["uriTemplate"] for t in answer["result"]["resourceTemplates"]]
    assert "weather://forecast/{city}" in templates
    assert "nextCursor" not in answer["result"]
    listed = client.request({"jsonrpc": "2.0", "id": 5, "method": "resources/list", "params": {}})
    assert listed["result"]["resources"] == []  # the templates are not listed as resources


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_resource_template_read_decodes_the_value(cities, revision):
    request, answer = snippet("resource-template/read-match.json")
    client = cities("stdio", revision)
    got = client.exchange([request if revision == MODERN else stripped(request)])[0]
    assert got["result"]["contents"] == answer["result"]["contents"]
    assert answer["result"]["contents"][0]["text"] == "Sunny in New York."  # %20 decoded
    assert answer["result"]["contents"][0]["uri"] == "weather://forecast/New%20York"  # the URI as asked


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_resource_template_a_slash_in_the_value_does_not_match(cities, transport):
    request, answer = snippet("resource-template/read-no-match.json")
    assert cities(transport, MODERN).exchange([request]) == [answer]
    assert answer["error"]["code"] == -32602
    assert answer["error"]["message"] == "Unknown resource: weather://forecast/New/York"


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_resource_template_an_encoded_slash_matches_and_reaches_the_function(cities, transport):
    # the literal slash above is refused; the same slash sent as %2F matches, is decoded, and passes
    # the SDK's default security policy (which refuses only "..", absolute paths and NUL)
    answer = read(cities(transport, MODERN), "weather://forecast/New%2FYork")
    assert answer["result"]["contents"][0]["text"] == "Sunny in New/York."
    assert answer["result"]["contents"][0]["uri"] == "weather://forecast/New%2FYork"
    traversal = read(cities(transport, MODERN), "weather://forecast/..%2Fsecrets")
    assert traversal["error"]["code"] == -32602  # a ".." component is refused, as "Unknown resource"


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
def test_resource_template_an_empty_value_still_matches(cities, revision):
    answer = read(cities("stdio", revision), "weather://forecast/")
    assert answer["result"]["contents"][0]["text"] == "Sunny in ."
