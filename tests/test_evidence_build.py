"""Evidence markers in a real build of the fixture lexicon: numbered superscripts that link to the
Sources list and back, in FR and EN; footnotes in the Markdown copy; claims with their ids in the JSON export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.build

PAGES = {"fr": ("fr/bidule", "source 1", "observation 2", "retour à l’appel 1", "Observé avec Widget runner 1.0",
                "Sous le capot · 01"),
         "en": ("en/widget", "source 1", "observation 2", "back to citation 1", "Observed with Widget runner 1.0",
                "Under the hood · 01")}


@pytest.fixture(scope="module")
def site(fixture_site) -> Path:
    return fixture_site


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_markers_are_numbered_superscripts_that_link_to_the_sources_and_back(site, lang):
    folder, source, observation, back, observed, step = PAGES[lang]
    page = (site / folder / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'<sup class="lx-ref"><a aria-label="([^"]+)" href="#(src-\d+)" id="(r\d+-\d+)">(\d+)</a></sup>', page)
    assert sorted(refs) == sorted([(observation, "src-2", "r2-1", "2"), (source, "src-1", "r1-1", "1"),
                                   (source, "src-1", "r1-2", "1")])
    assert "[^" not in page                                   # no marker left as written
    sources = re.search(r'<ol data-search-exclude class="lx-sources">(.*?)</ol>', page).group(1)
    items = re.findall(r'<li id="(src-\d+)"[^>]*>(.*?)</li>', sources)
    assert [item_id for item_id, _ in items] == ["src-1", "src-2"]
    assert 'href="https://example.org/widget"' in items[0][1]
    assert re.findall(r'<a href="#(r1-\d)" aria-label="([^"]+)">↩</a>', items[0][1]) == [
        ("r1-1", back), ("r1-2", back.replace(" 1", " 2"))]
    assert items[1][1].startswith(observed) and f'<a href="#step-declare">{step}</a>' in items[1][1]
    assert 'href="#r2-1"' in items[1][1]
    assert 'id="step-declare"' in page                        # the observation's link lands on its step


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_markdown_copy_uses_footnotes(site, lang):
    copy = (site / PAGES[lang][0] / "index.md").read_text(encoding="utf-8")
    assert "[^spec-widget]" not in copy and "[^observed:declare]" not in copy
    assert copy.count("[^1]") == 3 and copy.count("[^2]") == 2     # two citations and the definition; one and its definition
    assert "[^1]: [Widget specification](https://example.org/widget) (2026-07-28)" in copy
    assert f"[^2]: {PAGES[lang][4]} — {PAGES[lang][5]}" in copy


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_json_export_lists_each_claim_with_its_source_ids(site, lang):
    data = json.loads((site / lang / "lexicon.json").read_text(encoding="utf-8"))
    [widget] = [e for e in data["entries"] if e["id"] == "widget"]
    evidence = widget["evidence"]
    assert evidence["sources"] == [{"id": "spec-widget", "number": 1, "title": "Widget specification",
                                    "url": "https://example.org/widget", "note": None, "date": "2026-07-28"}]
    assert evidence["observed"] == [{"step": "declare", "number": 2, "implementation": "Widget runner", "version": "1.0"}]
    marked = {(c["section"], tuple(c["sources"]), tuple(c["observed"])) for c in evidence["claims"] if c["sources"] or c["observed"]}
    assert marked == {("under-the-hood/declare", (), ("declare",)), ("what-varies", ("spec-widget",), ()),
                      ("examples/launch", ("spec-widget",), ())}
    assert all("[^" not in c["text"] for c in evidence["claims"])
