"""The official MCP Inspector (npm @modelcontextprotocol/inspector 0.15.0, pinned in package.json: the
last release that runs on Node 20) as a third-party client of `lexigraph mcp`, in its CLI mode, over
stdio and over Streamable HTTP: tools/list, every tool, resources, templates, prompts and bad calls.

The Inspector's own launcher (`npx @modelcontextprotocol/inspector --cli`) cannot start in this
repository: it resolves `commander` from the root node_modules, where terser's commander 2.20 sits,
and fails with "program.name(...).allowExcessArguments is not a function". So the tests run the
CLI package that launcher hands over to, `mcp-inspector-cli` (@modelcontextprotocol/inspector-cli
0.15.0, installed with the Inspector, with its own commander 13), with the same arguments.
Inspector 0.15 has no completion command; completion is covered with the SDK's client in
test_mcp_conformance.py. Every case runs once per transport, a few at a time, before the asserts."""

from __future__ import annotations

import json
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.lexigraph_mcp import ROOT, HttpServer, lexigraph_command

# One worker runs the module: its fixture runs every case per transport (about 40 Inspector and
# server processes), and on two workers each would run them all again.
pytestmark = pytest.mark.xdist_group("inspector")

INSPECTOR = ROOT / "node_modules" / ".bin" / "mcp-inspector-cli"
VERSION = "0.15.0"

# name → Inspector arguments after the target
CASES = {
    "tools-list": ["--method", "tools/list"],
    "search": ["--method", "tools/call", "--tool-name", "search", "--tool-arg", "query=outil", "limit=3"],
    "get_entry": ["--method", "tools/call", "--tool-name", "get_entry", "--tool-arg", "id=harness", "lang=en"],
    "list_entries": ["--method", "tools/call", "--tool-name", "list_entries", "--tool-arg", "lang=en", "spec=webmcp"],
    "cite": ["--method", "tools/call", "--tool-name", "cite", "--tool-arg", "id=mcp", "lang=en", "format=bibtex"],
    "quiz": ["--method", "tools/call", "--tool-name", "quiz", "--tool-arg", "id=mcp", "lang=en"],
    "quiz_key": ["--method", "tools/call", "--tool-name", "quiz_key", "--tool-arg", "id=mcp", "lang=en"],
    "resources-list": ["--method", "resources/list"],
    "resources-read": ["--method", "resources/read", "--uri", "lexigraph://en/harness"],
    "templates-list": ["--method", "resources/templates/list"],
    "prompts-list": ["--method", "prompts/list"],
    "explain": ["--method", "prompts/get", "--prompt-name", "explain", "--prompt-args", "term=tool call", "lang=en"],
    "compare": ["--method", "prompts/get", "--prompt-name", "compare", "--prompt-args", "a=mcp", "b=api", "lang=fr"],
    "quiz_me": ["--method", "prompts/get", "--prompt-name", "quiz_me", "--prompt-args", "id=harness", "lang=en"],
    # bad calls
    "unknown-tool": ["--method", "tools/call", "--tool-name", "nosuchtool"],
    "blank-query": ["--method", "tools/call", "--tool-name", "search", "--tool-arg", "query= "],
    "no-version": ["--method", "tools/call", "--tool-name", "get_entry", "--tool-arg", "id=mcp", "version=v1999-01"],
    "unknown-resource": ["--method", "resources/read", "--uri", "lexigraph://fr/doesnotexist"],
    "unknown-prompt": ["--method", "prompts/get", "--prompt-name", "nosuchprompt"],
    "not-confused": ["--method", "prompts/get", "--prompt-name", "compare", "--prompt-args", "a=mcp", "b=harness"],
    "logging": ["--method", "logging/setLevel", "--log-level", "debug"],
}


def run(target: list[str], args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([str(INSPECTOR), "--cli", *target, *args], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module", params=["stdio", "http"])
def inspected(request):
    """(transport, case name → finished Inspector run) for every case."""
    assert shutil.which("node"), "node is needed for the MCP Inspector"
    assert INSPECTOR.exists(), "run npm ci: the MCP Inspector is a devDependency"
    installed = json.loads((ROOT / "node_modules/@modelcontextprotocol/inspector-cli/package.json").read_text(encoding="utf-8"))
    assert installed["version"] == VERSION
    server = None
    try:
        if request.param == "stdio":
            target = lexigraph_command(ROOT, "mcp")
        else:
            server = HttpServer.of(ROOT)
            target = [server.url, "--transport", "http"]
        with ThreadPoolExecutor(max_workers=3) as pool:
            runs = dict(zip(CASES, pool.map(lambda args: run(target, args), CASES.values()), strict=True))
        if server is not None:
            assert "Traceback" not in server.stderr_text()
        yield request.param, runs
    finally:
        if server is not None:
            server.stop()


def ok(inspected, case: str) -> dict:
    done = inspected[1][case]
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def failed(inspected, case: str) -> str:
    done = inspected[1][case]
    assert done.returncode == 1 and done.stdout == "", done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr.splitlines()[0]


def tool_result(inspected, case: str) -> dict:
    result = ok(inspected, case)
    assert result["isError"] is False, result
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"] or case in ("get_entry", "quiz")
    return result["structuredContent"]


def test_tools_list(inspected):
    tools = {t["name"]: t for t in ok(inspected, "tools-list")["tools"]}
    assert sorted(tools) == ["cite", "get_entry", "list_entries", "quiz", "quiz_key", "search", "support"]
    assert tools["quiz_key"]["_meta"]["ui"]["visibility"] == ["app"]
    assert tools["search"]["inputSchema"]["properties"]["limit"]["maximum"] == 50
    assert all(t["annotations"]["readOnlyHint"] is True and "outputSchema" in t for t in tools.values())


def test_each_tool(inspected):
    assert [h["id"] for h in tool_result(inspected, "search")["results"]][:2] == ["tool", "tool-call"]
    entry = ok(inspected, "get_entry")
    assert entry["structuredContent"]["markdown"].startswith("# Harness\n") and entry["content"][0]["text"] == entry["structuredContent"]["markdown"]
    assert "webmcp" in [e["id"] for e in tool_result(inspected, "list_entries")["entries"]]
    citation = tool_result(inspected, "cite")
    assert citation["citation"].startswith("@misc{lexigraph-mcp-") and citation["format"] == "bibtex"
    quiz = ok(inspected, "quiz")["structuredContent"]
    assert len(quiz["questions"]) == 3 and all(set(o) == {"id", "text"} for q in quiz["questions"] for o in q["options"])
    key = tool_result(inspected, "quiz_key")
    assert [q["id"] for q in key["questions"]] == [q["id"] for q in quiz["questions"]]
    assert all(q["right"] for q in key["questions"])


def test_resources_and_templates(inspected):
    uris = [r["uri"] for r in ok(inspected, "resources-list")["resources"]]
    assert "ui://lexigraph/quiz" in uris and "lexigraph://fr/mcp" in uris and "lexigraph://en/harness" in uris
    (content,) = ok(inspected, "resources-read")["contents"]
    assert content["mimeType"] == "text/markdown" and content["text"].startswith("# Harness\n")
    (template,) = ok(inspected, "templates-list")["resourceTemplates"]
    assert template["uriTemplate"] == "lexigraph://{lang}/{id}"


def test_prompts(inspected):
    assert [p["name"] for p in ok(inspected, "prompts-list")["prompts"]] == ["explain", "quiz_me", "compare"]
    explain = ok(inspected, "explain")["messages"][0]["content"]["text"]
    assert explain.startswith("Explain “Tool call” from the Lexigraph entry below")
    compare = ok(inspected, "compare")["messages"][0]["content"]["text"]
    assert compare.startswith("Compare « MCP » et « API »")
    quiz_me = ok(inspected, "quiz_me")["messages"][0]["content"]["text"]
    assert quiz_me.startswith("Ask me the questions of the Lexigraph entry “Harness”")


def test_bad_calls(inspected):
    assert failed(inspected, "unknown-tool") == \
        "Failed to call tool nosuchtool: MCP error -32602: Unknown tool: nosuchtool; tools: quiz, quiz_key, search, get_entry, list_entries, cite, support"
    blank = ok(inspected, "blank-query")
    assert blank["isError"] is True
    assert blank["content"][0]["text"] == "Error executing tool search: the query is empty: give a few words, e.g. 'outil' or 'tool call'"
    version = ok(inspected, "no-version")
    assert version["isError"] is True and "'mcp' has no version 'v1999-01'" in version["content"][0]["text"]
    # The Inspector's SDK (TypeScript 1.x) negotiates 2025-06-18: the resource-not-found code of its era.
    assert failed(inspected, "unknown-resource").startswith("Failed to read resource lexigraph://fr/doesnotexist: MCP error -32002: no entry 'doesnotexist'")
    assert failed(inspected, "unknown-prompt") == \
        "Failed to get prompt: MCP error -32602: unknown prompt 'nosuchprompt'; prompts: explain, quiz_me, compare"
    assert failed(inspected, "not-confused").startswith(
        "Failed to get prompt: MCP error -32602: prompt 'compare': 'mcp' and 'harness' are not marked as often confused")
    assert failed(inspected, "logging").endswith("MCP error -32601: Method not found")
