"""The quizzes carry no answer cue on the built real site, per language: no display position
holds more than 40 % of the right answers, and the right option is the longest in at most
35 % of the questions. Both figures are computed from the HTML and printed (pytest -s)."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from lexigraph.check.quiz import visible_length
from tests.support.site import PROJECT

QUESTION = re.compile(r'<li class="lx-quiz__question"(.*?)</details></li>', re.S)
OPTION = re.compile(r'<li class="lx-quiz__option" data-option="([^"]*)" data-correct="(true|false)">(.*?)</li>', re.S)
TAG = re.compile(r"<[^>]+>")


def displayed_questions(site: Path, lang: str) -> list[list[tuple[bool, str]]]:
    """Every quiz question of the language's pages: its options as shown, (correct, visible text)."""
    questions = []
    for page in sorted((site / lang).glob("*/index.html")):
        for block in QUESTION.findall(page.read_text(encoding="utf-8")):
            options = [(correct == "true", html.unescape(TAG.sub("", text)).strip()) for _id, correct, text in OPTION.findall(block)]
            questions.append(options)
    return questions


def cue_figures(questions: list[list[tuple[bool, str]]]) -> tuple[float, int, float]:
    """(largest share of right answers held by one display position, that position, share of
    questions where a right option is the longest)."""
    positions = Counter(i for options in questions for i, (correct, _) in enumerate(options) if correct)
    position, most = positions.most_common(1)[0]
    longest = sum(1 for options in questions
                  if max(options, key=lambda o: visible_length(o[1]))[0])
    return most / sum(positions.values()), position, longest / len(questions)


def test_figures_count_what_they_say():
    """The measure itself, on hand-made questions: right first in 2 of 3, longest in 1 of 3."""
    questions = [[(True, "aa"), (False, "b")], [(True, "a"), (False, "bb")], [(False, "aaa"), (True, "b"), (False, "cc")]]
    assert cue_figures(questions) == (2 / 3, 0, 1 / 3)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_display_order_and_lengths_carry_no_cue(real_site, lang):
    questions = displayed_questions(real_site, lang)
    assert len(questions) >= 30   # the first ten entries, three questions each
    share, position, longest = cue_figures(questions)
    print(f"\n{lang.upper()}: {len(questions)} questions; display position {position + 1} holds {share:.0%} of the right "
          f"answers (the most of any position); the right option is the longest in {longest:.0%} of the questions")
    assert share <= 0.40
    assert longest <= 0.35


def test_display_order_is_the_same_in_every_process():
    """Seeded with sha256, not Python's salted hash(): two processes with different hash seeds agree."""
    code = ("from lexigraph.render.quiz import display_order; "
            "print([o['id'] for o in display_order('mcp', 'api-or-server', [{'id': c} for c in 'abcdef'])])")
    outputs = {subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed}, cwd=PROJECT,
                              capture_output=True, text=True, check=True).stdout for seed in ("1", "2", "3")}
    assert len(outputs) == 1 and outputs != {"['a', 'b', 'c', 'd', 'e', 'f']\n"}


def test_every_review_link_of_the_real_site_has_its_anchor(real_site):
    """Every "Review: …" link in an answer key points to an id on its own page, in both languages."""
    links = 0
    for page in sorted(real_site.glob("*/*/index.html")):
        text = page.read_text(encoding="utf-8")
        for anchor in re.findall(r'<p class="lx-quiz__review"><a href="#([^"]+)">', text):
            assert f'id="{anchor}"' in text, (page, anchor)
            links += 1
    assert links >= 60
