"""path.yml, the beginners' reading path: checked (every step an entry with FR and EN titles), and shown."""

from __future__ import annotations

import dataclasses

import pytest

from lexigraph.check.reading_path import reading_path_problems
from lexigraph.check.validate import validate
from lexigraph.content import reading_path
from lexigraph.content.load import load_corpus
from lexigraph.content.model import WellFormed
from lexigraph.content.schema import check_shape
from lexigraph.content.yamlfile import parse_text
from lexigraph.render.path import entry_nav, home_section
from lexigraph.render.urls import UrlMap
from tests.support.site import PROJECT


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(PROJECT)


def _with_path(corpus, text: str):
    """The corpus with path.yml holding ``text``, as the cross-entry checks see it (its shape checked first)."""
    doc, problems = parse_text(text, "path.yml")
    assert doc is not None and not problems
    return WellFormed(dataclasses.replace(corpus, reading_path=doc)), doc


def problems(corpus, text: str):
    fake, doc = _with_path(corpus, text)
    return check_shape(doc, "path")[0] or reading_path_problems(fake)


def test_the_real_path_is_loaded_with_the_corpus_valid_and_every_step_is_an_entry(corpus):
    assert corpus.reading_path is not None and corpus.reading_path.path == "path.yml"
    assert [p for p in validate(corpus) if p.path == "path.yml"] == []
    path = reading_path.of(corpus)
    assert path.steps[0] == "model" and all(step in corpus.entries for step in path.steps)


def test_an_unknown_step_is_reported_at_its_line_with_a_suggestion(corpus):
    assert [str(p) for p in problems(corpus, "title:\n  fr: Parcours\n  en: Path\nsteps:\n  - model\n  - tol\n  - model\n")] == [
        "path.yml:6: $.steps[1]: 'tol' is not an entry of the lexicon (did you mean 'tool'?): give the id of a folder in entries/",
        "path.yml:7: $.steps[2]: 'model' is already a step of the path: list each entry once"]


def test_a_path_without_an_english_title_fails_the_schema(corpus):
    found = problems(corpus, "title:\n  fr: Parcours\nsteps: [model, tool]\n")
    assert [str(p) for p in found] == ["path.yml:1: $.title.en: missing required field"]


def test_a_step_whose_entry_has_no_english_title_is_reported(corpus):
    entry = corpus.entries["tool"]
    english = entry.prose["en"]
    saved = english.data
    english.data = {k: v for k, v in saved.items() if k != "title"}
    try:
        assert [p.message for p in problems(corpus, "title: {fr: Parcours, en: Path}\nsteps: [model, tool]\n")] == [
            "entry 'tool' has no title in en: write it in entries/tool/en.yml first"]
    finally:
        english.data = saved


def test_home_lists_the_steps_and_entries_link_previous_and_next(corpus):
    site = UrlMap.of(corpus, "https://www.lexigraph.org/", {})
    home = "\n".join(home_section(site, "fr"))
    assert home.startswith("## Parcours pour commencer {#path}")
    assert home.count('<li class="lx-path__step">') == len(reading_path.of(corpus).steps)
    assert 'data-lx-progress="model"' in home and 'data-template="quiz\u00a0: {answered}/{total} réponses"' in home
    nav = "\n".join(entry_nav(site, corpus.entries["context"], "en", site.urls[("en", "context")]))
    assert "Step 2 of 9 of the path" in nav
    assert 'rel="prev" href="../model/"' in nav and 'rel="next" href="../tool/"' in nav
    assert entry_nav(site, corpus.entries["a2a"], "en", site.urls[("en", "a2a")]) == []


def test_check_reads_path_yml_with_the_content_and_reports_its_steps_and_its_shape(tmp_path):
    import shutil

    from tests.support.site import PROJECT as project

    root = tmp_path / "lexicon"
    shutil.copytree(project / "tests" / "fixtures" / "valid", root)
    (root / "path.yml").write_text("title: {fr: Parcours, en: Path}\nsteps:\n  - widget\n  - nowhere\n", encoding="utf-8")
    assert [str(p) for p in validate(load_corpus(root)) if p.path == "path.yml"] == [
        "path.yml:4: $.steps[1]: LX208 'nowhere' is not an entry of the lexicon: give the id of a folder in entries/"]
    (root / "path.yml").write_text("title: {fr: Parcours}\nsteps: [widget, gadget]\n", encoding="utf-8")
    assert [str(p) for p in validate(load_corpus(root)) if p.path == "path.yml"] == [
        "path.yml:1: $.title.en: LX103 missing required field"]
