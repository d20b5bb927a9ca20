"""`lexigraph mcp` against the points of the external audit (section 5), in both eras ("auto" =
2026-07-28, "legacy" = 2025-11-25), driven by the SDK's `mcp.Client`: resource-not-found codes, prompts
and their errors, completion, the cite tool, the quiz key kept from the model, input-schema limits, and
the unknown tool. Most tests talk to the server in this process; the smoke tests (every_client) also run
against the real process over stdio and Streamable HTTP, and a raw stdio session reads its stderr."""

from __future__ import annotations

import json
import subprocess

import pytest
import yaml
from mcp.shared.exceptions import MCPError
from mcp_types import PromptReference, ResourceTemplateReference

from tests.support.lexigraph_mcp import (
    ROOT,
    HttpServer,
    connect,
    content_root,
    inprocess_target,
    lexigraph_command,
    server_log,
    stdio_target,
)
from tests.support.mcp_server import TIMEOUT


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    return content_root(tmp_path_factory.mktemp("mcp-conformance"))


@pytest.fixture(scope="module")
def http_server(content):
    server = HttpServer.of(content[0])
    try:
        yield server
        log = server.stderr_text()
        assert "Traceback" not in log, log      # every bad call is answered, none logs a traceback
    finally:
        server.stop()


@pytest.fixture(scope="module")
def served(content):
    """The server `lexigraph mcp` builds for the content root, in this process, and what it logs."""
    with server_log() as log:
        yield inprocess_target(content[0]), log
    assert not [line for line in log if "Traceback" in line], log     # bad inputs are answered, never crash a request


def _client(request, content, transport: str, mode: str):
    if transport == "in-process":
        return connect(request.getfixturevalue("served")[0], mode)
    return connect(stdio_target(content[0]) if transport == "stdio" else request.getfixturevalue("http_server").url, mode)


@pytest.fixture(scope="module", params=["auto", "legacy"])
def client(request, content):
    """The server in this process, in each era: most tests (what it serves does not depend on the transport)."""
    with _client(request, content, "in-process", request.param) as connected:
        connected.mode = request.param
        yield connected


@pytest.fixture(scope="module", params=[("in-process", "auto"), ("in-process", "legacy"), ("stdio", "auto"), ("stdio", "legacy"),
                                        ("http", "auto"), ("http", "legacy")], ids=lambda p: "-".join(p))
def every_client(request, content):
    """The same, and the real `lexigraph mcp` over stdio and Streamable HTTP in each era: the smoke tests."""
    transport, mode = request.param
    with _client(request, content, transport, mode) as connected:
        connected.mode = mode
        yield connected


def protocol_error(work) -> tuple[int, str]:
    with pytest.raises(MCPError) as raised:
        work()
    return raised.value.error.code, raised.value.error.message


# -- resources --------------------------------------------------------------------------------


@pytest.mark.parametrize("uri, message", [
    ("lexigraph://fr/doesnotexist", "no entry 'doesnotexist' in the lexicon"),
    ("lexigraph://de/mcp", "unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    ("file:///etc/passwd", "Unknown resource: file:///etc/passwd"),
])
def test_a_missing_resource_is_resource_not_found_in_the_clients_era(every_client, uri, message):
    code, text = protocol_error(lambda: every_client.read_resource(uri))
    # 2025-11-25: -32002 (Resource not found). 2026-07-28 retired -32002 for -32602 (SEP-2164), as the SDK does.
    assert code == (-32602 if every_client.mode == "auto" else -32002)
    assert text.startswith(message)


# -- prompts ----------------------------------------------------------------------------------


def test_prompts_are_listed_with_their_arguments(client):
    listed = {p.name: [(a.name, a.required) for a in p.arguments] for p in client.list_prompts().prompts}
    assert listed == {"explain": [("term", True), ("lang", False), ("level", False)],
                      "quiz_me": [("id", True), ("lang", False)],
                      "compare": [("a", True), ("b", True), ("lang", False)]}


def prompt_text(client, name: str, arguments: dict) -> str:
    (message,) = client.get_prompt(name, arguments).messages
    assert message.role == "user"
    return message.content.text


def test_explain_gives_definition_what_it_is_not_and_neighbours(client, content):
    text = prompt_text(client, "explain", {"term": "tool call", "lang": "en"})
    english = yaml.safe_load((content[0] / "entries" / "tool-call" / "en.yml").read_text(encoding="utf-8"))
    assert text.startswith("Explain “Tool call” from the Lexigraph entry below (https://www.lexigraph.org/en/tool-call/).")
    assert english["definition"].strip() in text and english["not"].strip() in text
    assert "## What it is not" in text and "- Runs in: Harness (harness) — " in text
    assert "## In depth" not in text
    advanced = prompt_text(client, "explain", {"term": "appel-d-outil", "lang": "en", "level": "advanced"})
    assert "## In depth" in advanced and "## What varies" in advanced
    french = prompt_text(client, "explain", {"term": "Harnais", "lang": "fr"})
    assert french.startswith("Explique « Harnais »") and "## Ce que ce n’est pas" in french


def test_quiz_me_lists_the_questions_in_the_site_order_and_withholds_the_key(client, content):
    from lexigraph.render.quiz import display_order

    text = prompt_text(client, "quiz_me", {"id": "mcp", "lang": "en"})
    written = yaml.safe_load((content[0] / "quizzes" / "mcp.en.yml").read_text(encoding="utf-8"))["questions"]
    for question in written:
        shown = [o["text"] for o in display_order("mcp", question["id"], question["options"])]
        assert "\n".join(f"{chr(65 + i)}. {t}" for i, t in enumerate(shown)).replace("`", "") in text.replace("`", "")
        for option in question["options"]:
            assert option["feedback"].strip()[:60] not in text
    assert "correct" not in text.lower()


def test_compare_sets_two_often_confused_entries_side_by_side(client):
    text = prompt_text(client, "compare", {"a": "mcp", "b": "api", "lang": "fr"})
    assert text.startswith("Compare « MCP » et « API », que le lexique Lexigraph marque comme souvent confondus.")
    assert "# MCP (https://www.lexigraph.org/fr/mcp/)" in text and "# API (https://www.lexigraph.org/fr/api/)" in text


PROMPT_ERRORS = [
    ("nosuchprompt", {}, "unknown prompt 'nosuchprompt'; prompts: explain, quiz_me, compare"),
    ("explain", {}, "prompt 'explain': missing argument 'term'; it takes term, lang, level"),
    ("explain", {"term": "mcp", "colour": "red"}, "prompt 'explain': unknown argument 'colour'; it takes term, lang, level"),
    ("explain", {"term": "mcp", "lang": "de"}, "prompt 'explain': unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    ("explain", {"term": "mcp", "level": "expert"}, "prompt 'explain': unknown level 'expert': use 'basic' or 'advanced'"),
    ("explain", {"term": "mcp-appz"}, "prompt 'explain': no entry 'mcp-appz' in the lexicon (did you mean 'mcp-apps'"),
    ("quiz_me", {"id": "doesnotexist"}, "prompt 'quiz_me': no entry 'doesnotexist' in the lexicon"),
    ("compare", {"a": "mcp", "b": "harness"},
     "prompt 'compare': 'mcp' and 'harness' are not marked as often confused; 'mcp' is often confused with: 'api', 'webmcp', 'a2a'"),
    ("compare", {"a": "mcp", "b": "MCP"}, "prompt 'compare': 'mcp' and 'MCP' are the same entry ('mcp'): give two entries"),
]


@pytest.mark.parametrize("name, arguments, message", PROMPT_ERRORS, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(PROMPT_ERRORS)])
def test_a_bad_prompt_request_is_invalid_params_with_a_clear_message(client, name, arguments, message):
    code, text = protocol_error(lambda: client.get_prompt(name, arguments))
    assert code == -32602
    assert text.startswith(message), text


# -- completion -------------------------------------------------------------------------------


def completed(client, ref, name: str, value: str, context: dict | None = None) -> list[str]:
    return client.complete(ref, {"name": name, "value": value}, context_arguments=context).completion.values


def test_completion_offers_ids_languages_and_levels(client):
    quiz_me, explain = PromptReference(name="quiz_me"), PromptReference(name="explain")
    ids = completed(client, quiz_me, "id", "mcp")
    assert ids[:2] == ["mcp", "mcp-apps"] and all(i.startswith("mcp") for i in ids)   # exact first, then by name
    assert completed(client, quiz_me, "lang", "") == ["fr", "en"]
    assert completed(client, quiz_me, "lang", "e") == ["en"]
    assert completed(client, explain, "level", "a") == ["advanced"]
    assert completed(client, explain, "term", "harn") == ["harnais", "harness"]      # the French slug and the id


def test_completion_of_compare_offers_only_the_entries_confused_with_the_first(client):
    assert completed(client, PromptReference(name="compare"), "b", "", {"a": "mcp"}) == ["api", "webmcp", "a2a"]


def test_completion_of_the_resource_template(client):
    template = ResourceTemplateReference(uri="lexigraph://{lang}/{id}")
    assert completed(client, template, "lang", "f") == ["fr"]
    assert "tool-call" in completed(client, template, "id", "tool")
    assert completed(client, ResourceTemplateReference(uri="lexigraph://{other}"), "id", "") == []


# -- cite -------------------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["apa", "bibtex", "ris", "csl-json", "line"])
def test_cite_gives_the_citation_of_the_site_block(client, content, style):
    """Archived version: the very text its frozen page's citation block shows (same code, then and now)."""
    import html
    import re

    root, archived = content
    result = client.call_tool("cite", {"id": "mcp", "lang": "en", "version": archived, "format": style})
    assert result.is_error is False
    data = result.structured_content
    frozen = (root / "archive" / "mcp" / archived / "en.md").read_text(encoding="utf-8")
    shown = re.search(rf'id="cite-{style}" class="lx-cite__text">(.*?)</(?:p|pre)>', frozen, re.DOTALL).group(1)
    assert data["citation"] == html.unescape(shown)
    assert (data["version"], data["url"]) == (archived, f"https://www.lexigraph.org/en/mcp/{archived}/")
    assert json.loads(result.content[0].text) == data


def test_cite_current_version_uses_the_render_code(client, content):
    from lexigraph.cli import site_url
    from lexigraph.pipeline import prepare
    from lexigraph.render.cite import bibtex, reference
    from lexigraph.render.urls import UrlMap

    build = prepare(content[0], site_url(content[0]))
    site = UrlMap.of(build.corpus, site_url(content[0]), build.corpus.registry)
    expected = bibtex(reference(site, build.corpus.entries["harness"], "fr"))
    assert client.call_tool("cite", {"id": "harnais", "format": "bibtex"}).structured_content["citation"] == expected


@pytest.mark.parametrize("arguments, message", [
    ({"id": "mcp", "format": "mla"}, "unknown citation format 'mla': use 'line', 'apa', 'bibtex', 'ris' or 'csl-json'"),
    ({"id": "mcp", "version": "v1999-01"}, "'mcp' has no version 'v1999-01'"),
    ({"id": "nosuch"}, "no entry 'nosuch' in the lexicon"),
])
def test_cite_refuses_what_it_cannot_cite(client, arguments, message):
    result = client.call_tool("cite", arguments)
    assert result.is_error is True and result.content[0].text.startswith(f"Error executing tool cite: {message}")


# -- the quiz: the model never sees the key -----------------------------------------------------


def test_what_the_model_sees_of_the_quiz_holds_no_key(client, content):
    """The quiz tool's whole result (text block and structuredContent) names no right option and
    carries no feedback; only the app-only quiz_key tool, which a host keeps from the model, does."""
    for lang in ("fr", "en"):
        written = yaml.safe_load((content[0] / "quizzes" / f"mcp.{lang}.yml").read_text(encoding="utf-8"))["questions"]
        result = client.call_tool("quiz", {"id": "mcp", "lang": lang})
        seen = json.dumps(result.model_dump(mode="json", by_alias=True), ensure_ascii=False)
        for question in result.structured_content["questions"]:
            assert set(question) == {"id", "level", "prompt", "multiple", "options"}
            assert all(set(option) == {"id", "text"} for option in question["options"])
        assert set(result.structured_content) == {"id", "lang", "title", "url", "labels", "questions"}
        for question in written:
            for option in question["options"]:
                assert option["feedback"].strip()[:50] not in seen
        key = client.call_tool("quiz_key", {"id": "mcp", "lang": lang}).structured_content
        assert [q["right"] for q in key["questions"]] == [[o["id"] for o in q["options"] if o.get("correct")] for q in written]
    tools = {t.name: t for t in client.list_tools().tools}
    assert tools["quiz_key"].meta["ui"]["visibility"] == ["app"]


# -- input schemas and the unknown tool -------------------------------------------------------


def test_input_schemas_declare_the_limits_the_server_enforces(client):
    schemas = {t.name: t.input_schema["properties"] for t in client.list_tools().tools}
    assert (schemas["search"]["query"]["minLength"], schemas["search"]["query"]["maxLength"]) == (1, 500)
    assert (schemas["search"]["limit"]["minimum"], schemas["search"]["limit"]["maximum"]) == (1, 50)
    for tool in ("get_entry", "quiz", "quiz_key", "cite"):
        assert (schemas[tool]["id"]["minLength"], schemas[tool]["id"]["maxLength"]) == (1, 200), tool
    assert schemas["get_entry"]["version"]["maxLength"] == 200 and schemas["list_entries"]["spec"]["maxLength"] == 200
    assert (schemas["support"]["feature_or_id"]["minLength"], schemas["support"]["feature_or_id"]["maxLength"]) == (1, 200)
    # What the schema declares is what the server refuses, with its own message.
    over = client.call_tool("search", {"query": "x" * 501})
    assert over.is_error and over.content[0].text.endswith("the query is 501 characters long; at most 500 are accepted")
    assert client.call_tool("search", {"query": "x" * 500}).is_error is False


def test_an_unknown_tool_is_a_protocol_error(every_client):
    code, text = protocol_error(lambda: every_client.call_tool("nosuchtool", {}))
    assert code == -32602
    assert text == "Unknown tool: nosuchtool; tools: quiz, quiz_key, search, get_entry, list_entries, cite, support"


# -- stdio: nothing on stderr but what an operator should read -----------------------------------


def test_stdio_bad_requests_log_no_traceback(content):
    """A raw stdio session: unknown prompt, unknown resource, unknown tool; each answered, stderr clean."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "prompts/get", "params": {"name": "nosuchprompt"}},
        {"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": "lexigraph://fr/doesnotexist"}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "nosuchtool", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 5, "method": "prompts/get", "params": {"name": "explain", "arguments": {"term": "mcp", "lang": "de"}}},
    ]
    process = subprocess.Popen(lexigraph_command(content[0], "mcp"), cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        answers = {}
        for request in requests:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            if "id" in request:
                answer = json.loads(process.stdout.readline())
                answers[answer["id"]] = answer
        stderr = process.communicate(timeout=TIMEOUT)[1]     # closes stdin: the server ends
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    assert {i: answers[i]["error"]["code"] for i in (2, 3, 4, 5)} == {2: -32602, 3: -32002, 4: -32602, 5: -32602}
    assert "Traceback" not in stderr, stderr
