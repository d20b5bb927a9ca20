"""The cue-only solver (check/cues.py) whose score `lexigraph check` prints: it answers a quiz
full of surface cues and fails a clean one; each cue moves its pick the way a test-wise reader's does."""

from __future__ import annotations

import shutil

import pytest

from lexigraph.check import cues
from tests.test_check_fixtures import FIXTURES, run_check


def question(*options: tuple[str, bool], prompt: str = "Which of these holds?", multiple: bool = False) -> dict:
    return {"id": "q", "prompt": prompt, "multiple": multiple,
            "options": [{"id": f"o{i}", "text": text, "correct": correct} for i, (text, correct) in enumerate(options)]}


@pytest.mark.parametrize("q, picked", [
    # the longest option, alone
    (question(("A short one.", False), ("A much longer option than the others.", True), ("Another one.", False)), {1}),
    # the one option echoing the prompt's words (a plural and a singular meet)
    (question(("The hose.", False), ("The pipe.", True), ("The cord.", False), prompt="Where do the pipes go?"), {1}),
    # hedged against absolute (the length cue levelled: same lengths)
    (question(("It never works.", False), ("It can work ok.", True), ("It always fits.", False)), {1}),
    # minimising options are dropped: the first would win the tie otherwise
    (question(("Little, really.", False), ("A proper claim.", True)), {1}),
    # the most inclusive option
    (question(("The first one.", False), ("Both of these.", True), ("The third one.", False)), {1}),
    # a tie goes to the first option, as shown
    (question(("Same length A.", True), ("Same length B.", False)), {0}),
])
def test_each_cue_moves_the_pick(q, picked):
    assert cues.solve(q, "Title", "en") == picked


def test_french_cues_use_the_french_lists():
    q = question(("Pas grand-chose.", False), ("Les deux, en général.", True), ("Jamais, pas ici.", False))
    assert cues.option_scores(q, "Bidule", "fr") == [-2, 3, -1]     # longest + inclusive + hedged; minimising; absolute


CUE_LADEN = """\
entry: widget
questions:
  - id: what
    level: recognise
    teaches: definition
    concept: widget-is-a-test-piece
    prompt: "What is a widget?"
    options:
      - {id: gadget, text: "Always a gadget.", describes: gadget, feedback: "No: the gadget is another entry."}
      - {id: test-piece, text: "A widget can be a test piece.", correct: true, feedback: "Right: that is its definition."}
      - {id: never, text: "Never a test piece.", feedback: "No: it is one."}
  - id: purpose
    level: distinguish
    teaches: in-depth/usage
    concept: fixture-site-use
    prompt: "What is this entry for when the fixture site is built?"
    options:
      - {id: gadget, text: "Little: a gadget.", describes: gadget, feedback: "No: the gadget is another entry."}
      - {id: test-piece, text: "Both: a sample and a piece.", correct: true, feedback: "Right: that is its definition."}
  - id: where
    level: apply
    teaches: under-the-hood/declare
    concept: build-time
    prompt: "Where does it run during a build of the generated pages?"
    options:
      - {id: gadget, text: "In a gadget.", describes: gadget, feedback: "No: the gadget is another entry."}
      - {id: test-piece, text: "Inside the process that writes every page of the site.", correct: true, feedback: "Right: that is where."}
"""


def solver_line(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("cue-only solver: "))


def test_check_prints_the_solver_figure_clean_and_cue_laden(tmp_path):
    clean = tmp_path / "clean"
    shutil.copytree(FIXTURES / "valid", clean)
    assert solver_line(run_check(clean).stdout) == "cue-only solver: 0/3 (fr), 0/3 (en); chance: 1.5/3 (fr), 1.5/3 (en)"
    laden = tmp_path / "laden"
    shutil.copytree(FIXTURES / "valid", laden)
    (laden / "quizzes" / "widget.en.yml").write_text(CUE_LADEN, encoding="utf-8")
    result = run_check(laden, "--strict")
    assert solver_line(result.stdout) == "cue-only solver: 0/3 (fr), 3/3 (en); chance: 1.5/3 (fr), 1.3/3 (en)"
    # and check names the cues it found, as warnings
    assert "question 'purpose': this option dismisses the question ('little'" in result.stdout
    assert "question 'what': only the right option repeats words of the prompt or the page title ('widget')" in result.stdout
