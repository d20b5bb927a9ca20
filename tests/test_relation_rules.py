"""Relations obey FORMAT.md (lexigraph/check/same_program.py, lexigraph/check/requires.py): one program is not
both what an entry runs in and one of its parts, names for one program are declared on both sides, and
`requires` is not contradicted by `extends` or `runs_in` read backwards."""

from __future__ import annotations

import shutil
from pathlib import Path

from lexigraph.cli import main
from lexigraph.content.load import load_corpus

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
PROJECT = Path(__file__).resolve().parents[1]
RELATIONS = "relations:\n  runs_in: [gadget]\n  often_confused_with: [gadget]\n"


def lexicon(tmp_path: Path, relations: str = RELATIONS, gizmo: str = "", gadget: str = "") -> Path:
    """The fixture lexicon with widget's relations replaced, a planned third entry (gizmo), and extra facts on gizmo and gadget."""
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    widget = root / "entries" / "widget" / "entry.yml"
    text = widget.read_text(encoding="utf-8")
    assert RELATIONS in text
    widget.write_text(text.replace(RELATIONS, relations), encoding="utf-8")
    (root / "entries" / "gizmo").mkdir()
    (root / "entries" / "gizmo" / "entry.yml").write_text(f"id: gizmo\nnumber: 9\nstatus: planned\n{gizmo}", encoding="utf-8")
    for lang in ("fr", "en"):
        (root / "entries" / "gizmo" / f"{lang}.yml").write_text("slug: gizmo\ntitle: Gizmo\n", encoding="utf-8")
    (root / "entries" / "gadget" / "entry.yml").write_text(f"id: gadget\nnumber: 8\nstatus: planned\n{gadget}", encoding="utf-8")
    return root


def check(root: Path, capsys) -> tuple[int, list[str]]:
    code = main(["--root", str(root), "check", "--strict"])
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return code, [line.strip() for line in out.splitlines() if line.startswith("  ")]


TAIL = "one program cannot both hold this entry and be one of its parts; keep the one the prose describes in every case (FORMAT.md, Relations)"


def test_the_same_target_in_runs_in_and_has_part_fails(tmp_path, capsys):
    root = lexicon(tmp_path, RELATIONS + "  has_part: [gadget]\n", gadget="relations:\n  part_of: [widget]\n")
    code, lines = check(root, capsys)
    assert code == 1
    assert (f"entries/widget/entry.yml:15: $.relations.runs_in[0]: LX803 runs_in 'gadget' says 'widget' executes inside it, "
            f"but 'gadget' is also in has_part: {TAIL}") in lines


def test_two_names_of_one_program_in_runs_in_and_has_part_fail(tmp_path, capsys):
    relations = RELATIONS + "  has_part: [gizmo]\n"
    root = lexicon(tmp_path, relations, gizmo="relations:\n  part_of: [widget]\nsame_program_as: [gadget]\n",
                   gadget="same_program_as: [gizmo]\n")
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == [f"entries/widget/entry.yml:15: $.relations.runs_in[0]: LX803 runs_in 'gadget' says 'widget' executes inside it, "
                     f"but has_part lists 'gizmo', which the lexicon says is the same program as 'gadget' (same_program_as): {TAIL}"]
    apart = lexicon(tmp_path / "apart", relations, gizmo="relations:\n  part_of: [widget]\n")
    assert check(apart, capsys) == (0, [])      # not declared one program: a host and a part may differ


def test_same_program_as_goes_both_ways_and_names_an_entry(tmp_path, capsys):
    root = lexicon(tmp_path, gizmo="same_program_as: [gadget, gizmoo]\n")
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == [
        "entries/gizmo/entry.yml:4: $.same_program_as[0]: LX802 'gadget' does not list 'gizmo' back under same_program_as: "
        "two names for one program go both ways; add it there, or remove it here",
        "entries/gizmo/entry.yml:4: $.same_program_as[1]: LX802 'gizmoo' is not an entry (did you mean 'gizmo'?)"]


def test_requires_what_extends_it_fails(tmp_path, capsys):
    root = lexicon(tmp_path, RELATIONS + "  requires: [gizmo]\n", gizmo="relations:\n  extends: [widget]\n")
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == ["entries/widget/entry.yml:17: $.relations.requires[0]: LX804 requires 'gizmo' says 'widget' cannot work "
                     "without it in any case, but 'gizmo' extends 'widget', which says 'widget' works without it; keep "
                     "extends on 'gizmo' and remove it from requires here"]


def test_requires_what_runs_in_it_fails(tmp_path, capsys):
    root = lexicon(tmp_path, "relations:\n  requires: [gizmo]\n", gizmo="relations:\n  runs_in: [widget]\n")
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == ["entries/widget/entry.yml:15: $.relations.requires[0]: LX804 requires 'gizmo' says 'widget' cannot work "
                     "without it in any case, but 'gizmo' runs_in 'widget': what executes inside 'widget' is not something "
                     "it needs in order to work; keep runs_in there and remove it from requires here"]


def test_the_lexicon_declares_the_host_and_the_harness_one_program():
    corpus = load_corpus(PROJECT)
    from lexigraph.check.same_program import same_program, same_program_problems

    assert same_program(corpus)["mcp-host"] == {"mcp-host", "harness"}
    assert same_program_problems(corpus) == []
