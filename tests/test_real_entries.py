"""Every entry of the real lexicon, in both languages: the quiz answers and scores in Chromium,
and the citation block offers every format, with working copy buttons and a permalink that exists."""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from lexigraph.content.load import load_corpus
from tests.support.page_sweep import cited

PROJECT = Path(__file__).resolve().parents[1]
CORPUS = load_corpus(PROJECT)
PAGES = [(lang, entry.id, f"{lang}/{entry.text(lang, 'slug')}/") for entry in CORPUS.entries.values()
         if entry.status == "published" for lang in ("fr", "en")]
FORMATS = {"line", "apa", "bibtex", "ris", "csl-json"}
SCORE = {"fr": "Score\u00a0: 1/3", "en": "Score: 1/3"}
COPIED = {"fr": "Copié\u202f!", "en": "Copied"}


def test_every_published_entry_is_checked_in_both_languages(real_site):
    """The pages swept below are the entry pages the site has: every page that carries a citation block
    (entry pages; archived versions sit one folder deeper), in both languages, and no other."""
    built = {f"{page.parent.parent.name}/{page.parent.name}/" for lang in ("fr", "en")
             for page in (real_site / lang).glob("*/index.html") if 'class="lx-cite__text"' in page.read_text(encoding="utf-8")}
    assert sorted(url for _lang, _id, url in PAGES) == sorted(built)
    assert len(built) >= 20 and {url[:3] for url in built} == {"fr/", "en/"}


@pytest.mark.parametrize("lang, entry_id, url", PAGES, ids=[p[2] for p in PAGES])
def test_citation_formats_parse_and_point_to_an_existing_permalink(real_site, lang, entry_id, url):
    formats = cited((real_site / url / "index.html").read_text(encoding="utf-8"))
    assert set(formats) == FORMATS
    version = CORPUS.entries[entry_id].fact("version")
    permalink = f"https://www.lexigraph.org/{url}{version}/"
    assert all(permalink in text for text in formats.values())
    assert (real_site / url / version / "index.html").is_file()
    assert len(bibtexparser.loads(formats["bibtex"]).entries) == 1


def test_every_quiz_and_copy_button_works_in_chromium(real_pages):
    """On every entry page (one visit each, tests/support/page_sweep.py): nothing saved on arrival, the first
    right answer gives a score of 1/3, and each citation's copy button copies its text and says so."""
    failures = []
    for lang, _entry_id, url in PAGES:
        visit = real_pages.entries[url]
        assert visit.saved_on_arrival == 0       # with nothing saved: the previous page cleared the storage on leaving
        if visit.score != SCORE[lang]:
            failures.append(f"{url}: score {visit.score!r}")
        assert set(visit.copies) == FORMATS, url
        for name, (text, clipboard, button) in visit.copies.items():
            if clipboard != text or button != COPIED[lang]:
                failures.append(f"{url}: copy button for {name}")
    assert failures == []
