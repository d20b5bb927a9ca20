"""The TODO placeholders `lexigraph new` leaves in an entry, its quiz and its snippets: warnings, errors with ``check --strict``."""

from __future__ import annotations

from lexigraph.content.model import Corpus
from lexigraph.content.yamlfile import format_path
from lexigraph.errors import PLACEHOLDERS, Problem

PLACEHOLDER = "TODO"
# An id cannot hold capitals, so `lexigraph new` writes placeholder ids (quiz concepts) as todo-….
PLACEHOLDER_ID = "todo-"


def _placeholders(doc) -> list[Problem]:
    joined = doc.joined()
    if PLACEHOLDER not in joined and PLACEHOLDER_ID not in joined:
        return []
    return [Problem(doc.path, doc.line(path), format_path(path), "placeholder text left: replace the TODO before merging", PLACEHOLDERS)
            for path, text in doc.strings() if PLACEHOLDER in text or text.startswith(PLACEHOLDER_ID)]


def placeholder_problems(corpus: Corpus) -> list[Problem]:
    """Text still holding the TODO placeholders that `lexigraph new` writes."""
    from lexigraph.check.snippets import snippet_text

    out = []
    for entry in corpus.entries.values():
        docs = [entry.facts, *entry.prose.values(), *entry.quiz.values()]
        for doc in docs:
            if doc is None or not isinstance(doc.data, (dict, list)):
                continue
            out += corpus.memo(doc, "placeholders", lambda d=doc: _placeholders(d))
        steps = entry.fact("steps")
        for step in steps if isinstance(steps, list) else []:
            name = step.get("snippet") if isinstance(step, dict) else None
            if not isinstance(name, str):
                continue
            code = snippet_text(corpus, name)
            if code is not None and PLACEHOLDER in code:
                path = corpus.snippet_path(name)
                out.append(Problem(corpus.shown(path), 1, "$", "placeholder snippet: replace the TODO with real, tested code", PLACEHOLDERS))
    return out
