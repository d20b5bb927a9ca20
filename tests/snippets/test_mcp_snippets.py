"""Each JSON-RPC snippet a reader sees is what the reference server sends (or accepts),
on every transport, and every message it shows is valid for the revision it claims."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp_types.jsonrpc import JSONRPCError
from mcp_types.methods import validate_client_request, validate_server_result
from pydantic import ValidationError

from tests.support.jsonmatch import differences
from tests.support.mcp_server import (
    ROOT,
    SERVER_SCRIPT,
    TRANSPORTS,
    McpClient,
    process_alive,
)

CASES_FILE = Path(__file__).with_name("mcp_cases.yml")
SNIPPETS = ROOT / "snippets"


@dataclass
class Case:
    snippet: str
    entry: str
    step: str
    revision: str
    match: str
    shows: str = "response"
    request: dict[str, Any] | None = None
    at: str = "$"
    malformed: bool = False
    transports: list[str] = field(default_factory=lambda: list(TRANSPORTS))

    @property
    def document(self) -> Any:
        return json.loads((SNIPPETS / self.snippet).read_text(encoding="utf-8"))

    @property
    def label(self) -> str:
        """`entries/<entry>/entry.yml step N '<step>'`, N read from entry.yml when it lists the step."""
        entry_file = f"entries/{self.entry}/entry.yml"
        steps = _entry_steps(ROOT / entry_file)
        number = next((i + 1 for i, s in enumerate(steps) if s.get("id") == self.step), "?")
        return f"{entry_file} step {number} '{self.step}'"

    def request_and_documented(self) -> tuple[dict[str, Any], Any]:
        """The request to send and the documented part of the answer."""
        if self.shows == "exchange":
            request, response = self.document
            return request, response
        documented = self.document
        request = dict(self.request)
        if "id" not in request:
            request["id"] = documented.get("id", 1) if self.at == "$" else 1
        return request, documented


def _entry_steps(path: Path) -> list[dict[str, Any]]:
    return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("steps", []) if path.exists() else []


def load_cases() -> list[Case]:
    return [Case(**raw) for raw in yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))]


def select(value: Any, path: str) -> Any:
    """The part of `value` at a path like `$.result.resources[0]`."""
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path[1:]):
        value = value[key] if key else value[int(index)]
    return value


def shown_messages(case: Case) -> list[dict[str, Any]]:
    """The whole JSON-RPC messages the snippet shows (a fragment shows none)."""
    if case.shows == "exchange":
        return case.document
    return [case.document] if case.at == "$" else []


CASES = load_cases()
RUNS = [pytest.param(case, transport, id=f"{case.snippet}-{transport}") for case in CASES for transport in case.transports]


@pytest.mark.parametrize(("case", "transport"), RUNS)
def test_snippet_is_what_the_server_returns(case: Case, transport: str, mcp_client) -> None:
    request, documented = case.request_and_documented()
    client: McpClient = mcp_client(transport, case.revision)
    message = request if case.shows == "exchange" else client.prepare(request)
    answer = select(client.exchange([message])[0], case.at)
    problems = list(differences(documented, answer, exact=case.match == "exact", path=case.at))
    assert not problems, "\n".join(f"{case.label}: {problem}" for problem in problems)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.snippet) for c in CASES])
def test_snippet_messages_are_valid_for_their_revision(case: Case) -> None:
    messages = shown_messages(case)
    method = next((m["method"] for m in messages if "method" in m), (case.request or {}).get("method"))
    for message in messages:
        if "method" in message and case.malformed:
            with pytest.raises(ValidationError):
                validate_client_request(message["method"], case.revision, message.get("params"))
        elif "method" in message:
            validate_client_request(message["method"], case.revision, message.get("params"))
        elif "error" in message:
            JSONRPCError.model_validate(message)
        else:
            validate_server_result(method, case.revision, message["result"])


@pytest.mark.parametrize("case", [pytest.param(c, id=c.snippet) for c in CASES])
def test_case_names_a_step_that_shows_its_snippet(case: Case) -> None:
    entry_file = ROOT / "entries" / case.entry / "entry.yml"
    assert entry_file.exists(), f"{case.snippet}: no entry {case.entry!r}"
    shown = {s.get("id"): s.get("snippet") for s in _entry_steps(entry_file)}
    assert shown.get(case.step) == case.snippet, f"{case.label} shows {shown.get(case.step)!r}, not {case.snippet!r}"


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_running_server_is_the_snippet_readers_see(transport: str, mcp_client) -> None:
    client = mcp_client(transport, "2026-07-28")
    cmdline = Path(f"/proc/{client.process.pid}/cmdline").read_bytes().split(b"\0")
    assert cmdline[1] == str(SERVER_SCRIPT).encode()
    assert SERVER_SCRIPT.is_relative_to(SNIPPETS)
    tools = client.request({"jsonrpc": "2.0", "id": 90, "method": "tools/list"})["result"]["tools"]
    assert [t["name"] for t in tools] == ["get_forecast", "search_issues"]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_stopped_server_leaves_no_process(transport: str) -> None:
    client = McpClient(transport, "2026-07-28")
    pid = client.process.pid
    assert process_alive(pid)
    client.close()
    assert not process_alive(pid)
