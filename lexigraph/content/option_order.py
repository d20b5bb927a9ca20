"""The order a quiz's options are shown in: shuffled per question with a seed made of the quiz and question
ids, and keyed on option ids (never on text), so FR and EN show the same order, and the site's quiz
(render/quiz.py), its no-JS key, the cue checks (check/quiz.py) and the agents' quiz (agents/lexicon.py)
agree. It is a property of the content, a pure function of its ids: writers list options in whatever
order suits them in YAML."""

from __future__ import annotations

import hashlib


def _sha(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


def display_order(quiz_id: str, question_id: str, options: list[dict]) -> list[dict]:
    """``options`` in their display order: sorted by a hash of (quiz id, question id, option id).
    Stable across builds and machines (sha256, not Python's salted hash()), the same in every language."""
    return sorted(options, key=lambda o: _sha(quiz_id, question_id, str(o.get("id"))))
