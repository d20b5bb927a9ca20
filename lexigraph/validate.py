"""Stage 2, validate: schema checks per file, then cross-entry checks, all collected."""

from __future__ import annotations

from pathlib import Path

from .crosscheck import check_corpus
from . import quizcheck, specs
from .typography import french_problems
from .errors import CROSS, PLACEHOLDERS, SCHEMA, Problem
from .yamlfile import format_path
from .load import Corpus, load_corpus
from .schema import check_doc


def schema_problems(corpus: Corpus) -> list[Problem]:
    problems = []
    def checked(doc, name):
        return corpus.memo(doc, f"schema:{name}", lambda: check_doc(doc, name))

    for entry in corpus.entries.values():
        if entry.facts is not None and isinstance(entry.facts.data, dict):
            problems += checked(entry.facts, "entry")
        for doc in entry.prose.values():
            if doc is not None and isinstance(doc.data, dict):
                problems += checked(doc, "entry-lang")
        for doc in entry.quiz.values():
            if doc is not None and isinstance(doc.data, dict):
                problems += checked(doc, "quiz")
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
    """Every error in the corpus: parse, schema, then cross-entry, each sorted by file and line."""
    parse = sorted(corpus.problems)
    schema = sorted(schema_problems(corpus) + _registry_schema(corpus))
    cross = sorted(set(check_corpus(corpus) + _registry_cross(corpus) + quizcheck.teaches_problems(corpus)))
    return parse + schema + cross


def warnings(corpus: Corpus) -> list[Problem]:
    """What does not stop a build but fails ``check --strict``: stale entries, placeholders,
    French typography and quiz answer cues."""
    stale = specs.stale_problems(specs.stale_entries(corpus, registry(corpus)))
    return (sorted(stale) + sorted(placeholder_problems(corpus)) + sorted(typography_problems(corpus))
            + sorted(quizcheck.cue_problems(corpus)))


def typography_problems(corpus: Corpus) -> list[Problem]:
    """French typography in the French prose and quizzes."""
    out = []
    for entry in corpus.entries.values():
        for doc in (entry.prose.get("fr"), entry.quiz.get("fr")):
            if doc is not None and isinstance(doc.data, dict):
                out += corpus.memo(doc, "typography", lambda d=doc: french_problems(d))
    return out


def registry(corpus: Corpus) -> dict[str, specs.Spec]:
    return specs.parse_registry(corpus.registry)


def _registry_schema(corpus: Corpus) -> list[Problem]:
    doc = corpus.registry
    return check_doc(doc, "specs") if doc is not None and isinstance(doc.data, dict) else []


def _registry_cross(corpus: Corpus) -> list[Problem]:
    doc = corpus.registry
    if doc is None:
        uses = any(e.ok and e.fact("checked_against") for e in corpus.entries.values())
        if uses:
            return [Problem(corpus.shown(corpus.root / specs.REGISTRY_FILE), 1, "$",
                            "entries name specifications in checked_against, but there is no specs.yml", CROSS)]
        return []
    if not isinstance(doc.data, dict):
        return []
    return specs.registry_problems(doc) + specs.checked_against_problems(corpus, registry(corpus))


PLACEHOLDER = "TODO"


def _placeholders(doc) -> list[Problem]:
    if PLACEHOLDER not in doc.joined():
        return []
    return [Problem(doc.path, doc.line(path), format_path(path), "placeholder text left: replace the TODO before merging", PLACEHOLDERS)
            for path, text in doc.strings() if PLACEHOLDER in text]


def placeholder_problems(corpus: Corpus) -> list[Problem]:
    """Text still holding the TODO placeholders that `lexigraph new` writes."""
    from .crosscheck import snippet_text

    out = []
    for entry in corpus.entries.values():
        docs = [entry.facts, *entry.prose.values(), *entry.quiz.values()]
        for doc in docs:
            if doc is None or not isinstance(doc.data, (dict, list)):
                continue
            out += corpus.memo(doc, "placeholders", lambda d=doc: _placeholders(d))
        for step in entry.fact("steps") or [] if entry.ok else []:
            name = step.get("snippet") if isinstance(step, dict) else None
            path = corpus.snippet_path(name) if isinstance(name, str) else None
            if path is not None and path.is_file() and PLACEHOLDER in snippet_text(path):
                out.append(Problem(corpus.shown(path), 1, "$", "placeholder snippet: replace the TODO with real, tested code", PLACEHOLDERS))
    return out


def check(root: Path) -> tuple[Corpus, list[Problem], list[Problem]]:
    """Load ``root`` and return (corpus, errors, warnings); per-file results are cached across runs."""
    corpus = load_corpus(root, use_cache=True)
    errors, found = validate(corpus), warnings(corpus)
    corpus.save_cache()
    return corpus, errors, found
