"""Both protocol eras the reference server speaks, observed on the wire (mcp SDK 2.3):
2026-07-28 (no handshake, per-request `_meta` envelope, `server/discover`) and
2025-11-25 (the `initialize` handshake)."""

from __future__ import annotations

import pytest

from tests.support.mcp_server import (
    LEGACY,
    MODERN,
    TRANSPORTS,
    envelope,
    initialize_request,
)

MODERN_ERA_INITIALIZE_REFUSALS = {
    # stdio: the connection's era is fixed by its first request; a later initialize is refused so.
    "stdio": {
        "code": -32022,
        "message": "connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted",
        "data": {"supported": ["2026-07-28"], "requested": "2025-11-25"},
    },
    # Streamable HTTP: a request with MCP-Protocol-Version 2026-07-28 is routed to the modern
    # endpoint, where initialize is not a method at all (HTTP 404).
    "http": {"code": -32601, "message": "Method not found", "data": "initialize"},
}


def _send(client, message):
    headers = client.http_headers(message) if client.transport == "http" else None
    return client.exchange([message], headers=headers)[0]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_server_discover_answers_on_2026_07_28_without_initialize(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    result = client.request({"jsonrpc": "2.0", "id": 20, "method": "server/discover"})["result"]
    assert result["supportedVersions"] == ["2026-07-28"]
    assert result["capabilities"]["extensions"] == {"io.modelcontextprotocol/ui": {}}
    assert result["_meta"]["io.modelcontextprotocol/serverInfo"] == {"name": "weather", "version": "1.0.0"}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_2026_07_28_request_carrying_its_meta_envelope_is_served_without_handshake(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    call = envelope({"jsonrpc": "2.0", "id": 21, "method": "tools/call",
                     "params": {"name": "get_forecast", "arguments": {"city": "Lyon"}}})
    result = _send(client, call)["result"]
    assert result["isError"] is False
    assert result["content"][0]["text"].startswith("Forecast for Lyon: day 1: ")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_2026_07_28_request_without_client_capabilities_is_refused(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    half = {"jsonrpc": "2.0", "id": 22, "method": "tools/list",
            "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}}}
    assert _send(client, half)["error"] == {
        "code": -32602,
        "message": "params._meta is missing the required envelope key(s): io.modelcontextprotocol/clientCapabilities",
    }


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_2025_11_25_initialize_handshake_negotiates_that_revision(transport, mcp_client):
    client = mcp_client(transport, LEGACY)
    assert client.handshake["result"]["protocolVersion"] == "2025-11-25"
    assert client.handshake["result"]["serverInfo"] == {"name": "weather", "version": "1.0.0"}
    tools = client.request({"jsonrpc": "2.0", "id": 23, "method": "tools/list"})["result"]["tools"]
    assert [t["name"] for t in tools] == ["get_forecast", "search_issues"]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_initialize_proposing_2026_07_28_is_answered_with_2025_11_25(transport, mcp_client):
    client = mcp_client(transport, LEGACY)
    answer = client.request({**initialize_request(MODERN), "id": 24})
    assert answer["result"]["protocolVersion"] == "2025-11-25"


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_server_discover_does_not_exist_on_2025_11_25(transport, mcp_client):
    client = mcp_client(transport, LEGACY)
    answer = client.request({"jsonrpc": "2.0", "id": 25, "method": "server/discover"})
    assert answer["error"] == {"code": -32601, "message": "Method not found", "data": "server/discover"}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_server_refuses_initialize_on_a_2026_07_28_connection(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    client.request({"jsonrpc": "2.0", "id": 26, "method": "server/discover"})  # the connection is modern
    answer = _send(client, envelope({**initialize_request(LEGACY), "id": 27}))
    assert answer["error"] == MODERN_ERA_INITIALIZE_REFUSALS[transport]


def test_stdio_connection_opened_with_initialize_refuses_the_2026_07_28_envelope(mcp_client):
    client = mcp_client("stdio", LEGACY)
    answer = client.exchange([envelope({"jsonrpc": "2.0", "id": 28, "method": "tools/list"})])[0]
    assert answer["error"] == {
        "code": -32600,
        "message": "this connection serves the handshake protocol era; "
        "requests carrying the 2026-07-28 envelope are not accepted on it",
    }


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_malformed_call_sent_beside_a_valid_one_fails_alone(transport, revision, mcp_client):
    client = mcp_client(transport, revision)
    valid = {"jsonrpc": "2.0", "id": 30, "method": "tools/call",
             "params": {"name": "get_forecast", "arguments": {"city": "Lyon"}}}
    malformed = {"jsonrpc": "2.0", "id": 31, "method": "tools/call", "params": {"arguments": {"city": "Lyon"}}}
    ok, refused = client.exchange([client.prepare(valid), client.prepare(malformed)])
    assert ok["result"]["isError"] is False
    assert ok["result"]["content"][0]["text"].startswith("Forecast for Lyon: ")
    assert refused == {"jsonrpc": "2.0", "id": 31,
                       "error": {"code": -32602, "message": "Invalid request parameters", "data": ""}}


@pytest.mark.parametrize("revision", [MODERN, LEGACY])
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_unknown_tool_and_bad_arguments_are_tool_errors_not_protocol_errors(transport, revision, mcp_client):
    client = mcp_client(transport, revision)
    unknown, bad = client.exchange([
        client.prepare({"jsonrpc": "2.0", "id": 32, "method": "tools/call",
                        "params": {"name": "close_issue", "arguments": {"id": 102}}}),
        client.prepare({"jsonrpc": "2.0", "id": 33, "method": "tools/call",
                        "params": {"name": "get_forecast", "arguments": {}}}),
    ])
    assert unknown["result"]["isError"] is True
    assert unknown["result"]["content"] == [{"type": "text", "text": "Unknown tool: close_issue"}]
    assert bad["result"]["isError"] is True
    assert bad["result"]["content"][0]["text"].startswith(
        "Error executing tool get_forecast: 1 validation error for get_forecastArguments\ncity\n  Field required"
    )
