"""One definition of "the content" (lexigraph/content/signature.py) keys the Build (`mkdocs serve`), the MCP
server's saved lexicon and what `mkdocs serve` and `lexigraph preview` watch: it changes with every kind of
content file, the archive, path.yml, the word lists and the interface labels included."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph import pipeline
from lexigraph.agents import served_cache
from lexigraph.authoring import preview
from lexigraph.content import signature as content
from lexigraph.content import wordlists
from tests.support.site import PROJECT

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


@pytest.fixture
def root(tmp_path, monkeypatch):
    """The valid fixture with an archived version and a path.yml, and a copy of lexigraph/data/ read in its place."""
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns(".cache"))
    (root / "path.yml").write_text("title: {fr: Parcours, en: Path}\nsteps: [widget, gadget]\n", encoding="utf-8")
    (root / "archive" / "widget" / "v2026-01").mkdir(parents=True)
    (root / "archive" / "widget" / "v2026-01" / "fr.md").write_text("# Widget\n", encoding="utf-8")
    (root / "support" / "probes").mkdir(parents=True)
    (root / "support" / "results.json").write_text('{"format": "lexigraph-support-results/1"}\n', encoding="utf-8")
    (root / "support" / "probes" / "widget-call.py").write_text("print('{}')\n", encoding="utf-8")
    data = tmp_path / "data"
    shutil.copytree(PROJECT / "lexigraph" / "data", data)
    monkeypatch.setattr(wordlists, "DATA", data)
    monkeypatch.setattr(wordlists, "_DATA", str(data))
    wordlists._file.cache_clear()
    yield root
    wordlists._file.cache_clear()


KINDS = {
    "an entry": "entries/widget/en.yml", "a quiz": "quizzes/widget.fr.yml", "a snippet": "snippets/widget/declare.json",
    "an archived page": "archive/widget/v2026-01/fr.md", "specs.yml": "specs.yml", "path.yml": "path.yml",
    "a word list": "DATA/not-terms.yml", "the interface labels": "DATA/labels.yml",
    "the support results": "support/results.json", "a probe": "support/probes/widget-call.py",
}


def where(root: Path, name: str) -> Path:
    return wordlists.DATA / name[5:] if name.startswith("DATA/") else root / name


@pytest.mark.parametrize("kind", KINDS)
def test_the_signature_changes_when_any_kind_of_content_file_is_edited_and_it_is_watched(root, kind):
    file = where(root, KINDS[kind])
    before = content.signature(root)
    with file.open("a", encoding="utf-8") as handle:
        handle.write("\n")
    assert content.signature(root) != before
    assert any(file == path or path in file.parents for path in content.watched(root))


def test_the_signature_changes_when_a_file_is_added_or_removed(root):
    before = content.signature(root)
    added = root / "archive" / "widget" / "v2026-01" / "en.md"
    added.write_text("# Widget\n", encoding="utf-8")
    assert content.signature(root) != before
    added.unlink()
    assert content.signature(root) == before
    (root / "path.yml").unlink()
    assert content.signature(root) != before


def test_mkdocs_serve_the_preview_and_the_mcp_cache_share_the_one_definition():
    assert pipeline.signature is content.signature and served_cache.signature is content.signature
    assert preview.signature is content


def test_the_signature_is_the_same_for_a_relative_and_an_absolute_root(root, monkeypatch):
    monkeypatch.chdir(root.parent)
    assert content.signature(Path(root.name)) == content.signature(root)
