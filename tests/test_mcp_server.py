"""`lexigraph mcp`, driven by the SDK's own `mcp.Client` in both connect modes: "auto" (2026-07-28,
server/discover) and "legacy" (2025-11-25, initialize). What it serves is compared with what the site
publishes. Most tests talk to the server `lexigraph mcp` builds in this process (what it serves does not
depend on the transport); the smoke tests (every_client) also run against the real process over stdio and
Streamable HTTP in each era."""

from __future__ import annotations

import json

import httpx2 as httpx
import pytest
from mcp.shared.exceptions import MCPError

from tests.support.lexigraph_mcp import (
    BUMPED,
    STALE_ENTRY,
    STALE_REVISION,
    HttpServer,
    connect,
    content_root,
    inprocess_target,
    server_log,
    stdio_target,
)

TOOLS = ["cite", "get_entry", "list_entries", "quiz", "quiz_key", "search", "support"]
PREFIX = "Error executing tool {}: "


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    """(content root, archived version of the MCP entry)."""
    return content_root(tmp_path_factory.mktemp("mcp-content"))


@pytest.fixture(scope="module")
def http_server(content):
    server = HttpServer.of(content[0])
    yield server
    log = server.stderr_text()
    server.stop()
    assert "Traceback" not in log, log   # bad inputs are answered, never crash a request


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


def call(client, tool: str, arguments: dict):
    return client.call_tool(tool, arguments)


def error_text(client, tool: str, arguments: dict) -> str:
    result = call(client, tool, arguments)
    assert result.is_error is True
    assert result.structured_content is None
    (block,) = result.content
    assert block.text.startswith(PREFIX.format(tool))
    return block.text[len(PREFIX.format(tool)):]


# -- the connection ---------------------------------------------------------------------------


def test_each_mode_negotiates_its_era(every_client):
    assert every_client.protocol_version == ("2026-07-28" if every_client.mode == "auto" else "2025-11-25")
    assert every_client.server_info.name == "lexigraph"
    # The quiz App's extension is advertised in server/discover; the SDK's 2025-11-25 initialize
    # result carries no `extensions` (the tool's _meta.ui still names the view in both eras).
    extensions = every_client.server_capabilities.extensions
    assert (extensions or {}).get("io.modelcontextprotocol/ui") == ({} if every_client.mode == "auto" else None)


def test_every_tool_is_read_only_with_an_output_schema(every_client):
    tools = every_client.list_tools().tools
    assert sorted(t.name for t in tools) == TOOLS
    for tool in tools:
        assert tool.annotations.read_only_hint is True, tool.name
        assert tool.annotations.destructive_hint is False, tool.name
        assert tool.output_schema["type"] == "object", tool.name
    quiz = next(t for t in tools if t.name == "quiz")
    assert quiz.meta["ui"] == {"resourceUri": "ui://lexigraph/quiz", "visibility": ["model", "app"]}
    key = next(t for t in tools if t.name == "quiz_key")
    assert key.meta["ui"] == {"resourceUri": "ui://lexigraph/quiz", "visibility": ["app"]}   # hidden from the model


# -- search -----------------------------------------------------------------------------------


def test_search_ranks_french_entries_for_a_french_query(client, real_site):
    result = call(client, "search", {"query": "outil"})
    assert result.is_error is False
    french = {e["id"]: e for e in json.loads((real_site / "fr" / "lexicon.json").read_text(encoding="utf-8"))["entries"]}
    hits = result.structured_content["results"]
    assert hits[0] == {"id": "tool", "title": "Outil", "definition": french["tool"]["text"]["definition"].strip(),
                       "url": "https://www.lexigraph.org/fr/outil/"}
    assert "tool-call" in [h["id"] for h in hits]
    assert len(hits) == 5 and all(h["url"].startswith("https://www.lexigraph.org/fr/") for h in hits)
    assert json.loads(result.content[0].text) == result.structured_content


def test_search_answers_in_the_language_asked_for_only(client):
    english = call(client, "search", {"query": "tool", "lang": "en"}).structured_content["results"]
    assert (english[0]["id"], english[0]["title"]) == ("tool", "Tool")
    assert ("tool-call", "Tool call") in [(h["id"], h["title"]) for h in english]
    assert all(h["url"].startswith("https://www.lexigraph.org/en/") for h in english)
    assert len(call(client, "search", {"query": "tool", "lang": "en", "limit": 2}).structured_content["results"]) == 2
    assert call(client, "search", {"query": "outil", "lang": "en"}).structured_content["results"] == []


def test_search_finds_an_entry_by_its_french_alias_free_title_word(client):
    hits = call(client, "search", {"query": "harnais"}).structured_content["results"]
    assert hits[0]["id"] == "harness" and hits[0]["title"] == "Harnais"


# -- get_entry --------------------------------------------------------------------------------


def test_get_entry_markdown_is_the_markdown_copy_the_site_publishes(client, real_site):
    result = call(client, "get_entry", {"id": "harness"})
    published = (real_site / "fr" / "harnais" / "index.md").read_text(encoding="utf-8")
    assert result.content[0].text == published
    assert result.structured_content["markdown"] == published
    assert {k: v for k, v in result.structured_content.items() if k != "markdown"} == {
        "id": "harness", "lang": "fr", "version": result.structured_content["current_version"],
        "current_version": result.structured_content["current_version"], "format": "markdown",
        "title": "Harnais", "url": "https://www.lexigraph.org/fr/harnais/", "entry": None}


def test_get_entry_json_is_the_json_export_record(client, real_site):
    result = call(client, "get_entry", {"id": "harness", "lang": "en", "format": "json"})
    export = json.loads((real_site / "en" / "lexicon.json").read_text(encoding="utf-8"))
    assert result.structured_content["entry"] == next(e for e in export["entries"] if e["id"] == "harness")
    assert json.loads(result.content[0].text) == result.structured_content["entry"]
    assert result.structured_content["markdown"] is None


@pytest.mark.parametrize("name", ["harness", "harnais", "Harnais"])
def test_get_entry_accepts_the_id_or_either_language_slug(client, name):
    result = call(client, "get_entry", {"id": name, "lang": "en"}).structured_content
    assert (result["id"], result["title"], result["url"]) == ("harness", "Harness", "https://www.lexigraph.org/en/harness/")


def test_get_entry_serves_an_archived_version_as_clean_markdown(client, content):
    from lexigraph.agents.archived_copy import clean_markdown

    root, archived = content
    result = call(client, "get_entry", {"id": "mcp", "version": archived}).structured_content
    frozen = (root / "archive" / "mcp" / archived / "fr.md").read_text(encoding="utf-8")
    assert result["markdown"] == clean_markdown(frozen, f"https://www.lexigraph.org/fr/mcp/{archived}/")
    assert "<" not in result["markdown"].split("```")[0] and "](../" not in result["markdown"]
    assert f"Lexigraph, « MCP », {archived}, https://www.lexigraph.org/fr/mcp/{archived}/, CC BY 4.0." in result["markdown"]
    assert (result["version"], result["current_version"]) == (archived, BUMPED)
    assert result["url"] == f"https://www.lexigraph.org/fr/mcp/{archived}/"
    as_json = call(client, "get_entry", {"id": "mcp", "lang": "en", "version": archived, "format": "json"}).structured_content
    frozen_en = (root / "archive" / "mcp" / archived / "en.md").read_text(encoding="utf-8")
    assert as_json["entry"]["markdown"] == clean_markdown(frozen_en, f"https://www.lexigraph.org/en/mcp/{archived}/")
    current = call(client, "get_entry", {"id": "mcp", "version": BUMPED}).structured_content
    assert current["markdown"].startswith("# MCP\n") and f" · {BUMPED} · " in current["markdown"]


# -- list_entries -----------------------------------------------------------------------------


def test_list_entries_lists_every_entry_by_number_with_stale_status(client, content):
    entries = call(client, "list_entries", {"lang": "en"}).structured_content["entries"]
    numbers = [e["number"] for e in entries]
    assert numbers == sorted(numbers) and len(entries) == len(list((content[0] / "entries").iterdir()))
    stale = [e for e in entries if e["stale"]]
    assert [e["id"] for e in stale] == [STALE_ENTRY]
    (check,) = stale[0]["checked_against"]
    assert check == {"spec": "mcp", "revision": STALE_REVISION, "current": "2026-07-28", "stale": True}
    assert next(e for e in entries if e["id"] == "harness")["title"] == "Harness"


def test_list_entries_filters_by_specification(client):
    result = call(client, "list_entries", {"spec": "webmcp"}).structured_content
    assert result["spec"] == "webmcp"
    assert ("webmcp", "WebMCP", False) in [(e["id"], e["title"], e["stale"]) for e in result["entries"]]
    assert "mcp" not in [e["id"] for e in result["entries"]]
    assert all([c["spec"] for c in e["checked_against"]] == ["webmcp"] for e in result["entries"])


# -- resources --------------------------------------------------------------------------------


def test_each_entry_is_a_markdown_resource_in_each_language(client, real_site):
    resources = {r.uri: r for r in client.list_resources().resources}
    assert resources["lexigraph://fr/harness"].mime_type == "text/markdown"
    assert resources["lexigraph://en/harness"].title == "Harness"
    assert resources["ui://lexigraph/quiz"].mime_type == "text/html;profile=mcp-app"
    (text,) = client.read_resource("lexigraph://en/harness").contents
    assert text.text == (real_site / "en" / "harness" / "index.md").read_text(encoding="utf-8")


def test_resource_template_reads_an_entry_by_slug(client, real_site):
    (template,) = client.list_resource_templates().resource_templates
    assert (template.uri_template, template.mime_type) == ("lexigraph://{lang}/{id}", "text/markdown")
    (text,) = client.read_resource("lexigraph://fr/harnais").contents
    assert text.text == (real_site / "fr" / "harnais" / "index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("uri, message", [
    ("lexigraph://fr/mcp-app", "no entry 'mcp-app' in the lexicon (did you mean 'mcp-apps'"),
    ("lexigraph://de/mcp", "unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    # The SDK's path-safety policy refuses a traversal before Lexigraph is even asked.
    ("lexigraph://fr/..%2F..%2Fspecs.yml", "Unknown resource: lexigraph://fr/..%2F..%2Fspecs.yml"),
])
def test_unknown_resource_is_an_error_naming_the_problem(client, uri, message):
    with pytest.raises(MCPError) as raised:
        client.read_resource(uri)
    assert raised.value.error.message.startswith(message)


# -- the quiz tool ----------------------------------------------------------------------------


def test_quiz_returns_the_three_questions_in_the_site_order_without_the_key(client, content):
    import yaml

    from lexigraph.render.quiz import display_order

    result = call(client, "quiz", {"id": "mcp", "lang": "en"})
    data = result.structured_content
    source = yaml.safe_load((content[0] / "quizzes" / "mcp.en.yml").read_text(encoding="utf-8"))["questions"]
    assert [q["id"] for q in data["questions"]] == [q["id"] for q in source]
    for question, written in zip(data["questions"], source, strict=True):
        assert [o["id"] for o in question["options"]] == [o["id"] for o in display_order("mcp", written["id"], written["options"])]
        assert all(set(o) == {"id", "text"} for o in question["options"])
    assert data["labels"]["score"] == "Score: {score}/{total}"
    assert result.content[0].text.startswith("MCP — ")
    key = call(client, "quiz_key", {"id": "mcp", "lang": "en"}).structured_content
    for question, written in zip(key["questions"], source, strict=True):
        assert question["right"] == [o["id"] for o in display_order("mcp", written["id"], written["options"]) if o.get("correct")]
        assert sorted(question["feedback"]) == sorted(o["id"] for o in written["options"])


# -- bad input --------------------------------------------------------------------------------

# Where the message ends with suggestions, the expected text is its beginning up to the nearest id:
# the lexicon grows, and later ids may join the list after it.
BAD_INPUTS = [
    ("get_entry", {"id": "mcp-app"}, "no entry 'mcp-app' in the lexicon (did you mean 'mcp-apps'"),
    ("get_entry", {"id": "outils", "lang": "en"}, "no entry 'outils' in the lexicon (did you mean 'tool'"),
    ("get_entry", {"id": "mcp", "lang": "de"}, "unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    ("get_entry", {"id": "mcp", "lang": "English"}, "unknown language 'English' (did you mean 'en'?): Lexigraph is written in 'fr' and 'en'"),
    ("get_entry", {"id": "mcp", "format": "html"}, "unknown format 'html': use 'markdown' or 'json'"),
    ("get_entry", {"id": ""}, "the id is empty: give an entry id such as 'mcp' (list_entries lists them)"),
    ("get_entry", {"id": "../../specs.yml"}, "no entry '../../specs.yml' in the lexicon (list_entries lists every id)"),
    ("get_entry", {"id": "m" * 10_000}, "the id is 10,000 characters long; entry ids are short, such as 'mcp' or 'mcp-apps'"),
    ("search", {"query": ""}, "the query is empty: give a few words, e.g. 'outil' or 'tool call'"),
    ("search", {"query": "   "}, "the query is empty: give a few words, e.g. 'outil' or 'tool call'"),
    ("search", {"query": "x" * 10_000}, "the query is 10,000 characters long; at most 500 are accepted"),
    ("search", {"query": "?!"}, "the query '?!' has no words to search for"),
    ("search", {"query": "mcp", "limit": 0}, "limit is 0; give a number from 1 to 50"),
    ("search", {"query": "mcp", "lang": "de"}, "unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    ("list_entries", {"spec": "mpc"}, "unknown specification 'mpc' (did you mean 'mcp'?); tracked: mcp, "),
    ("list_entries", {"lang": "es"}, "unknown language 'es': Lexigraph is written in 'fr' and 'en'"),
    ("quiz", {"id": "harnes", "lang": "en"}, "no entry 'harnes' in the lexicon (did you mean 'harness'"),
]


@pytest.mark.parametrize("tool, arguments, message", BAD_INPUTS,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(BAD_INPUTS)])
def test_bad_input_is_an_error_result_saying_what_was_wrong(client, tool, arguments, message):
    text = error_text(client, tool, arguments)
    assert text.startswith(message) and (text == message or "did you mean" in message or "tracked:" in message), text


def test_a_version_that_does_not_exist_is_refused_with_the_versions_served(every_client, content):
    root, archived = content
    served = sorted({p.name for p in (root / "archive" / "mcp").iterdir()} | {BUMPED})
    typo = archived.replace("-", "", 1)   # v2026-12-2 → v202612-2: a dash left out, nearest to the archived one only
    assert typo not in served and len(set(served)) >= 3
    assert error_text(every_client, "get_entry", {"id": "mcp", "version": typo}) == \
        f"'mcp' has no version '{typo}' (did you mean '{archived}'?); versions: {', '.join(served)}"


@pytest.mark.parametrize("arguments, field", [({"query": 5}, "query"), ({}, "query"), ({"query": "mcp", "limit": "many"}, "limit")])
def test_arguments_of_the_wrong_type_are_refused_by_the_schema(client, arguments, field):
    text = error_text(client, "search", arguments)
    assert text.startswith("1 validation error for searchArguments\n" + field + "\n")
    assert "Traceback" not in text


# -- Streamable HTTP --------------------------------------------------------------------------


def test_http_is_stateless_and_refuses_a_foreign_host(http_server):
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    with httpx.Client(timeout=15) as http:
        answer = http.post(http_server.url, json=initialize, headers=headers)
        assert answer.status_code == 200 and answer.json()["result"]["serverInfo"]["name"] == "lexigraph"
        assert "mcp-session-id" not in answer.headers          # stateless: no session to pin to one instance
        rebinding = http.post(http_server.url, json=initialize, headers={**headers, "Host": "evil.example:80"})
        assert rebinding.status_code == 421
        foreign = http.post(http_server.url, json=initialize, headers={**headers, "Origin": "http://evil.example"})
        assert foreign.status_code == 403

