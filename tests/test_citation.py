"""Cite this entry: every format parses with a real parser, names the versioned permalink,
and each copy button puts exactly that text on the clipboard in real Chromium."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import bibtexparser
import pytest
from bibtexparser.bparser import BibTexParser
from citeproc import (
    Citation,
    CitationItem,
    CitationStylesBibliography,
    CitationStylesStyle,
    formatter,
)
from citeproc.source.json import CiteProcJSON
from playwright.sync_api import expect

from tests.support.browser import chromium, static_server

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
PAGES = {"fr": ("fr/bidule", "Bidule", "https://www.lexigraph.org/fr/bidule/v2026-08/"),
         "en": ("en/widget", "Widget", "https://www.lexigraph.org/en/widget/v2026-08/")}


@pytest.fixture(scope="module")
def site(fixture_site) -> Path:
    return fixture_site


def formats(site: Path, lang: str) -> dict[str, str]:
    page = (site / PAGES[lang][0] / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'id="cite-([a-z-]+)" class="lx-cite__text">(?:<code>)?(.*?)(?:</code>)?</(?:p|pre)>', page, re.S)
    return {name: html.unescape(text) for name, text in found}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_format_names_version_language_license_and_permalink(site, lang):
    cited = formats(site, lang)
    assert set(cited) == {"line", "apa", "bibtex", "ris", "csl-json"}
    language = {"fr": ("french", "fr", "en français"), "en": ("english", "en", "in English")}[lang]
    for name, text in cited.items():
        assert "v2026-08" in text and "CC BY 4.0" in text and PAGES[lang][2] in text, name
        assert f"/{lang}/" in text and (name == "line" or any(word in text for word in language)), name


def test_model_line_in_each_language(site):
    assert formats(site, "fr")["line"] == "Lexigraph, « Bidule », v2026-08, https://www.lexigraph.org/fr/bidule/v2026-08/, CC BY 4.0."
    assert formats(site, "en")["line"] == "Lexigraph, “Widget”, v2026-08, https://www.lexigraph.org/en/widget/v2026-08/, CC BY 4.0."


def test_apa_line(site):
    assert formats(site, "en")["apa"] == ("Editor, T. (Ed.). (2026, August 15). Widget (Version v2026-08, in English). "
                                          "In Lexigraph. License: CC BY 4.0. https://www.lexigraph.org/en/widget/v2026-08/")
    assert formats(site, "fr")["apa"] == ("Editor, T. (dir.). (2026, 15 août). Bidule (version v2026-08, en français). "
                                          "Dans Lexigraph. Licence CC BY 4.0. https://www.lexigraph.org/fr/bidule/v2026-08/")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bibtex_parses(site, lang):
    parser = BibTexParser(common_strings=True)
    database = bibtexparser.loads(formats(site, lang)["bibtex"], parser=parser)
    [record] = database.entries
    assert record["ENTRYTYPE"] == "misc" and record["ID"] == f"lexigraph-widget-v2026-08-{lang}"
    assert record["title"] == "{" + PAGES[lang][1] + "}"
    assert (record["editor"], record["year"], record["version"], record["url"]) == ("Editor, Test", "2026", "v2026-08", PAGES[lang][2])
    assert record["langid"] == {"fr": "french", "en": "english"}[lang]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_ris_has_type_end_and_required_tags(site, lang):
    lines = formats(site, lang)["ris"].split("\n")
    assert lines[0] == "TY  - DICT" and lines[-1] == "ER  - "
    tags = dict(line.split("  - ", 1) for line in lines)
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]", tag) for tag in tags)
    assert (tags["TI"], tags["T2"], tags["A2"], tags["PY"], tags["DA"], tags["ET"], tags["LA"], tags["UR"]) == \
        (PAGES[lang][1], "Lexigraph", "Editor, Test", "2026", "2026/08/15", "v2026-08", lang, PAGES[lang][2])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_csl_json_is_formatted_by_citeproc(site, lang):
    items = json.loads(formats(site, lang)["csl-json"])
    assert items[0]["language"] == lang and items[0]["URL"] == PAGES[lang][2]
    style = CitationStylesStyle("harvard-cite-them-right", validate=False)
    bibliography = CitationStylesBibliography(style, CiteProcJSON(items), formatter.plain)
    bibliography.register(Citation([CitationItem(items[0]["id"])]))
    [text] = [str(item) for item in bibliography.bibliography()]
    assert PAGES[lang][1] in text and "2026" in text and PAGES[lang][2] in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_copy_buttons_put_each_format_on_the_clipboard(site, lang):
    expected = formats(site, lang)
    copied = {"fr": "Copié !", "en": "Copied"}[lang]
    with static_server(site) as base, chromium() as context:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        page = context.new_page()
        page.goto(f"{base}/{PAGES[lang][0]}/")
        for name, text in expected.items():
            button = page.locator(f'button[data-copy="cite-{name}"]')
            button.click()
            expect(button).to_have_text(copied)
            assert page.evaluate("navigator.clipboard.readText()") == text, name
