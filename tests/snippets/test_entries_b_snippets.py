"""Snippets and claims of the json-schema, tool-annotations, json-rpc and transport entries,
run for real: Python snippets as their own processes, JSON-RPC against the reference server
(snippets/server/weather_server.py) over stdio and Streamable HTTP, as the official SDK runs it."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp_types.jsonrpc import INVALID_PARAMS, METHOD_NOT_FOUND, UNSUPPORTED_PROTOCOL_VERSION
from mcp_types.methods import validate_client_notification, validate_client_request, validate_server_result

from tests.support.jsonmatch import differences
from tests.support.mcp_server import MODERN, SERVER_SCRIPT, TRANSPORTS, envelope

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "snippets"


def run(snippet: str, stdin: str = "") -> str:
    """Run a snippet as its own process and return its standard output."""
    done = subprocess.run([sys.executable, str(SNIPPETS / snippet)], input=stdin, capture_output=True,
                          text=True, timeout=60, check=True, cwd=ROOT)
    return done.stdout


def snippet_json(name: str):
    return json.loads((SNIPPETS / name).read_text(encoding="utf-8"))


def send(client, message: dict) -> dict:
    """Send `message` exactly as given (with the HTTP headers its method calls for) and return the answer."""
    headers = client.http_headers(message) if client.transport == "http" else None
    return client.exchange([message], headers=headers)[0]


def call(client, tool: str, arguments: dict, request_id: int = 500) -> dict:
    """The `result` of a 2026-07-28 tools/call of `tool` with `arguments`."""
    message = client.prepare({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                              "params": {"name": tool, "arguments": arguments}})
    return send(client, message)["result"]


PYDANTIC_DOC = re.compile(r"https://errors\.pydantic\.dev/\d+\.\d+/")


def without_pydantic_version(value):
    """`value` with the Pydantic minor version in its error-page links blanked (the rest compares as is)."""
    return json.loads(PYDANTIC_DOC.sub("https://errors.pydantic.dev/X.Y/", json.dumps(value)))


# --- json-schema ------------------------------------------------------------------------------

def test_derived_schema_is_what_the_derive_script_prints():
    assert run("json-schema/derive_schema.py") == (SNIPPETS / "json-schema/derived-schema.json").read_text(encoding="utf-8")


def test_derived_schema_turns_type_hints_into_keywords():
    schema = json.loads(run("json-schema/derive_schema.py"))
    days, level = schema["properties"]["days"], schema["properties"]["level"]
    assert schema["required"] == ["city"]
    assert (days["type"], days["minimum"], days["maximum"], days["default"]) == ("integer", 1, 7, 3)
    assert level["anyOf"] == [{"enum": ["info", "warning", "severe"], "type": "string"}, {"type": "null"}]
    assert "additionalProperties" not in schema


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_arguments_breaking_the_schema_get_the_isError_result_shown(transport, mcp_client):
    request, documented = snippet_json("json-schema/tools-call-wrong-type.json")
    validate_client_request(request["method"], MODERN, request["params"])
    validate_server_result("tools/call", MODERN, documented["result"])
    answer = send(mcp_client(transport, MODERN), request)
    problems = list(differences(without_pydantic_version(documented), without_pydantic_version(answer), exact=True))
    assert not problems, "\n".join(problems)
    assert PYDANTIC_DOC.search(answer["result"]["content"][0]["text"])


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_server_check_is_laxer_than_its_integer_schema(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    schema = next(t for t in send(client, client.prepare({"jsonrpc": "2.0", "id": 501, "method": "tools/list"}))
                  ["result"]["tools"] if t["name"] == "search_issues")["inputSchema"]
    assert schema["properties"]["limit"]["type"] == "integer"
    base = {"query": "dashboard", "repository": "example/weather-app"}
    assert len(call(client, "search_issues", {**base, "limit": 2})["structuredContent"]["result"]) == 2
    for lax in ("1", True):
        result = call(client, "search_issues", {**base, "limit": lax})
        assert result["isError"] is False and len(result["structuredContent"]["result"]) == 1, lax
    for refused, kind in ((2.5, "int_from_float"), ("three", "int_parsing")):
        result = call(client, "search_issues", {**base, "limit": refused})
        assert result["isError"] is True and f"[type={kind}," in result["content"][0]["text"], refused


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_unknown_argument_is_dropped_without_a_word(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    plain = call(client, "get_forecast", {"city": "Lyon"})
    extra = call(client, "get_forecast", {"city": "Lyon", "extra": 1})
    assert extra["isError"] is False and extra["content"] == plain["content"]


def test_client_sdk_sends_arguments_unchecked_to_the_real_server():
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    async def main():
        server = StdioServerParameters(command=sys.executable, args=[str(SERVER_SCRIPT), "--transport", "stdio"])
        async with Client(server) as client:
            await client.list_tools()  # the client holds the inputSchema, and still sends what it is given
            return await client.call_tool("search_issues", {"query": "wind", "repository": "example/weather-app",
                                                            "limit": "three"})

    result = anyio.run(main)
    assert result.is_error is True
    assert result.content[0].text.startswith("Error executing tool search_issues: 1 validation error for "
                                             "search_issuesArguments\nlimit\n  Input should be a valid integer")


def test_server_checks_its_own_return_value_against_the_output_model():
    from mcp import Client
    from mcp.server import MCPServer

    server = MCPServer("counts")

    @server.tool()
    def count() -> int:
        """A tool that breaks its own declared return type."""
        return "many"  # type: ignore[return-value]

    async def main():
        async with Client(server) as client:
            declared = (await client.list_tools()).tools[0].output_schema
            return declared, await client.call_tool("count", {})

    declared, result = anyio.run(main)
    assert declared["properties"]["result"]["type"] == "integer"
    assert result.is_error is True and result.structured_content is None
    assert [c.text for c in result.content] == ["Error executing tool count"]


# --- tool-annotations -------------------------------------------------------------------------

def test_declared_hints_reach_the_client_as_written_and_a_false_one_goes_unchecked():
    lines = run("tool-annotations/declare_hints.py").splitlines()
    claims = {name: json.loads(rest) for name, rest in (line.split(" ", 1) for line in lines[:2])}
    assert claims == {
        "refresh_forecast": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True,
                             "openWorldHint": True},
        "cache_status": {"readOnlyHint": True},
    }
    assert lines[2:] == ["before: ['Lyon', 'Nantes']", "after cache_status: []"]


def test_reference_server_annotates_search_issues_only(mcp_client):
    client = mcp_client("stdio", MODERN)
    tools = send(client, client.prepare({"jsonrpc": "2.0", "id": 510, "method": "tools/list"}))["result"]["tools"]
    assert {t["name"]: t.get("annotations") for t in tools} == {"get_forecast": None,
                                                                "search_issues": {"readOnlyHint": True}}


def test_approval_policy_believes_hints_from_a_trusted_server_only():
    out = run("tool-annotations/approval_policy.py")
    trusted, untrusted = out.split("server 'weather', trusted: no\n")
    assert trusted.splitlines()[0] == "server 'weather', trusted: yes"
    decisions = lambda block: dict(line.split(None, 1) for line in block.splitlines() if line.startswith("  "))
    # get_forecast has no annotations: the defaults (not read-only, destructive) apply even when trusted.
    assert decisions(trusted) == {"get_forecast": "ask the user", "search_issues": "run"}
    assert decisions(untrusted) == {"get_forecast": "ask the user", "search_issues": "ask the user"}


def test_approval_policy_defaults_are_the_specifications():
    from mcp_types import ToolAnnotations

    sys.path.insert(0, str(SNIPPETS / "tool-annotations"))
    try:
        import approval_policy
    finally:
        sys.path.pop(0)
    # The SDK's types carry the specification's text: each hint's docstring ends with its default.
    source = inspect.getsource(ToolAnnotations)
    documented = {re.sub(r"_(\w)", lambda m: m.group(1).upper(), name): default == "true" for name, default
                  in re.findall(r'(\w+): bool \| None = None\s+"""(?:(?!""").)*?Default: (true|false)\s+"""', source, re.S)}
    assert documented == approval_policy.DEFAULTS
    assert approval_policy.decision(approval_policy.effective_hints(ToolAnnotations(read_only_hint=True), False)) \
        == "ask the user"


def test_webmcp_keeps_its_own_hints_and_drops_mcps_in_chromium():
    from tests.support.browser import chromium, static_server

    with chromium(webmcp=True) as browser, static_server(ROOT / "tests" / "support" / "webmcp_page") as origin:
        page = browser.new_page()
        lines = []
        page.on("console", lambda message: lines.append(message.text))
        page.goto(origin + "/index.html")
        page.evaluate("async () => {\n" + (SNIPPETS / "tool-annotations/webmcp-hints.js").read_text(encoding="utf-8") + "\n}")
    logged = [line for line in lines if not line.startswith("Failed to load resource")]  # the page has no favicon
    assert len(logged) == 1, lines
    name, annotations = logged[0].split(" ", 1)
    assert name == "place_order"
    assert json.loads(annotations) == {"readOnlyHint": False, "untrustedContentHint": False,
                                       "consequentialHint": True, "debugging": False}


# --- json-rpc ---------------------------------------------------------------------------------

def _silent_on_stdio(client, message: dict) -> None:
    """Send `message` over stdio, then a request: the request's answer must be the next line out."""
    probe = client.prepare({"jsonrpc": "2.0", "id": 520, "method": "tools/list"})
    stdin = client.process.popen.stdin
    stdin.write((message if isinstance(message, bytes) else json.dumps(message).encode()) + b"\n")
    stdin.write(json.dumps(probe).encode() + b"\n")
    stdin.flush()
    first = json.loads(client._lines.get(timeout=15))
    assert first.get("id") == 520 and "result" in first, f"the server answered {message!r} with {first}"


def test_notification_gets_no_answer_over_stdio(mcp_client):
    notification = snippet_json("json-rpc/notification.json")
    assert "id" not in notification
    validate_client_notification(notification["method"], MODERN, notification["params"])
    _silent_on_stdio(mcp_client("stdio", MODERN), notification)


def test_notification_gets_202_and_an_empty_body_over_http(mcp_client):
    import httpx2 as httpx

    client = mcp_client("http", MODERN)
    notification = snippet_json("json-rpc/notification.json")
    response = httpx.post(client.url, json=notification, timeout=15, headers=client.http_headers(notification))
    assert (response.status_code, response.content) == (202, b"")


ERROR_REQUESTS = [  # what was sent to get each response of json-rpc/errors.json, in order
    {"jsonrpc": "2.0", "id": 7, "method": "tools/delete", "params": {"name": "get_forecast"}},
    {"jsonrpc": "2.0", "id": 8, "method": "tools/list",
     "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}}},
    {"jsonrpc": "2.0", "id": 9, "method": "initialize",
     "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "lexigraph-tests", "version": "1.0"}}},
]


def test_error_responses_are_what_the_stdio_server_returns(mcp_client):
    from mcp_types.jsonrpc import JSONRPCError

    client = mcp_client("stdio", MODERN)
    send(client, client.prepare({"jsonrpc": "2.0", "id": 521, "method": "server/discover"}))  # a modern connection
    documented = snippet_json("json-rpc/errors.json")
    sent = [envelope(ERROR_REQUESTS[0]), ERROR_REQUESTS[1], envelope(ERROR_REQUESTS[2])]  # the 2nd lacks its envelope
    answers = [send(client, message) for message in sent]
    assert answers == documented
    for answer in answers:
        JSONRPCError.model_validate(answer)
    assert [a["error"]["code"] for a in answers] == [METHOD_NOT_FOUND, INVALID_PARAMS, UNSUPPORTED_PROTOCOL_VERSION]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_unknown_method_is_32601_on_both_transports(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    message = envelope(ERROR_REQUESTS[0])
    assert send(client, message) == snippet_json("json-rpc/errors.json")[0]


def test_batch_is_refused_over_http_with_32600(mcp_client):
    import httpx2 as httpx

    client = mcp_client("http", MODERN)
    batch, documented = snippet_json("json-rpc/batch.json")
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
               "MCP-Protocol-Version": MODERN}
    response = httpx.post(client.url, json=batch, headers=headers, timeout=15)
    assert response.status_code == 400
    assert response.json() == documented


def test_batch_and_unparsable_line_get_no_answer_over_stdio(mcp_client):
    client = mcp_client("stdio", MODERN)
    batch, _ = snippet_json("json-rpc/batch.json")
    _silent_on_stdio(client, [client.prepare(m) for m in batch])
    _silent_on_stdio(client, b"{not json")


def test_unparsable_body_is_32700_over_http(mcp_client):
    import httpx2 as httpx

    client = mcp_client("http", MODERN)
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
               "MCP-Protocol-Version": MODERN}
    response = httpx.post(client.url, content=b"{not json", headers=headers, timeout=15)
    assert (response.status_code, response.json()) == (
        400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})


def test_misspelt_notification_is_just_as_silent(mcp_client):
    import httpx2 as httpx

    misspelt = {**snippet_json("json-rpc/notification.json"), "method": "notifications/cancelld"}
    _silent_on_stdio(mcp_client("stdio", MODERN), misspelt)
    client = mcp_client("http", MODERN)
    response = httpx.post(client.url, json=misspelt, timeout=15, headers=client.http_headers(misspelt))
    assert (response.status_code, response.content) == (202, b"")


def test_sdk_names_the_mcp_error_codes_the_entry_lists():
    from mcp_types import jsonrpc

    assert (jsonrpc.HEADER_MISMATCH, jsonrpc.MISSING_REQUIRED_CLIENT_CAPABILITY, jsonrpc.UNSUPPORTED_PROTOCOL_VERSION) \
        == (-32020, -32021, -32022)
    assert (jsonrpc.PARSE_ERROR, jsonrpc.INVALID_REQUEST, jsonrpc.METHOD_NOT_FOUND, jsonrpc.INVALID_PARAMS,
            jsonrpc.INTERNAL_ERROR) == (-32700, -32600, -32601, -32602, -32603)
