"""bench/terms_without_entry.py: a candidate term's count follows the prose, and a term that has
its own entry (by title or alias) is never listed."""

from __future__ import annotations

import shutil
from pathlib import Path

from bench.terms_without_entry import CANDIDATES, Candidate, count
from lexigraph.content.load import load_corpus

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "valid"
SENTENCE = "It checks that every section renders."


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _row(root: Path, term: str, candidates=None):
    report = count(load_corpus(root), candidates)
    return next(row for row in report.rows if row.id == term), report


def test_a_sentence_with_a_candidate_adds_one_mention(tmp_path):
    root = _copy(tmp_path)
    before, report = _row(root, "sandbox")
    assert report.entries == 1                                   # widget; gadget is planned
    _edit(root / "entries" / "widget" / "en.yml", SENTENCE, SENTENCE + " It runs in a sandbox.")
    after, _ = _row(root, "sandbox")
    assert after.mentions == before.mentions + 1
    assert after.by_lang == {"fr": before.by_lang["fr"], "en": before.by_lang["en"] + 1}
    assert after.entries == 1 and after.hardest == [("widget", before.mentions + 1)]

    _edit(root / "entries" / "widget" / "fr.yml", "sert d’exemple au format.", "sert d’exemple au format, dans un bac à sable.")
    again, _ = _row(root, "sandbox")
    assert again.mentions == after.mentions + 1 and again.by_lang["fr"] == before.by_lang["fr"] + 1


def test_a_term_with_its_own_entry_is_not_listed(tmp_path):
    root = _copy(tmp_path)
    widget = Candidate("widget", "widget", r"\bwidgets?\b", r"\bbidules?\b")
    report = count(load_corpus(root), [*CANDIDATES, widget])
    assert "widget" not in {row.id for row in report.rows}
    assert report.skipped["widget"] == ("widget", "fr", "Bidule")          # its title

    _edit(root / "entries" / "widget" / "en.yml", "title: Widget\n", "title: Widget\naliases: [sandbox]\n")
    _edit(root / "entries" / "widget" / "en.yml", SENTENCE, SENTENCE + " It runs in a sandbox.")
    report = count(load_corpus(root))
    assert "sandbox" not in {row.id for row in report.rows}
    assert report.skipped["sandbox"] == ("widget", "en", "sandbox")        # its alias
