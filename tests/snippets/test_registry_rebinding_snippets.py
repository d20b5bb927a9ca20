"""Snippets of the mcp-registry and dns-rebinding entries, each run for real.

mcp-registry: snippets/mcp-registry/validate.py is run on the project's server.json and on three
copies that each change one thing, against the registry's schema vendored in tests/vendor/; its
output must be validate.txt, line for line. dns-rebinding: the reference server
(snippets/server/weather_server.py) runs over Streamable HTTP on 127.0.0.1, and raw requests with
forged Host and Origin headers get the answers the transcript shows. Every server is stopped.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import httpx2 as httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "snippets"
REGISTRY = SNIPPETS / "mcp-registry"


# --- mcp-registry --------------------------------------------------------------------------------

def load(name: str) -> dict:
    return json.loads((REGISTRY / name).read_text(encoding="utf-8"))


def run_validate(*files: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "validate.py", "--schema", "../../tests/vendor/mcp-registry-server.schema.json", *files]
    return subprocess.run(command, cwd=REGISTRY, capture_output=True, text=True, timeout=60, check=False)


def test_registry_snippet_server_json_is_the_projects_own():
    assert load("server.json") == json.loads((ROOT / "server.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, changed", [
    ("unnamed.json", {"name": "lexigraph"}),
    ("ranged.json", {"version": "^0.1.0"}),
])
def test_registry_each_broken_copy_changes_one_field_of_server_json(name, changed):
    assert load(name) == {**load("server.json"), **changed}


def test_registry_bare_copy_keeps_only_the_required_fields():
    server = load("server.json")
    assert load("bare.json") == {k: server[k] for k in ("$schema", "name", "description", "version")}
    assert "packages" not in load("bare.json") and "remotes" not in load("bare.json")


def test_registry_server_json_gives_the_command_uvx_lexigraph_root_mcp_and_no_tools():
    """The command a client builds from server.json: `uvx lexigraph --root <content_root> mcp`."""
    from lexigraph.cli import build_parser

    server = load("server.json")
    assert server["name"] == "org.lexigraph/lexigraph"
    (package,) = server["packages"]
    assert (package["registryType"], package["runtimeHint"], package["transport"]) == ("pypi", "uvx", {"type": "stdio"})
    words = [package["runtimeHint"], package["identifier"]]
    for argument in package["packageArguments"]:
        words += [argument["name"], f"<{argument['valueHint']}>"] if argument["type"] == "named" else [argument["value"]]
    assert " ".join(words) == "uvx lexigraph --root <content_root> mcp"
    parsed = build_parser().parse_args(words[2:])
    assert (parsed.root, parsed.command) == ("<content_root>", "mcp")
    assert not {"tools", "resources", "prompts", "capabilities"} & set(server)  # nothing says what it offers


def test_registry_validate_prints_the_transcript_shown_in_the_entry():
    command, *expected = (REGISTRY / "validate.txt").read_text(encoding="utf-8").splitlines()
    assert command.startswith("$ python validate.py ")
    args = shlex.split(command[2:])[2:]
    assert args[:2] == ["--schema", "../../tests/vendor/mcp-registry-server.schema.json"]
    done = run_validate(*args[2:])
    assert done.stderr == ""
    assert done.stdout.splitlines() + [f"(exit status {done.returncode})"] == expected
    assert done.returncode == 1  # unnamed.json fails; the others pass


def test_registry_schema_lets_a_version_range_through_and_says_the_registry_rejects_it():
    schema = json.loads((ROOT / "tests/vendor/mcp-registry-server.schema.json").read_text(encoding="utf-8"))
    detail = schema["definitions"]["ServerDetail"]
    assert "Version ranges are rejected" in detail["properties"]["version"]["description"]
    assert "pattern" not in detail["properties"]["version"]
    assert detail["required"] == ["name", "description", "version"]


def test_registry_validate_fails_on_a_missing_description(tmp_path):
    broken = {k: v for k, v in load("bare.json").items() if k != "description"}
    (tmp_path / "nodesc.json").write_text(json.dumps(broken), encoding="utf-8")
    done = run_validate(str(tmp_path / "nodesc.json"))
    assert done.returncode == 1
    assert done.stdout == f"{tmp_path / 'nodesc.json'}: (root): 'description' is a required property\n"


# --- dns-rebinding -------------------------------------------------------------------------------

REBINDING = SNIPPETS / "dns-rebinding"


def parse_transcript(text: str) -> list[dict]:
    """The exchanges of snippets/dns-rebinding/transcript.txt: title, headers, body; status, content type, body."""
    exchanges = []
    for title, chunk in re.findall(r"^# ([^\n]*)\n(.*?)(?=^# |\Z)", text, flags=re.M | re.S):
        request_head, request_body, response = chunk.split("\n\n", 2)
        status_line, _, rest = response.partition("\n")
        response_head, _, response_body = rest.partition("\n\n") if rest.startswith("content-type") else ("", "", rest)
        assert request_head.splitlines()[0] == "POST /mcp HTTP/1.1", title
        exchanges.append({
            "title": title,
            "headers": [tuple(line.split(": ", 1)) for line in request_head.splitlines()[1:]],
            "body": request_body.strip(),
            "status": status_line.removeprefix("HTTP/1.1 "),
            "content_type": dict(line.split(": ", 1) for line in response_head.splitlines()).get("content-type"),
            "response_body": response_body.strip(),
        })
    return exchanges


def send(port: int, exchange: dict) -> httpx.Response:
    headers = {name: value.replace("PORT", str(port)) for name, value in exchange["headers"]}
    return httpx.post(f"http://127.0.0.1:{port}/mcp", headers=headers, content=exchange["body"].encode(), timeout=15)


def test_rebinding_transcript_is_what_the_reference_server_answers():
    from tests.support.mcp_server import ServerProcess

    exchanges = parse_transcript((REBINDING / "transcript.txt").read_text(encoding="utf-8"))
    assert [e["status"] for e in exchanges] == [
        "421 Misdirected Request", "403 Forbidden", "400 Bad Request", "421 Misdirected Request",
        "200 OK", "200 OK", "403 Forbidden"]
    server = ServerProcess("http")  # the reference server, run as the tests run it: host="127.0.0.1"
    try:
        for exchange in exchanges:
            response = send(server.port, exchange)
            assert f"{response.status_code} {response.reason_phrase}" == exchange["status"], exchange["title"]
            assert response.headers.get("content-type") == exchange["content_type"], exchange["title"]
            if exchange["content_type"] == "application/json":
                assert response.json() == json.loads(exchange["response_body"]), exchange["title"]
                assert response.json()["result"]["prompts"], exchange["title"]
            else:
                assert response.text == exchange["response_body"], exchange["title"]
    finally:
        server.stop()


def test_rebinding_transcript_shows_what_each_title_says():
    """Guards the prose against a transcript edited by hand: each case carries the headers its title names."""
    exchanges = {e["title"][:2]: dict(e["headers"]) for e in parse_transcript(
        (REBINDING / "transcript.txt").read_text(encoding="utf-8"))}
    assert exchanges["1."]["Host"] == "attacker.example:PORT" and exchanges["1."]["Origin"] == "http://attacker.example:PORT"
    assert exchanges["2."]["Host"] == "127.0.0.1:PORT" and exchanges["2."]["Origin"] == "https://evil.example"
    assert exchanges["3."]["Content-Type"] == "text/plain"
    assert exchanges["4."]["Host"] == "localhost" and "Origin" not in exchanges["4."]
    assert exchanges["5."]["Origin"] == "http://localhost:PORT"
    assert "Origin" not in exchanges["6."]
    assert "MCP-Protocol-Version" not in exchanges["7."] and exchanges["7."]["Origin"] == "https://evil.example"


def test_rebinding_which_hosts_prints_the_transcript_shown_in_the_entry():
    command, *expected = (REBINDING / "which_hosts.txt").read_text(encoding="utf-8").splitlines()
    assert command == "$ python which_hosts.py"
    done = subprocess.run([sys.executable, "which_hosts.py"], cwd=REBINDING, capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines() == expected
    assert [line.split()[0] for line in expected if line.endswith("no check")] == ["0.0.0.0", "192.168.1.20"]


@pytest.fixture
def served():
    """`served(app)` -> the port of `app` run by uvicorn on 127.0.0.1; every server is stopped after the test."""
    import socket
    import threading
    import time

    import uvicorn

    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def serve(app) -> int:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        servers.append((server, thread))
        return port

    yield serve
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=15)
        assert not thread.is_alive()


def demo_server():
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("demo")

    @server.prompt()
    def greet() -> str:
        """Say hello."""
        return "Hello"

    return server


@pytest.mark.parametrize("host, expected", [("127.0.0.1", "421 Misdirected Request"), ("0.0.0.0", "200 OK")])
def test_rebinding_check_follows_the_host_the_app_is_built_for(served, host, expected):
    """The same app, the same rebinding request: refused when built for 127.0.0.1, served when built for
    0.0.0.0 (both listen on 127.0.0.1 only; only the `host` argument given to the app differs)."""
    [rebinding] = [e for e in parse_transcript((REBINDING / "transcript.txt").read_text(encoding="utf-8"))
                   if e["title"].startswith("1.")]
    port = served(demo_server().streamable_http_app(host=host))
    response = send(port, rebinding)
    assert f"{response.status_code} {response.reason_phrase}" == expected


def test_rebinding_explicit_settings_let_a_named_host_through(served):
    from mcp.server.transport_security import TransportSecuritySettings

    settings = TransportSecuritySettings(allowed_hosts=["mcp.internal.example"], allowed_origins=["https://app.example"])
    port = served(demo_server().streamable_http_app(host="0.0.0.0", transport_security=settings))
    [proxy] = [e for e in parse_transcript((REBINDING / "transcript.txt").read_text(encoding="utf-8"))
               if e["title"].startswith("4.")]
    named = {**proxy, "headers": [(n, "mcp.internal.example" if n == "Host" else v) for n, v in proxy["headers"]]}
    assert send(port, named).status_code == 200
    assert send(port, proxy).status_code == 421  # localhost is no longer on the list
    foreign = {**named, "headers": [*named["headers"], ("Origin", "https://evil.example")]}
    assert send(port, foreign).status_code == 403
