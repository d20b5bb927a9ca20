"""Snippets of the sdk, session and capabilities entries, run as real processes against real servers
(the official Python SDK on both sides); each prints the transcript its entry shows."""


import pytest

from tests.support.snippet_run import SNIPPETS, run


@pytest.fixture(scope="module")
def sdk_output() -> str:
    return run("sdk/minimal.py")


@pytest.fixture(scope="module")
def capabilities_output() -> str:
    return run("capabilities/declare.py")


@pytest.fixture(scope="module")
def session_output() -> str:
    return run("session/http_session.py")


def test_sdk_minimal_server_prints_the_transcript_shown(sdk_output):
    assert sdk_output == (SNIPPETS / "sdk/transcript.txt").read_text(encoding="utf-8")


def test_sdk_writes_schemas_capabilities_and_unknown_tool_errors(sdk_output):
    lines = sdk_output.splitlines()
    assert lines[0].startswith('== mode=auto: protocol 2026-07-28, server capabilities {"prompts"')
    assert '"required": ["text"]' in lines[1] and '"pinned": {"default": false' in lines[1]
    assert lines[2].startswith('outputSchema  {"properties": {"result"')
    assert lines[3] == lines[5] == "tools/call delete_all -> isError=True: Unknown tool: delete_all"
    assert lines[4].startswith("== mode=legacy: protocol 2025-11-25, ")


def test_capabilities_transcript_is_the_one_shown(capabilities_output):
    assert capabilities_output == (SNIPPETS / "capabilities/transcript.txt").read_text(encoding="utf-8")


def test_client_declares_elicitation_only_with_a_callback_in_both_eras(capabilities_output):
    lines = capabilities_output.splitlines()
    for era, first in (("2026-07-28", 0), ("2025-11-25", 4)):
        assert lines[first].startswith(f"{era} server declared: ")
        assert lines[first + 2] == f"{era} client with elicitation_callback=False: {{}}, so asking the user is off"
        assert lines[first + 3] == (f'{era} client with elicitation_callback=True: '
                                    '{"elicitation": {"form": {}, "url": {}}}, so asking the user is possible')


def test_server_with_no_prompt_still_declares_prompts_and_resources(capabilities_output):
    lines = capabilities_output.splitlines()
    modern, legacy = lines[0], lines[4]
    assert lines[1] == "2026-07-28 behind them: 0 prompts, 0 resources"
    assert lines[5] == "2025-11-25 behind them: 0 prompts, 0 resources"
    assert modern.endswith('{"prompts": {"listChanged": true}, "resources": {"subscribe": true, "listChanged": true}, '
                           '"tools": {"listChanged": true}}')
    assert legacy.endswith('{"prompts": {"listChanged": false}, "resources": {"subscribe": false, '
                           '"listChanged": false}, "tools": {"listChanged": false}}')
    assert "logging" not in capabilities_output and "completions" not in capabilities_output


def test_session_transcript_is_the_one_shown(session_output):
    assert session_output == (SNIPPETS / "session/http-transcript.txt").read_text(encoding="utf-8")


def test_session_id_is_issued_required_checked_and_gone_in_2026_07_28(session_output):
    rows = {line[:40].strip(): line[40:].split() for line in session_output.splitlines() if not line.startswith("--")}
    assert rows["initialize"][:4] == ["HTTP", "200", "new", "Mcp-Session-Id"]
    assert rows["tools/list + session id"][:3] == ["HTTP", "200", "same"]
    assert rows["tools/list, no session id"][:2] == ["HTTP", "400"]
    assert "Missing session ID" in " ".join(rows["tools/list, no session id"])
    assert rows["tools/list + a made-up session id"][:2] == ["HTTP", "404"]
    assert rows["DELETE + session id (end the session)"][:2] == ["HTTP", "200"]
    assert rows["tools/list + the ended session id"][:4] == ["HTTP", "404", "no", "Mcp-Session-Id"]
    for method in ("server/discover", "tools/list"):
        assert rows[f"{method} + _meta envelope"][:4] == ["HTTP", "200", "no", "Mcp-Session-Id"]
