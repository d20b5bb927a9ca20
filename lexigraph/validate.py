"""Stage 2, validate: schema checks per file, then cross-entry checks, all collected."""

from __future__ import annotations

from pathlib import Path

from .crosscheck import check_corpus
from .errors import SCHEMA, Problem
from .load import Corpus, load_corpus
from .schema import check_doc


def schema_problems(corpus: Corpus) -> list[Problem]:
    problems = []
    for entry in corpus.entries.values():
        if entry.facts is not None and isinstance(entry.facts.data, dict):
            problems += check_doc(entry.facts, "entry")
        for doc in entry.prose.values():
            if doc is not None and isinstance(doc.data, dict):
                problems += check_doc(doc, "entry-lang")
        for doc in entry.quiz.values():
            if doc is not None and isinstance(doc.data, dict):
                problems += check_doc(doc, "quiz")
        if entry.ok and entry.status == "published":
            problems += _published_prose(entry)
    return problems


# The prose a published entry must carry in each language (planned entries need only slug and title).
PUBLISHED_PROSE = ("definition", "analogy", "not", "in_depth", "under_the_hood", "shown_elsewhere", "what_varies", "examples")


def _published_prose(entry) -> list[Problem]:
    out = []
    for doc in entry.prose.values():
        for key in PUBLISHED_PROSE:
            if key not in doc.data:
                out.append(Problem(doc.path, doc.line(()), f"$.{key}", "missing required field (the entry is published)", SCHEMA))
    return out


def validate(corpus: Corpus) -> list[Problem]:
    """Every problem in the corpus: parse, schema, then cross-entry, each sorted by file and line."""
    parse = sorted(corpus.problems)
    schema = sorted(schema_problems(corpus))
    cross = sorted(set(check_corpus(corpus)))
    return parse + schema + cross


def check(root: Path) -> tuple[Corpus, list[Problem]]:
    corpus = load_corpus(root)
    return corpus, validate(corpus)
