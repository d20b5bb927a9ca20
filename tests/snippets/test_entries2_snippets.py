"""Snippets of the authorization, extensions and structured-output entries, run as real processes against
real servers (the official Python SDK on both sides); each prints the transcript its entry shows."""

import socket
import subprocess
import sys
import time

import httpx
import pytest

from tests.support.snippet_run import SNIPPETS, run


@pytest.fixture(scope="module")
def authorization_output() -> str:
    return run("authorization/protect.py")


@pytest.fixture(scope="module")
def extensions_output() -> str:
    return run("extensions/negotiate.py")


@pytest.fixture(scope="module")
def structured_output() -> str:
    return run("structured-output/structured.py")


def test_authorization_transcript_is_the_one_shown(authorization_output):
    assert authorization_output == (SNIPPETS / "authorization/transcript.txt").read_text(encoding="utf-8")


def test_http_requests_without_a_valid_token_for_this_server_are_refused_and_stdio_needs_none(authorization_output):
    rows = [line for line in authorization_output.splitlines() if not line.startswith(" ")]
    statuses = {row[:35].strip(): row[35:].split()[:2] for row in rows}
    assert statuses["no token"] == ["HTTP", "401"]
    assert statuses["2025-11-25 initialize, no token"] == ["HTTP", "401"]
    assert statuses["token issued for another server"] == ["HTTP", "401"]
    assert statuses["token without forecast:read"] == ["HTTP", "403"]
    assert statuses["token issued for this server"] == ["HTTP", "200"]
    assert rows[-1].endswith("tools/call forecast -> Lyon: rain, 25 °C")
    challenges = [line.strip() for line in authorization_output.splitlines() if "WWW-Authenticate" in line]
    assert all('resource_metadata="http://127.0.0.1:PORT/.well-known/oauth-protected-resource/mcp"' in c
               for c in challenges)
    assert not any(" scope=" in c for c in challenges)  # the SDK names no `scope` parameter, unlike the SHOULD


def test_the_protected_server_refuses_a_request_without_a_token_when_started_on_its_own():
    """Starts snippets/authorization/protected_server.py itself, without the client script."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(SNIPPETS / "authorization/protected_server.py"),
                               "--transport", "http", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                metadata = httpx.get(f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert metadata.json()["authorization_servers"] == ["https://auth.example.com"]
        refused = httpx.post(f"http://127.0.0.1:{port}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                             headers={"Accept": "application/json, text/event-stream"})
        assert refused.status_code == 401
        assert refused.json() == {"error": "invalid_token", "error_description": "Authentication required"}
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_without_validate_token_resource_a_token_for_another_server_is_served_when_the_verifier_does_not_check(tmp_path):
    """The authorization entry's claim about the SDK default (settings.py: left unset, it warns and
    behaves as False): the entry's own server, with its `validate_token_resource=True` line removed,
    serves a token whose `resource` is the mail server, since `DemoVerifier` compares nothing."""
    source = (SNIPPETS / "authorization/protected_server.py").read_text(encoding="utf-8")
    flag = "        validate_token_resource=True,"
    assert source.count(flag) == 1
    server_file = tmp_path / "default_server.py"
    server_file.write_text("\n".join(line for line in source.splitlines() if not line.startswith(flag)), encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-W", "always", str(server_file), "--transport", "http", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        body = {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}
        headers = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28",
                   "Mcp-Method": "server/discover"}
        statuses = {token: httpx.post(f"http://127.0.0.1:{port}/mcp", json=body, timeout=30,
                                      headers={**headers, "Authorization": f"Bearer {token}"}).status_code
                    for token in ("tok-other-server", "tok-no-scope", "not-a-token")}
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=10)
    assert statuses == {"tok-other-server": 200, "tok-no-scope": 403, "not-a-token": 401}
    assert "`AuthSettings.validate_token_resource` is not set" in stderr


def test_extensions_transcript_is_the_one_shown(extensions_output):
    assert extensions_output == (SNIPPETS / "extensions/transcript.txt").read_text(encoding="utf-8")


def test_an_extension_applies_only_when_the_client_declares_it_in_both_eras(extensions_output):
    lines = extensions_output.splitlines()
    assert lines[0] == ("2026-07-28 server declares: {'io.modelcontextprotocol/ui': {}, "
                        "'com.example/receipts': {'formats': ['pdf']}}")
    assert lines[4] == "2025-11-25 server declares: None"
    for era, first in (("2026-07-28", 1), ("2025-11-25", 5)):
        refused = "error -32021: Client did not declare required extension 'com.example/receipts'"
        assert lines[first] == f"{era} client declares none: show_basket -> text: 2 items, 18.40 EUR; " \
                               f"print_receipt -> {refused}"
        assert lines[first + 1].endswith(f"show_basket -> view ui://shop/basket; print_receipt -> {refused}")
        assert lines[first + 2].endswith("print_receipt -> receipt #1 sent as pdf")
    assert "tasks" not in extensions_output


def test_structured_output_transcript_is_the_one_shown(structured_output):
    assert structured_output == (SNIPPETS / "structured-output/transcript.txt").read_text(encoding="utf-8")


def test_structured_results_are_wrapped_checked_by_the_server_and_by_the_client(structured_output):
    for era_block in structured_output.split("== ")[1:]:
        lines = era_block.splitlines()
        assert lines[0] in ("2026-07-28", "2025-11-25")
        assert '"required": ["result"]' in lines[2]  # a list[int] return is wrapped in {"result": ...}
        assert lines[3].startswith('forecast: isError=False structuredContent={"city": "Lyon", "high_c": 25')
        assert lines[4] == 'highs: isError=False structuredContent={"result": [25, 13, 16]} text=["25", "13", "16"]'
        assert lines[5] == ('rushed_forecast: isError=True structuredContent=null '
                            'text=["Error executing tool rushed_forecast"]')
        assert lines[6] == ("handmade forecast, checked by the client: Invalid structured content returned by "
                            "tool forecast: '25' is not of type 'integer'")


def test_the_servers_the_scripts_start_are_the_files_shown():
    """The helper servers are shown as steps too: the scripts start exactly these files."""
    assert 'with_name("shop_server.py")' in (SNIPPETS / "extensions/negotiate.py").read_text(encoding="utf-8")
    assert "require_client_extension" in (SNIPPETS / "extensions/shop_server.py").read_text(encoding="utf-8")
    structured = (SNIPPETS / "structured-output/structured.py").read_text(encoding="utf-8")
    assert '"forecast_server.py"' in structured and '"handmade_server.py"' in structured
    assert "class Forecast(TypedDict)" in (SNIPPETS / "structured-output/forecast_server.py").read_text(encoding="utf-8")
    assert "on_call_tool=call_tool" in (SNIPPETS / "structured-output/handmade_server.py").read_text(encoding="utf-8")
