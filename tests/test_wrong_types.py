"""A value of the wrong type in an identifier field is one schema error, never a traceback.

These are the fields whose wrong types once crashed `lexigraph check` in the cross-entry
checks (unhashable dict, len() of an int, str < int): the checks now see only well-formed
documents, and every other document is still cross-checked.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "valid"

# file, text to replace (its first occurrence), with {} where the wrong value goes, line, JSON path, expected type
FIELDS = [
    ("entries/widget/fr.yml", "slug: bidule", "slug: {}", 1, "$.slug", "text"),
    ("entries/widget/fr.yml", "  - id: origin", "  - id: {}", 9, "$.in_depth[0].id", "text"),
    ("entries/widget/entry.yml", "  - {id: declare,", "  - {{id: {},", 11, "$.steps[0].id", "text"),
    ("entries/widget/entry.yml", "{id: launch, date", "{{id: {}, date", 19, "$.examples[0].id", "text"),
    ("entries/widget/entry.yml", "shown_elsewhere: [gadget]", "shown_elsewhere: [{}]", 17, "$.shown_elsewhere[0]", "text"),
    ("entries/widget/entry.yml", "runs_in: [gadget]", "runs_in: [{}]", 15, "$.relations.runs_in[0]", "text"),
    ("entries/widget/entry.yml", "{spec: mcp,", "{{spec: {},", 9, "$.checked_against[0].spec", "text"),
    ("quizzes/widget.en.yml", "A tiny gadget.\", describes: gadget", "A tiny gadget.\", describes: {}", 10, "$.questions[0].options[1].describes", "text"),
    ("specs.yml", "  - id: mcp", "  - id: {}", 2, "$.specs[0].id", "text"),
    ("specs.yml", "current: 2026-07-28", "current: {}", 6, "$.specs[0].current", "text"),
    ("entries/widget/entry.yml", "quiz: widget", "quiz: {}", 20, "$.quiz", "text"),
    ("entries/widget/entry.yml", "number: 7", "number: {}", 2, "$.number", "a whole number"),
]
# YAML for the wrong value → how the schema message names it
VALUES = [("{a: 1}", "a mapping of fields"), ("[a, b]", "a list"), ("5", "a whole number"), ("null", "nothing"),
          ("2.5", "a number"), ("true", "true or false")]


def run_check(root: Path, capsys) -> tuple[int, list[str]]:
    code = main(["--root", str(root), "check"])
    out = capsys.readouterr().out
    return code, [line.strip() for line in out.splitlines() if line.startswith("  ")]


def check_edited(root: Path, capsys, edits: dict[str, tuple[str, str]]) -> tuple[int, list[str]]:
    """Run check on ``root`` with each file's first ``old`` replaced by ``new``; the files are restored after."""
    originals = {name: (root / name).read_text(encoding="utf-8") for name in edits}
    for name, (old, new) in edits.items():
        assert old in originals[name], old
        (root / name).write_text(originals[name].replace(old, new, 1), encoding="utf-8")
    try:
        return run_check(root, capsys)
    finally:
        for name, text in originals.items():
            (root / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def corpus_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("wrong-types") / "root"
    shutil.copytree(FIXTURE, root)
    return root


# Every field with every value of another type than its own (5 is right for number).
CASES = [pytest.param(*field, value, described, id=f"{field[4]}={value}")
         for field in FIELDS for value, described in VALUES if described != field[5]]


def test_every_listed_field_gets_every_wrong_type():
    assert len(CASES) == len(FIELDS) * len(VALUES) - 1


@pytest.mark.parametrize("name, old, new, line, field, expected, value, described", CASES)
def test_a_wrong_type_is_one_schema_error(corpus_copy, capsys, name, old, new, line, field, expected, value, described):
    code, lines = check_edited(corpus_copy, capsys, {name: (old, new.format(value))})
    assert code == 1
    assert lines == [f"{name}:{line}: {field}: LX103 expected {expected}, got {described}"]


def test_the_other_entry_is_still_cross_checked(corpus_copy, capsys):
    """A malformed entry.yml in one entry does not stop the checks of the other's documents."""
    code, lines = check_edited(corpus_copy, capsys, {
        "entries/widget/entry.yml": ("runs_in: [gadget]", "runs_in: [{a: 1}]"),
        "entries/gadget/entry.yml": ("id: gadget", "id: gadgets")})
    assert code == 1
    assert lines == ["entries/widget/entry.yml:15: $.relations.runs_in[0]: LX103 expected text, got a mapping of fields",
                     "entries/gadget/entry.yml:1: $.id: LX201 'gadgets' does not match its folder name 'gadget'"]


def test_a_malformed_language_file_leaves_its_entry_yml_cross_checked(corpus_copy, capsys):
    code, lines = check_edited(corpus_copy, capsys, {
        "entries/widget/en.yml": ("slug: widget", "slug: [widget]"),
        "entries/widget/entry.yml": ("runs_in: [gadget]", "runs_in: [gadjet]")})
    assert code == 1
    assert lines == ["entries/widget/en.yml:1: $.slug: LX103 expected text, got a list",
                     "entries/widget/entry.yml:15: $.relations.runs_in[0]: LX204 'gadjet' is not an entry (did you mean 'gadget'?)"]


def test_invisible_characters_are_named(corpus_copy, capsys):
    """A control or direction-override character in a text: the feeds' XML cannot carry the one,
    the other reorders what readers see."""
    code, lines = check_edited(corpus_copy, capsys, {
        "entries/widget/entry.yml": ("editor: Test Editor", 'editor: "Test\\0Editor"'),
        "entries/widget/fr.yml": ("title: Bidule", 'title: "Bi\\u202Edule"')})
    assert code == 1
    why = "is not allowed: remove it (a control or direction-override character can hide or reorder text)"
    assert lines == [f"entries/widget/entry.yml:6: $.editor: LX302 invisible character U+0000 {why}",
                     f"entries/widget/fr.yml:2: $.title: LX302 invisible character U+202E {why}"]


def test_a_huge_value_is_quoted_short(tmp_path, capsys):
    """A 5,000-character value that breaks a pattern or an enum is quoted cut short, with its length."""
    root = tmp_path / "root"
    shutil.copytree(FIXTURE, root)
    lang = root / "entries/widget/fr.yml"
    lang.write_text(lang.read_text(encoding="utf-8").replace("slug: bidule", "slug: " + "Z" * 5000, 1), encoding="utf-8")
    facts = root / "entries/widget/entry.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace("status: published", "status: " + "q" * 5000, 1), encoding="utf-8")
    code, lines = run_check(root, capsys)
    assert code == 1
    assert f"entries/widget/fr.yml:1: $.slug: LX103 '{'Z' * 60}… (5000 characters)' must be lowercase letters, digits and single hyphens (like 'tool-call')" in lines
    assert f"entries/widget/entry.yml:3: $.status: LX103 '{'q' * 60}… (5000 characters)' is not one of: published, planned" in lines
    assert max(len(line) for line in lines) < 300
