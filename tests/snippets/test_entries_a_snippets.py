"""Snippets of the mcp-host, mcp-client, mcp-server and mcp-resource entries, run as real processes
against the reference server (snippets/server/weather_server.py) over stdio."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from mcp.server.mcpserver import (
    Context,  # resolved from this module's globals in a tool's signature
)
from mcp_types import InputRequiredResult

from tests.support.mcp_server import LEGACY, MODERN, TRANSPORTS

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def run(snippet: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run a snippet as its own process; stdout and stderr are kept apart."""
    return subprocess.run([sys.executable, str(SNIPPETS / snippet)], input=stdin, capture_output=True,
                          text=True, timeout=90, check=True)


def innermost(error: BaseException) -> BaseException:
    """The one exception inside the task-group wrappers anyio puts around an error raised by mcp.Client."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


# --- mcp-host: one client per server, one offer, one approval ------------------------------

def test_host_approved_prints_the_transcript_shown_in_the_entry():
    assert run("mcp-host/host.py", "y\n").stdout == (SNIPPETS / "mcp-host/transcript.txt").read_text(encoding="utf-8")


def test_host_opens_one_modern_client_per_server_and_offers_one_prefixed_tool_each():
    lines = run("mcp-host/host.py", "y\n").stdout.splitlines()
    assert lines[:2] == ["client weather: connected, protocol 2026-07-28", "client tracker: connected, protocol 2026-07-28"]
    assert "host: weather__search_issues is not offered" in lines
    assert "host: tracker__get_forecast is not offered" in lines
    assert "offered to the model: weather__get_forecast, tracker__search_issues" in lines


def test_host_sends_the_unprefixed_name_to_the_chosen_server_and_labels_the_result():
    out = run("mcp-host/host.py", "y\n").stdout
    assert 'tracker server, tool search_issues, arguments {"query": "wind", "repository": "example/weather-app"}' in out
    assert out.endswith("result from tracker (untrusted data): #102 Wind speed rounded to zero in the dashboard\n")


def test_host_refused_sends_nothing():
    out = run("mcp-host/host.py", "n\n").stdout
    assert out.endswith("allow? [y/N] n\nhost: refused, nothing was sent to the server\n")
    assert "result from" not in out


# --- mcp-client: discover first, initialize as a fallback ------------------------------------

def test_client_transcript_is_the_one_shown_in_the_entry():
    merged = subprocess.run([sys.executable, str(SNIPPETS / "mcp-client/connect.py")], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=90, check=True).stdout
    assert merged == (SNIPPETS / "mcp-client/transcript.txt").read_text(encoding="utf-8")


def test_client_adopts_discover_on_the_reference_server_and_falls_back_on_the_old_one():
    done = run("mcp-client/connect.py")
    modern, legacy = done.stdout.splitlines()
    assert modern.startswith("reference server (mcp 2.3): discover, protocol 2026-07-28, server weather 1.0.0")
    assert legacy.startswith("old server (2025-11-25): initialize, protocol 2025-11-25, server old-weather 0.9.0")
    # what the old server saw, in order: the probe, the handshake, then an ordinary request
    assert done.stderr.splitlines() == ["old server received: server/discover", "old server received: initialize",
                                        "old server received: tools/list"]


def test_the_discover_request_shown_is_what_the_sdk_client_sends(tmp_path):
    """Record the bytes mcp.Client writes to a stdio server and compare the first message with the snippet."""
    import anyio
    from mcp import Client, StdioServerParameters

    wire = tmp_path / "wire.jsonl"
    server = SNIPPETS / "server/weather_server.py"
    recorder = StdioServerParameters(command="bash", args=["-c", f'tee "{wire}" | "{sys.executable}" "{server}"'])

    async def connect() -> None:
        async with Client(recorder) as client:
            await client.list_tools()

    anyio.run(connect)
    sent = [json.loads(line) for line in wire.read_text(encoding="utf-8").splitlines()]
    shown = json.loads((SNIPPETS / "mcp-client/discover.json").read_text(encoding="utf-8"))[0]
    assert sent[0] == shown
    assert sent[1]["method"] == "tools/list" and sent[1]["params"]["_meta"] == shown["params"]["_meta"]


REFUSING_SERVER = """
import json, sys
SUPPORTED, LOG = json.loads(sys.argv[1]), sys.argv[2]
for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue
    with open(LOG, "a", encoding="utf-8") as log:
        print(request["method"], file=log)
    requested = request.get("params", {}).get("_meta", {}).get("io.modelcontextprotocol/protocolVersion", "")
    error = {"code": -32022, "message": "Unsupported protocol version",
             "data": {"supported": SUPPORTED, "requested": requested}}
    print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "error": error}), flush=True)
"""


@pytest.mark.parametrize(("supported", "methods"), [
    (["2099-01-01"], ["server/discover"]),  # only recent versions unknown to the client: it stops there
    (["2025-11-25"], ["server/discover", "initialize"]),  # a handshake-era version: it tries the handshake
    (["2099-01-01", "2026-07-28"], ["server/discover", "server/discover"]),  # a shared recent one: probes again
])
def test_auto_mode_stops_before_the_handshake_only_on_unknown_recent_versions(supported, methods, tmp_path):
    """mcp-client says which -32022 answers stop mcp.Client before initialize, and which make it probe again."""
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError

    script = tmp_path / "refusing_server.py"
    script.write_text(REFUSING_SERVER, encoding="utf-8")
    log = tmp_path / "methods.txt"

    async def connect() -> None:
        server = StdioServerParameters(command=sys.executable, args=[str(script), json.dumps(supported), str(log)])
        async with Client(server):
            pass

    with pytest.raises(BaseException) as refused:
        anyio.run(connect)
    error = innermost(refused.value)
    assert isinstance(error, MCPError) and error.code == -32022
    assert log.read_text(encoding="utf-8").split() == methods


# --- mcp-server: a local server is a process of the launcher's -------------------------------

def test_local_server_transcript_is_the_one_shown_in_the_entry():
    assert run("mcp-server/local_process.py").stdout == \
        (SNIPPETS / "mcp-server/local-transcript.txt").read_text(encoding="utf-8")


def test_local_server_runs_as_the_launcher_with_the_trimmed_environment():
    lines = run("mcp-server/local_process.py").stdout.splitlines()
    assert lines == [
        "connected to weather over stdio",
        "server runs as the launcher's user: yes",
        "server's working directory is the launcher's: yes",
        "WEATHER_API_KEY passed: yes",
        "GITHUB_TOKEN passed: no",
        "other variables, all from the SDK's default list: yes",
    ]


def test_the_sdk_default_environment_list_is_the_one_the_entry_names():
    from mcp.client.stdio import DEFAULT_INHERITED_ENV_VARS

    assert sorted(DEFAULT_INHERITED_ENV_VARS) == ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"]


@pytest.mark.parametrize(("header", "status", "text"), [
    ({"Host": "evil.example"}, 421, "Invalid Host header"),
    ({"Origin": "http://evil.example"}, 403, "Invalid Origin header"),
])
def test_local_http_server_turns_away_a_foreign_host_or_origin(header, status, text, mcp_client):
    """mcp-server says: bound to 127.0.0.1, the reference server refuses another site's Host or Origin (421, 403)."""
    client = mcp_client("http", MODERN)
    message = client.prepare({"jsonrpc": "2.0", "id": 65, "method": "server/discover"})
    headers = client.http_headers(message)
    assert client._http.post(client.url, json=message, headers=headers).status_code == 200  # the same request passes
    refused = client._http.post(client.url, json=message, headers=headers | header)
    assert (refused.status_code, refused.text) == (status, text)


def test_reference_server_offers_the_three_primitives_over_stdio():
    import anyio
    from mcp import Client, StdioServerParameters

    async def survey() -> dict:
        server = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "server/weather_server.py")])
        async with Client(server) as client:
            return {
                "tools": [t.name for t in (await client.list_tools()).tools],
                "resources": [r.uri for r in (await client.list_resources()).resources],
                "templates": [t.uri_template for t in (await client.list_resource_templates()).resource_templates],
                "prompts": [p.name for p in (await client.list_prompts()).prompts],
            }

    assert anyio.run(survey) == {
        "tools": ["get_forecast", "search_issues"],
        "resources": ["ui://weather/dashboard", "weather://about"],
        "templates": ["weather://forecast/{city}"],
        "prompts": ["triage_issues"],
    }


# --- mcp-resource: what the entry says about resources, checked on the wire ------------------

@pytest.mark.parametrize("transport", TRANSPORTS)
def test_subscribe_is_advertised_on_discover_but_resources_subscribe_is_not_a_method(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    discover = client.request({"jsonrpc": "2.0", "id": 60, "method": "server/discover"})["result"]
    assert discover["capabilities"]["resources"] == {"listChanged": True, "subscribe": True}
    answer = client.request({"jsonrpc": "2.0", "id": 61, "method": "resources/subscribe",
                             "params": {"uri": "weather://about"}})
    assert answer["error"] == {"code": -32601, "message": "Method not found", "data": "resources/subscribe"}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_subscribe_is_not_advertised_under_the_handshake_and_the_method_is_refused_there_too(transport, mcp_client):
    """mcp-resource says: under 2025-11-25 the same server announces subscribe: false."""
    client = mcp_client(transport, LEGACY)
    assert client.handshake["result"]["capabilities"]["resources"] == {"listChanged": False, "subscribe": False}
    answer = client.request({"jsonrpc": "2.0", "id": 66, "method": "resources/subscribe",
                             "params": {"uri": "weather://about"}})
    assert answer["error"]["code"] == -32601


def test_subscribe_flag_follows_subscriptions_listen_in_the_sdk():
    """Under 2026-07-28 the SDK derives resources.subscribe from serving subscriptions/listen."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("weather_server", SNIPPETS / "server/weather_server.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lowlevel = module.mcp._lowlevel_server
    assert "subscriptions/listen" in lowlevel._request_handlers
    assert "resources/subscribe" not in lowlevel._request_handlers
    assert lowlevel.get_capabilities(protocol_version=MODERN).resources.subscribe is True
    del lowlevel._request_handlers["subscriptions/listen"]
    assert lowlevel.get_capabilities(protocol_version=MODERN).resources.subscribe is False


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_forecast_read_as_a_resource_is_the_text_the_tool_returns(transport, mcp_client):
    client = mcp_client(transport, MODERN)
    read = client.request({"jsonrpc": "2.0", "id": 62, "method": "resources/read",
                           "params": {"uri": "weather://forecast/Lyon"}})["result"]
    call = client.request({"jsonrpc": "2.0", "id": 63, "method": "tools/call",
                           "params": {"name": "get_forecast", "arguments": {"city": "Lyon"}}})["result"]
    assert read["contents"][0]["text"] == call["content"][0]["text"]
    assert read["contents"][0]["text"].startswith("Forecast for Lyon: day 1: ")


@pytest.mark.parametrize("uri", ["weather://forecast/..", "weather://forecast/%2Fetc%2Fpasswd"])
def test_template_parameters_that_look_like_paths_are_refused_as_unknown(uri, mcp_client):
    client = mcp_client("stdio", MODERN)
    answer = client.request({"jsonrpc": "2.0", "id": 64, "method": "resources/read", "params": {"uri": uri}})
    assert answer["error"] == {"code": -32602, "message": f"Unknown resource: {uri}", "data": {"uri": uri}}


def test_sdk_client_defaults_the_entry_states():
    """mcp-client says: mode "auto" by default, at most ten input_required rounds."""
    import dataclasses

    from mcp import Client

    fields = {f.name: f for f in dataclasses.fields(Client)}
    assert fields["mode"].default == "auto"
    assert fields["input_required_max_rounds"].default == 10


def test_client_resends_an_input_required_request_ten_times_then_gives_up():
    """mcp-client says: the client re-sends the original request; by default ten rounds, then it gives up."""
    import anyio
    from mcp import Client, InputRequiredRoundsExceededError
    from mcp.server.mcpserver import MCPServer

    seen: list[str | None] = []
    server = MCPServer("asker")

    @server.tool()
    def confirm(ctx: Context) -> InputRequiredResult:
        """A tool that always needs one more answer."""
        seen.append(ctx.request_state)
        return InputRequiredResult(request_state=f"round-{len(seen)}")

    async def call() -> None:
        async with Client(server) as client:
            await client.call_tool("confirm", {})

    with pytest.raises(BaseException) as stopped:
        anyio.run(call)
    assert isinstance(innermost(stopped.value), InputRequiredRoundsExceededError)
    # the first call, then ten re-sends of the same request, each echoing the state of the previous answer
    assert seen == [None] + [f"round-{n}" for n in range(1, 11)]
