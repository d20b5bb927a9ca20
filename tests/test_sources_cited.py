"""Sources say what they are cited for (lexigraph/check/sources.py, FORMAT.md "Sources"): a source's date and
its note do not contradict each other, and a sentence citing only sources names no version they do not state."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph.check.sources import versions_named
from lexigraph.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
SOURCE = '  - {id: spec-widget, title: Widget specification, url: "https://example.org/widget", date: 2026-07-28}'
EXAMPLE = {"en": "    The widget launched in August 2026.[^spec-widget]\n",
           "fr": "    Le bidule a été lancé en août 2026[^spec-widget].\n"}


def lexicon(tmp_path: Path, source: str = SOURCE, example: dict[str, str] | None = None) -> Path:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    widget = root / "entries" / "widget"
    facts = (widget / "entry.yml").read_text(encoding="utf-8")
    assert SOURCE in facts
    (widget / "entry.yml").write_text(facts.replace(SOURCE, source), encoding="utf-8")
    for lang, sentence in (example or {}).items():
        text = (widget / f"{lang}.yml").read_text(encoding="utf-8")
        assert EXAMPLE[lang] in text
        (widget / f"{lang}.yml").write_text(text.replace(EXAMPLE[lang], f"    {sentence}\n"), encoding="utf-8")
    return root


def check(root: Path, capsys) -> tuple[int, list[str]]:
    code = main(["--root", str(root), "check", "--strict"])
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return code, [line.strip() for line in out.splitlines() if line.startswith("  ")]


UNDATED = ('  - {id: spec-widget, title: Widget specification, url: "https://example.org/widget", date: 2026-07-28,\n'
           '     note: {fr: "page non datée, remise avec le dossier", en: "undated page, supplied with the pack"}}')


def test_a_date_given_while_the_note_says_undated_fails_in_each_language(tmp_path, capsys):
    code, lines = check(lexicon(tmp_path, UNDATED), capsys)
    assert code == 1
    hint = ("date is the source's own date; give the date the source carries, or say in the note how this one was "
            "inferred (en: “undated; date inferred from …”, fr: « non datée ; date déduite de … »)")
    assert sorted(lines) == [
        f"entries/widget/entry.yml:23: $.sources[0].note.en: LX705 source 'spec-widget' has date 2026-07-28 but its note calls it “undated”: {hint}",
        f"entries/widget/entry.yml:23: $.sources[0].note.fr: LX705 source 'spec-widget' has date 2026-07-28 but its note calls it “non datée”: {hint}"]


def test_a_note_that_says_how_the_date_was_inferred_passes(tmp_path, capsys):
    inferred = UNDATED.replace("page non datée,", "page non datée\u202f; date déduite de la révision qu’elle décrit,").replace(
        "undated page,", "undated page; date inferred from the revision it describes,")
    assert check(lexicon(tmp_path, inferred), capsys) == (0, [])


@pytest.mark.parametrize(("sentence", "found"), [
    ("With `mcp` 2.3.0 and Chrome 153.", ["2.3.0", "153"]),
    ("La version 0.3 puis la version 1.0.", ["0.3", "1.0"]),
    ("JSON-RPC 2.0, 40 ms, 1.5 K tokens, revision 2026-07-28.", []),     # a standard's name, figures, a date
    ("The SDK 2.x line, `A2A-Version: 1.0` in code.", ["2.x"]),
])
def test_what_counts_as_a_version(sentence, found):
    assert versions_named(sentence) == found


def test_a_sentence_naming_a_version_its_source_does_not_state_fails(tmp_path, capsys):
    root = lexicon(tmp_path, example={"en": "Widget version 3.1 added the hook.[^spec-widget]",
                                      "fr": "La version 3.1 du bidule a ajouté l’accroche.[^spec-widget]"})
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == [
        f"entries/widget/{lang}.yml:{line}: $.examples.launch: LX706 the sentence names version 3.1, which its source 'spec-widget' "
        f"does not state in title, note, url or versions (“{excerpt}”): cite the source that says it, or add \"3.1\" to "
        "that source's versions in entry.yml if the source itself states it"
        for lang, line, excerpt in (("en", 34, "Widget version 3.1 added the hook."),
                                    ("fr", 35, "La version 3.1 du bidule a ajouté l’accroche."))]


@pytest.mark.parametrize(("source", "passes"), [
    (SOURCE.replace("date: 2026-07-28}", 'date: 2026-07-28, versions: ["3.1"]}'), True),
    (SOURCE.replace("title: Widget specification", 'title: "Widget specification 3.1.2"'), True),    # 3.1 is the 3.1 line
    (SOURCE.replace("https://example.org/widget", "https://example.org/widget/v3.1"), True),
    (SOURCE.replace("date: 2026-07-28}", 'date: 2026-07-28, versions: ["3.10", "13.1"]}'), False),
])
def test_a_version_is_stated_by_title_url_or_versions(tmp_path, capsys, source, passes):
    root = lexicon(tmp_path, source, example={"en": "Widget version 3.1 added the hook.[^spec-widget]",
                                              "fr": "La version 3.1 du bidule a ajouté l’accroche.[^spec-widget]"})
    code, lines = check(root, capsys)
    assert (code == 0) is passes, lines


def test_a_sentence_with_an_observation_is_left_to_the_observed_rule(tmp_path, capsys):
    root = lexicon(tmp_path, example={"en": "Widget version 3.1 added the hook.[^spec-widget][^observed:declare]",
                                      "fr": "La version 3.1 du bidule a ajouté l’accroche.[^spec-widget][^observed:declare]"})
    code, lines = check(root, capsys)
    assert not any("its source 'spec-widget' does not state" in line for line in lines)
