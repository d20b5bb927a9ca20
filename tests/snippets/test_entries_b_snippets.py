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
from mcp_types.jsonrpc import (
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    UNSUPPORTED_PROTOCOL_VERSION,
)
from mcp_types.methods import (
    validate_client_notification,
    validate_client_request,
    validate_server_result,
)

from tests.support.jsonmatch import differences
from tests.support.mcp_server import (
    LEGACY,
    MODERN,
    SERVER_SCRIPT,
    STARTED_PIDS,
    TRANSPORTS,
    envelope,
)

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
    for lax, taken_as in (("2", 2), (True, 1)):  # the entry: "2" is turned into 2, true into 1
        result = call(client, "search_issues", {**base, "limit": lax})
        assert result["isError"] is False and len(result["structuredContent"]["result"]) == taken_as, lax
    for refused, kind in ((2.5, "int_from_float"), ("three", "int_parsing")):
        result = call(client, "search_issues", {**base, "limit": refused})
        assert result["isError"] is True and f"[type={kind}," in result["content"][0]["text"], refused


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_unknown_argument_is_dropped_without_a_word(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    for tool, arguments in (("get_forecast", {"city": "Lyon"}),
                            ("search_issues", {"query": "wind", "repository": "example/weather-app"})):
        plain = call(client, tool, arguments)
        extra = call(client, tool, {**arguments, "extra": 1})
        assert extra["isError"] is False and extra["content"] == plain["content"], tool


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


def test_client_checks_a_result_against_the_output_schema_it_listed():
    from mcp import Client
    from mcp.server import MCPServer

    server = MCPServer("counts")

    @server.tool()
    def count() -> int:
        """How many."""
        return 3

    async def main():
        async with Client(server) as client:
            listed = (await client.list_tools()).tools[0].output_schema
            server.remove_tool("count")  # the server changes the tool after the client listed it

            @server.tool(name="count")
            def count_in_words() -> str:
                """How many, in words."""
                return "many"

            with pytest.raises(RuntimeError, match="Invalid structured content returned by tool count: 'many' is not "
                                                   "of type 'integer'"):
                await client.call_tool("count", {})
            return listed

    assert anyio.run(main)["properties"]["result"]["type"] == "integer"


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
        assert re.search(r"Chrome/156\.", page.evaluate("navigator.userAgent")), "the entry reports Chromium 156"
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
    client.write_lines(message if isinstance(message, bytes) else json.dumps(message).encode(), json.dumps(probe).encode())
    first = client.next_message()
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


def test_batch_over_http_gets_32602_under_the_old_rules(mcp_client):
    import httpx2 as httpx

    client = mcp_client("http", LEGACY)  # a 2025-11-25 session, opened with initialize
    batch, _ = snippet_json("json-rpc/batch.json")
    base = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    for headers in ({**base, "Mcp-Session-Id": client.session_id, "MCP-Protocol-Version": LEGACY}, base):
        response = httpx.post(client.url, json=batch, headers=headers, timeout=15)
        assert response.status_code == 400, headers
        body = response.json()
        assert (body["id"], body["error"]["code"]) == (None, INVALID_PARAMS), headers
        assert body["error"]["message"].startswith("Validation error: "), headers


def test_initialize_over_http_is_routed_by_the_version_header():
    import httpx2 as httpx

    from tests.support.mcp_server import ServerProcess, initialize_request

    base = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    late = envelope(initialize_request(LEGACY))  # the errors step's third request, as a 2026-07-28 client would send it
    server = ServerProcess("http")
    url = f"http://127.0.0.1:{server.port}/mcp"
    try:
        modern = httpx.post(url, json=late, timeout=15,
                            headers={**base, "MCP-Protocol-Version": MODERN, "Mcp-Method": "initialize"})
        assert modern.json()["error"] == {"code": METHOD_NOT_FOUND, "message": "Method not found", "data": "initialize"}
        assert "mcp-session-id" not in modern.headers
        plain = httpx.post(url, json=late, headers=base, timeout=15)
        assert plain.status_code == 200 and re.fullmatch(r"[0-9a-f]{32}", plain.headers["mcp-session-id"])
        assert '"protocolVersion":"2025-11-25"' in plain.text
    finally:
        server.stop()


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


# --- transport --------------------------------------------------------------------------------

def test_stdio_session_prints_the_transcript_shown_in_the_entry():
    assert run("transport/stdio_session.py") == (SNIPPETS / "transport/stdio-transcript.txt").read_text(encoding="utf-8")


def test_stdio_session_keeps_json_on_stdout_and_logs_on_stderr():
    lines = run("transport/stdio_session.py").splitlines()
    sent = [json.loads(line.removeprefix("stdin  > ")) for line in lines if line.startswith("stdin  > ")]
    assert [m["id"] for m in sent] == [1, 2] and all("\n" not in json.dumps(m) for m in sent)
    assert [line.split(":", 1)[0] for line in lines if line.startswith("stdout <")] == [
        "stdout < id 1, isError False", "stdout < id 2, isError True"]
    assert lines[-2:] == ["exit code: 0", "stderr : Tool 'get_forecast' rejected arguments: ['city']"]


def test_official_stdio_client_passes_the_server_a_filtered_environment(monkeypatch):
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    monkeypatch.setenv("LEXIGRAPH_TEST_SECRET", "not-for-the-server")
    me = str(Path("/proc/self").resolve().name)

    def children_environ() -> list[dict[str, str]]:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                started_by_suite = int(stat.parent.name) in STARTED_PIDS  # the session's own server processes
                cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
                if stat.read_text().rsplit(")", 1)[1].split()[1] == me and not started_by_suite \
                        and str(SERVER_SCRIPT).encode() in cmdline:
                    raw = (stat.parent / "environ").read_bytes().split(b"\0")
                    found.append(dict(item.decode().split("=", 1) for item in raw if b"=" in item))
            except (FileNotFoundError, ProcessLookupError, PermissionError):
                continue
        return found

    async def main():
        server = StdioServerParameters(command=sys.executable, args=[str(SERVER_SCRIPT), "--transport", "stdio"],
                                       env={"WEATHER_TOKEN": "given-on-purpose"})
        async with Client(server) as client:
            await client.list_tools()
            return children_environ()

    [environ] = anyio.run(main)
    assert "LEXIGRAPH_TEST_SECRET" not in environ
    assert environ["WEATHER_TOKEN"] == "given-on-purpose"
    assert set(environ) <= {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "WEATHER_TOKEN"}
    assert "PATH" in environ


def parse_http_transcript(text: str) -> list[dict]:
    """The exchanges of snippets/transport/http-transcript.txt: request line, headers, body; status, headers, body."""
    exchanges = []
    for chunk in re.split(r"^# .*\n", text, flags=re.M)[1:]:
        request_head, request_body, response = chunk.split("\n\n", 2)
        status_line, _, rest = response.partition("\n")
        response_head, _, response_body = rest.partition("\n\n") if rest.strip() and not rest.startswith("\n") \
            else ("", "", rest.lstrip("\n"))
        method, path, _ = request_head.splitlines()[0].split(" ")
        exchanges.append({
            "method": method, "path": path,
            "headers": dict(line.split(": ", 1) for line in request_head.splitlines()[1:]),
            "body": request_body.strip(),
            "status": status_line.split(" ", 2)[1:],
            "response_headers": dict(line.split(": ", 1) for line in response_head.splitlines() if line),
            "response_body": response_body.strip(),
        })
    return exchanges


def test_http_transcript_is_what_the_reference_server_answers():
    import httpx2 as httpx

    from tests.support.mcp_server import ServerProcess

    exchanges = parse_http_transcript((SNIPPETS / "transport/http-transcript.txt").read_text(encoding="utf-8"))
    assert [e["status"] for e in exchanges] == [["200", "OK"], ["403", "Forbidden"], ["200", "OK"]]
    server = ServerProcess("http")  # a fresh process: the third exchange opens a session on it
    try:
        for number, exchange in enumerate(exchanges, 1):
            headers = {**exchange["headers"], "Host": f"127.0.0.1:{server.port}"}
            response = httpx.request(exchange["method"], f"http://127.0.0.1:{server.port}{exchange['path']}",
                                     headers=headers, content=exchange["body"].encode(), timeout=15)
            assert [str(response.status_code), response.reason_phrase] == exchange["status"], number
            for name, value in exchange["response_headers"].items():
                if value == "<32 random hexadecimal digits>":
                    assert re.fullmatch(r"[0-9a-f]{32}", response.headers[name]), (number, name)
                else:
                    assert response.headers.get(name) == value, (number, name)
            shown_type = exchange["response_headers"].get("content-type")
            assert response.headers.get("content-type") == shown_type, number
            if shown_type == "application/json":
                assert response.json() == json.loads(exchange["response_body"]), number
            else:
                assert response.text.replace("\r\n", "\n").strip() == exchange["response_body"], number
            assert "mcp-session-id" not in response.headers or number == 3, number
    finally:
        server.stop()


def test_http_session_rules_of_each_era():
    import httpx2 as httpx

    from tests.support.mcp_server import ServerProcess, initialize_request

    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    server = ServerProcess("http")
    url = f"http://127.0.0.1:{server.port}/mcp"
    try:
        listing = {"jsonrpc": "2.0", "id": 530, "method": "tools/list"}
        opened = httpx.post(url, json=initialize_request(LEGACY), headers=accept, timeout=15)
        assert re.fullmatch(r"[0-9a-f]{32}", opened.headers["mcp-session-id"])
        legacy = {**accept, "MCP-Protocol-Version": LEGACY}
        missing = httpx.post(url, json=listing, headers=legacy, timeout=15)
        assert (missing.status_code, missing.json()["error"]) == (400, {"code": -32600, "message": "Bad Request: Missing session ID"})
        unknown = httpx.post(url, json=listing, headers={**legacy, "Mcp-Session-Id": "0" * 32}, timeout=15)
        assert (unknown.status_code, unknown.json()["error"]) == (404, {"code": -32600, "message": "Session not found"})
        no_version = httpx.post(url, json=envelope(listing), headers=accept, timeout=15)
        assert (no_version.status_code, no_version.json()["error"]["message"]) == (400, "Bad Request: Missing session ID")
        modern = {**accept, "MCP-Protocol-Version": MODERN}
        mismatch = httpx.post(url, json=envelope(listing), headers={**modern, "Mcp-Method": "tools/call"}, timeout=15)
        assert (mismatch.status_code, mismatch.json()["error"]) == (
            400, {"code": -32020, "message": "mcp-method header does not match the request body's method"})
        served = httpx.post(url, json=envelope(listing), headers={**modern, "Mcp-Method": "tools/list"}, timeout=15)
        assert served.status_code == 200 and "mcp-session-id" not in served.headers
        assert served.headers["content-type"] == "application/json"
        foreign_host = httpx.post(url, json=envelope(listing), timeout=15,
                                  headers={**modern, "Mcp-Method": "tools/list", "Host": "evil.example"})
        assert (foreign_host.status_code, foreign_host.text) == (421, "Invalid Host header")
    finally:
        server.stop()


def test_reference_server_files_a_string_result_under_a_result_key(mcp_client):
    client = mcp_client("stdio", MODERN)
    tools = send(client, client.prepare({"jsonrpc": "2.0", "id": 540, "method": "tools/list"}))["result"]["tools"]
    forecast = next(t for t in tools if t["name"] == "get_forecast")
    assert forecast["outputSchema"]["type"] == "object"
    assert forecast["outputSchema"]["properties"] == {"result": {"title": "Result", "type": "string"}}
    assert call(client, "get_forecast", {"city": "Lyon"})["structuredContent"].keys() == {"result"}
