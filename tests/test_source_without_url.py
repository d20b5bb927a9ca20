"""A source with no public address (an article supplied with the project's sources): check accepts it
when its note says where the work is held, and the page, the Markdown copy and the JSON export show
its title without a link, in FR and EN."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.support.site import make_project, mkdocs_build
from tests.test_check_fixtures import FIXTURES, run_check

pytestmark = pytest.mark.build

LINKED = '  - {id: spec-widget, title: Widget specification, url: "https://example.org/widget", date: 2026-07-28}\n'
HELD = ('  - {id: spec-widget, title: Widget specification, date: 2026-07-28,\n'
        '     note: {fr: "article remis avec le dossier de sources\u202f; pas d’adresse publique",\n'
        '            en: "article supplied with the source pack; no public address"}}\n')
NOTES = {"fr": " — article remis avec le dossier de sources\u202f; pas d’adresse publique",
         "en": " — article supplied with the source pack; no public address"}
FOLDERS = {"fr": "fr/bidule", "en": "en/widget"}


@pytest.fixture(scope="module")
def held_site(tmp_path_factory) -> Path:
    content = tmp_path_factory.mktemp("held-content")
    shutil.copytree(FIXTURES / "valid", content, dirs_exist_ok=True)
    facts = content / "entries" / "widget" / "entry.yml"
    text = facts.read_text(encoding="utf-8")
    assert LINKED in text
    facts.write_text(text.replace(LINKED, HELD), encoding="utf-8")
    checked = run_check(content, "--strict")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    project = make_project(content, tmp_path_factory.mktemp("held-site"))
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_shows_the_title_without_a_link(held_site, lang):
    page = (held_site / FOLDERS[lang] / "index.html").read_text(encoding="utf-8")
    sources = re.search(r'<ol data-search-exclude class="lx-sources">(.*?)</ol>', page).group(1)
    first = re.search(r'<li id="src-1">(.*?)</li>', sources).group(1)
    assert first.startswith("Widget specification" + NOTES[lang] + " (")
    assert "example.org/widget" not in page and "<a href=\"None\"" not in page
    assert 'href="#src-1"' in page                             # the markers still reach it


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_markdown_copy_and_the_json_export_carry_no_address(held_site, lang):
    copy = (held_site / FOLDERS[lang] / "index.md").read_text(encoding="utf-8")
    assert f"[^1]: Widget specification{NOTES[lang]} (2026-07-28)" in copy
    data = json.loads((held_site / lang / "lexicon.json").read_text(encoding="utf-8"))
    [widget] = [e for e in data["entries"] if e["id"] == "widget"]
    assert widget["evidence"]["sources"] == [{"id": "spec-widget", "number": 1, "title": "Widget specification",
                                              "url": None, "note": NOTES[lang][3:], "date": "2026-07-28"}]
