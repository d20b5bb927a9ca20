"""path.yml, the beginners' reading path: checked (every step an entry with FR and EN titles), and shown."""

from __future__ import annotations

import types

import pytest

from lexigraph.content import reading_path
from lexigraph.content.load import load_corpus
from lexigraph.render.path import entry_nav, home_section
from lexigraph.render.urls import UrlMap
from tests.support.site import PROJECT


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(PROJECT)


def _with_path(corpus, tmp_path, text: str):
    (tmp_path / "path.yml").write_text(text, encoding="utf-8")
    return types.SimpleNamespace(root=tmp_path, entries=corpus.entries)


def test_the_real_path_is_valid_and_every_step_is_an_entry(corpus):
    path, problems = reading_path.load(corpus)
    assert problems == []
    assert path.steps[0] == "model" and all(step in corpus.entries for step in path.steps)


def test_an_unknown_step_is_reported_at_its_line_with_a_suggestion(corpus, tmp_path):
    fake = _with_path(corpus, tmp_path, "title:\n  fr: Parcours\n  en: Path\nsteps:\n  - model\n  - tol\n  - model\n")
    assert [str(p) for p in reading_path.problems(fake)] == [
        "path.yml:6: $.steps[1]: 'tol' is not an entry of the lexicon (did you mean 'tool'?): give the id of a folder in entries/",
        "path.yml:7: $.steps[2]: 'model' is already a step of the path: list each entry once"]


def test_a_path_without_an_english_title_fails_the_schema(corpus, tmp_path):
    fake = _with_path(corpus, tmp_path, "title:\n  fr: Parcours\nsteps: [model, tool]\n")
    problems = reading_path.problems(fake)
    assert [str(p) for p in problems] == ["path.yml:1: $.title.en: missing required field"]


def test_a_step_whose_entry_has_no_english_title_is_reported(corpus, tmp_path):
    entry = corpus.entries["tool"]
    english = entry.prose["en"]
    saved = english.data
    english.data = {k: v for k, v in saved.items() if k != "title"}
    try:
        fake = _with_path(corpus, tmp_path, "title: {fr: Parcours, en: Path}\nsteps: [model, tool]\n")
        assert [p.message for p in reading_path.problems(fake)] == [
            "entry 'tool' has no title in en: write it in entries/tool/en.yml first"]
    finally:
        english.data = saved


def test_home_lists_the_steps_and_entries_link_previous_and_next(corpus):
    site = UrlMap.of(corpus, "https://www.lexigraph.org/", {})
    home = "\n".join(home_section(site, "fr"))
    assert home.startswith("## Parcours pour commencer {#path}")
    assert home.count('<li class="lx-path__step">') == len(reading_path.load(corpus)[0].steps)
    assert 'data-lx-progress="model"' in home and 'data-template="quiz\u00a0: {answered}/{total} réponses"' in home
    nav = "\n".join(entry_nav(site, corpus.entries["context"], "en", site.urls[("en", "context")]))
    assert "Step 2 of 9 of the path" in nav
    assert 'rel="prev" href="../model/"' in nav and 'rel="next" href="../tool/"' in nav
    assert entry_nav(site, corpus.entries["a2a"], "en", site.urls[("en", "a2a")]) == []
