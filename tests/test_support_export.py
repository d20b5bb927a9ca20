"""Support data for agents and machines (issue 29, item 7): the JSON export's `support` of each entry (one record
per feature, valid against the published lexigraph/schemas/support.schema.json) and the MCP tool
`support(feature_or_id, lang)`, which answers from the same records (render/support_record.py), over a real
`mcp.Client`, with bad arguments answered as `isError` results naming the nearest names (SEP-1303).
The content is tests/support/support_data.py's tiny root."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest

from lexigraph.agents.served_cache import load
from lexigraph.content.load import load_corpus
from lexigraph.render.support_record import support_records
from tests.support.lexigraph_mcp import connect, inprocess_target, server_log
from tests.support.support_data import support_root

SCHEMA = json.loads(resources.files("lexigraph.schemas").joinpath("support.schema.json").read_text(encoding="utf-8"))
PREFIX = "Error executing tool support: "

WIDGET_CALL_EN = {
    "feature": "widget-call", "entry": "widget", "label": "Widget call",
    "spec": {"spec": "mcp", "name": "MCP", "added": "2025-11-25", "changed": [], "deprecated": None, "removed": None,
             "url": "https://modelcontextprotocol.io/specification"},
    "probe": "widget-call", "unmeasured": None,
    "implementations": [
        {"name": "mcp", "version_added": "1.9.0", "version_removed": None, "partial": None, "flag": None,
         "measured": "2026-12-02", "note": "tools/call returned the widget", "probe": "support/probes/widget-call.py",
         "unmeasured": None},
        {"name": "ts-sdk", "version_added": "1.10.0", "version_removed": None, "partial": "no cancellation", "flag": None,
         "measured": "2026-12-02", "note": "callWidget works, cancellation is ignored", "probe": "support/probes/widget-call.mjs",
         "unmeasured": None}],
    "clients": {"capability": "tools", "package": "mcp-client-capabilities", "version": "0.0.14", "date": "2026-11-20",
                "clients": ["Claude", "VS Code"]}}
WIDGET_RENDER_FR = {
    "feature": "widget-render", "entry": "widget", "label": "Rendu de bidule",
    "spec": {"spec": "mcp", "name": "MCP", "added": "2025-11-25", "changed": [], "deprecated": "2026-07-28", "removed": None,
             "url": "https://modelcontextprotocol.io/specification"},
    "probe": None, "unmeasured": "aucun SDK ne le rend",
    "implementations": [
        {"name": "chromium", "version_added": None, "version_removed": None, "partial": None, "flag": None, "measured": None,
         "note": None, "probe": None, "unmeasured": "pas de page de test"}],
    "clients": None}


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return support_root(tmp_path_factory.mktemp("support-export") / "root")


def test_the_records_of_an_entry_in_each_language(root):
    corpus = load_corpus(root)
    widget = corpus.entries["widget"]
    english, french = support_records(corpus, widget, "en"), support_records(corpus, widget, "fr")
    assert english[0] == WIDGET_CALL_EN and french[1] == WIDGET_RENDER_FR
    assert french[0]["label"] == "Appel de bidule" and french[0]["implementations"][1]["partial"] == "sans annulation"
    assert support_records(corpus, corpus.entries["gadget"], "en") == []
    for records in (english, french, []):
        jsonschema.Draft202012Validator(SCHEMA).validate(records)


def test_the_measured_date_is_the_claimed_versions_else_the_latest(root):
    corpus = load_corpus(root)
    results = corpus.support_results
    results.results[:] = [r if (r.implementation, r.version) != ("mcp", "1.9.0") else
                          type(r)(**{**r.__dict__, "measured": "2026-11-30"}) for r in results.results]
    [call] = [r for r in support_records(corpus, corpus.entries["widget"], "en") if r["feature"] == "widget-call"]
    assert call["implementations"][0]["measured"] == "2026-11-30"      # the result at version_added, not the latest
    corpus.support_results = None
    [call] = [r for r in support_records(corpus, corpus.entries["widget"], "en") if r["feature"] == "widget-call"]
    assert [c["measured"] for c in call["implementations"]] == [None, None] and call["clients"] is None


def test_the_json_export_record_carries_the_same_records(root):
    lexicon = load(root, "https://www.lexigraph.org/")
    record = lexicon.data(lexicon.entry("widget"), "en")
    assert record["support"][0] == WIDGET_CALL_EN
    assert record["support"] == support_records(load_corpus(root), load_corpus(root).entries["widget"], "en")


# -- the MCP tool ---------------------------------------------------------------------------------

@pytest.fixture(scope="module", params=["auto", "legacy"])
def client(request, root):
    with server_log() as log:
        with connect(inprocess_target(root), request.param) as connected:
            yield connected
    assert not [line for line in log if "Traceback" in line], log


def test_the_tool_is_listed_read_only_with_its_limits(client):
    [tool] = [t for t in client.list_tools().tools if t.name == "support"]
    assert tool.annotations.read_only_hint is True and tool.output_schema["type"] == "object"
    assert tool.input_schema["properties"]["feature_or_id"]["maxLength"] == 200
    assert tool.input_schema["properties"]["lang"]["enum"] == ["fr", "en"]


def test_a_feature_id_answers_its_record(client):
    result = client.call_tool("support", {"feature_or_id": "widget-call", "lang": "en"})
    assert result.is_error is False
    assert result.structured_content == {"name": "widget-call", "kind": "feature", "lang": "en", "features": [WIDGET_CALL_EN]}
    assert result.content[0].text.splitlines() == [
        "Widget call (widget-call): MCP added 2025-11-25",
        "  - mcp: since 1.9.0; measured 2026-12-02 with support/probes/widget-call.py",
        "  - ts-sdk: since 1.10.0, partial (no cancellation); measured 2026-12-02 with support/probes/widget-call.mjs",
        "  - clients declaring tools (mcp-client-capabilities 0.0.14): Claude, VS Code"]


@pytest.mark.parametrize("name", ["widget", "bidule", "Widget"])
def test_an_entry_id_or_slug_answers_all_its_records(client, name):
    result = client.call_tool("support", {"feature_or_id": name})
    assert result.is_error is False
    content = result.structured_content
    assert (content["name"], content["kind"], content["lang"]) == ("widget", "entry", "fr")
    assert [r["feature"] for r in content["features"]] == ["widget-call", "widget-render"]
    assert content["features"][1] == WIDGET_RENDER_FR


def test_an_entry_without_support_data_is_an_empty_answer(client):
    result = client.call_tool("support", {"feature_or_id": "gadget", "lang": "en"})
    assert result.is_error is False and result.structured_content["features"] == []
    assert result.content[0].text == "'gadget' describes no feature with support data yet."


def error_text(client, arguments: dict) -> str:
    result = client.call_tool("support", arguments)
    assert result.is_error is True and result.structured_content is None
    (block,) = result.content
    assert block.text.startswith(PREFIX), block.text
    return block.text[len(PREFIX):]


BAD = [
    ({"feature_or_id": "widget-cal"}, "no feature or entry 'widget-cal' in the lexicon (did you mean 'widget-call', 'widget' "
                                   "or 'widget-render'?)"),
    ({"feature_or_id": "widgt"}, "no feature or entry 'widgt' in the lexicon (did you mean 'widget' or 'widget-call'?)"),
    ({"feature_or_id": "zzzz-qqqq"}, "no feature or entry 'zzzz-qqqq' in the lexicon (list_entries lists the entries; "
                                     "an entry's support names its features)"),
    ({"feature_or_id": ""}, "the name is empty: give a feature id such as 'tools-call', or an entry id such as 'tool' for all "
                            "its features"),
    ({"feature_or_id": "   "}, "the name is empty: give a feature id such as 'tools-call', or an entry id such as 'tool' for "
                               "all its features"),
    ({"feature_or_id": "w" * 10_000}, "the name is 10,000 characters long; feature and entry ids are short, such as "
                                      "'tools-call' or 'tool'"),
    ({"feature_or_id": "../../support/results.json"}, "no feature or entry '../../support/results.json' in the lexicon ("),
    ({"feature_or_id": "widget-call", "lang": "de"}, "unknown language 'de': Lexigraph is written in 'fr' and 'en'"),
    ({"feature_or_id": "widget-call", "lang": "English"}, "unknown language 'English' (did you mean 'en'?): Lexigraph is "
                                                          "written in 'fr' and 'en'"),
]


@pytest.mark.parametrize("arguments, message", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_input_is_an_error_result_naming_the_nearest(client, arguments, message):
    text = error_text(client, arguments)
    assert text == message or (message.endswith("(") and text.startswith(message)), text


@pytest.mark.parametrize("arguments, field", [({"feature_or_id": 5}, "feature_or_id"), ({}, "feature_or_id"),
                                              ({"feature_or_id": ["widget"]}, "feature_or_id"),
                                              ({"feature_or_id": "widget", "lang": 3}, "lang")])
def test_arguments_of_the_wrong_type_are_refused_by_the_schema(client, arguments, field):
    text = error_text(client, arguments)
    assert text.startswith("1 validation error for supportArguments\n" + field + "\n"), text
    assert "Traceback" not in text


# -- the built site ---------------------------------------------------------------------------------

@pytest.mark.build
def test_the_built_lexicon_json_carries_support_valid_against_the_published_schema(root, tmp_path):
    from tests.support.site import make_project, mkdocs_build

    project = make_project(root, tmp_path / "site")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    for lang, label in (("fr", "Appel de bidule"), ("en", "Widget call")):
        data = json.loads((site / lang / "lexicon.json").read_text(encoding="utf-8"))
        assert data["schemas"]["support"] == "https://www.lexigraph.org/schemas/support.schema.json"
        published = json.loads((site / "schemas" / "support.schema.json").read_text(encoding="utf-8"))
        [widget] = data["entries"]
        jsonschema.Draft202012Validator(published).validate(widget["support"])
        assert [r["label"] for r in widget["support"]][0] == label
        assert widget["support"][0]["implementations"][0]["version_added"] == "1.9.0"
    assert "schemas/support.schema.json): JSON Schema" in (site / "llms.txt").read_text(encoding="utf-8")
