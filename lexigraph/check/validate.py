"""Stage 2, validate: schema checks per file, then cross-entry checks, all collected."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeGuard

from lexigraph import LANGUAGES
from lexigraph.check import quiz, terminology
from lexigraph.check import registry as registry_checks
from lexigraph.check.entries import check_corpus
from lexigraph.check.evidence import duplicate_source_ids, evidence_problems
from lexigraph.check.observed import claim_problems as observed_claim_problems
from lexigraph.check.observed import record_problems as observed_record_problems
from lexigraph.check.placeholders import placeholder_problems
from lexigraph.check.reading_path import reading_path_problems
from lexigraph.check.relations import relation_problems
from lexigraph.check.requires import requires_problems
from lexigraph.check.same_program import runs_in_and_has_part_problems, same_program_problems
from lexigraph.check.sources import date_note_problems
from lexigraph.check.sources import version_problems as source_version_problems
from lexigraph.check.typography import english_problems, french_problems
from lexigraph.check.versions import version_problems
from lexigraph.content import specs, wordlists
from lexigraph.content.load import load_corpus
from lexigraph.content.model import PROSE_SECTIONS, Corpus, WellFormed
from lexigraph.content.schema import check_shape
from lexigraph.content.today import today
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.errors import CROSS, SCHEMA, Problem


def _documents(corpus: Corpus) -> list[tuple[YamlDoc, str]]:
    """Every parsed document that is a mapping, with the name of its schema."""
    found: list[tuple[YamlDoc | None, str]] = []
    for entry in corpus.entries.values():
        found.append((entry.facts, "entry"))
        found += [(doc, "entry-lang") for doc in entry.prose.values()]
        found += [(doc, "quiz") for doc in entry.quiz.values()]
    found += [(doc, "version") for versions in corpus.archive.values() for doc in versions.values()]
    found.append((corpus.registry, "specs"))
    found.append((corpus.reading_path, "path"))
    return [(doc, name) for doc, name in found if doc is not None and isinstance(doc.data, dict)]


def schema_check(corpus: Corpus) -> tuple[list[Problem], set[str]]:
    """Every schema problem, and the documents (shown paths) that are not well-formed: a
    required field missing or a value of the wrong type (schema.SHAPE_KEEPING)."""
    problems: list[Problem] = []
    malformed: set[str] = set()
    for doc, name in _documents(corpus):
        found, well_formed = corpus.memo(doc, f"schema:{name}", lambda doc=doc, name=name: check_shape(doc, name))
        problems += found
        if not well_formed:
            malformed.add(doc.path)
    for entry in corpus.entries.values():
        if entry.ok and entry.status == "published":
            missing = _published_prose(entry)
            problems += missing
            malformed.update(p.path for p in missing)
    return problems, malformed


def well_formed(corpus: Corpus, malformed: set[str] | None = None) -> WellFormed:
    """The corpus as every cross-entry check sees it: each document that did not parse to a
    mapping, misses a required field or holds a value of the wrong type is None, so a check
    can trust the shape of whatever it reads (values may still break a pattern, a length or
    a count: those are the schema's to report)."""
    return WellFormed(corpus.keeping(schema_check(corpus)[1] if malformed is None else malformed))


# The prose a published entry must carry in each language (planned entries need only slug and title).
def _published_prose(entry) -> list[Problem]:
    out = []
    for doc in entry.prose.values():
        for key in PROSE_SECTIONS:
            if key not in doc.data:
                out.append(Problem(doc.path, doc.line(()), f"$.{key}", "missing required field (the entry is published)", SCHEMA))
    return out


def validate(corpus: Corpus) -> list[Problem]:
    """Every error in the corpus and in the writers' word lists (lexigraph/data/): parse, schema,
    then cross-entry, each sorted by file and line.
    The cross-entry checks are given only the well-formed documents (see :func:`well_formed`)."""
    parse = sorted(corpus.problems + wordlists.problems())
    schema, malformed = schema_check(corpus)
    checked = well_formed(corpus, malformed)
    cross = sorted(set(check_corpus(checked) + _registry_cross(corpus, checked)
                       + quiz.teaches_problems(corpus) + quiz.concept_problems(corpus) + duplicate_source_ids(checked)
                       + reading_path_problems(checked) + version_problems(checked, today())))
    return parse + sorted(schema) + cross


def warnings(corpus: Corpus) -> list[Problem]:
    """What does not stop a build but fails ``check --strict``: files the lexicon would ignore, stale
    entries, placeholders, typography, terminology, quiz answer cues, untested concepts, evidence markers and relation rules.
    Like the cross-entry checks, these see only the well-formed documents."""
    checked = well_formed(corpus)
    stale = registry_checks.stale_problems(specs.stale_entries(checked, registry(checked)), today())
    return (sorted(corpus.strays) + sorted(stale) + sorted(placeholder_problems(checked)) + sorted(typography_problems(checked))
            + sorted(terminology_problems(checked)) + sorted(quiz.cue_problems(corpus))
            + sorted(quiz.untested_concept_problems(corpus))
            + sorted(evidence_problems(checked)) + sorted(observed_record_problems(checked))
            + sorted(observed_claim_problems(checked)) + sorted(date_note_problems(checked))
            + sorted(source_version_problems(checked)) + sorted(relation_problems(checked))
            + sorted(same_program_problems(checked)) + sorted(runs_in_and_has_part_problems(checked))
            + sorted(requires_problems(checked)))


def _source_note(lang: str):
    """Paths of entry.yml that hold prose in ``lang``: the notes on its sources and corrections (sources[i].note.<lang>)."""
    return lambda path: len(path) == 4 and path[0] in ("sources", "corrections") and path[2:] == ("note", lang)


def _usable(doc: YamlDoc | None) -> TypeGuard[YamlDoc]:
    return doc is not None and isinstance(doc.data, dict)


def _in_language(lang: str):
    """Paths of labels.yml in ``lang``: its labels (``lang.key``)."""
    return lambda path: len(path) == 2 and path[0] == lang


def _spec_note(lang: str):
    """Paths of specs.yml that hold prose in ``lang``: the notes on revisions (specs[i].revisions[j].note.<lang>)."""
    return lambda path: len(path) == 6 and path[0] == "specs" and path[2] == "revisions" and path[4:] == ("note", lang)


def _labels(lang: str) -> list[YamlDoc]:
    """The site's own labels (lexigraph/data/labels.yml) as checked, with their lines; none while the file is broken
    (its problems are reported with the word lists')."""
    doc = wordlists.document(wordlists.INTERFACE_LABELS)
    return [doc] if doc is not None else []


def _french_and_english(doc: YamlDoc, lang: str, keep=None) -> list[Problem]:
    return french_problems(doc, keep=keep) if lang == "fr" else english_problems(doc, keep=keep)


def typography_problems(corpus: Corpus) -> list[Problem]:
    """French typography and each language's quote style: in the prose and quizzes, in the notes on
    sources and on specification revisions (specs.yml), and in the site's own labels (lexigraph/data/labels.yml)."""
    out = []
    for entry in corpus.entries.values():
        for lang in LANGUAGES:
            for doc in (entry.prose.get(lang), entry.quiz.get(lang)):
                if _usable(doc):
                    out += corpus.memo(doc, f"typography:{lang}", lambda d=doc, lang=lang: _french_and_english(d, lang))
            if _usable(entry.facts):
                out += corpus.memo(entry.facts, f"typography:notes:{lang}",
                                   lambda d=entry.facts, lang=lang: _french_and_english(d, lang, keep=_source_note(lang)))
    for lang in LANGUAGES:
        if _usable(corpus.registry):
            out += corpus.memo(corpus.registry, f"typography:specs:{lang}",
                               lambda d=corpus.registry, lang=lang: _french_and_english(d, lang, keep=_spec_note(lang)))
        out += [p for doc in _labels(lang) for p in _french_and_english(doc, lang, keep=_in_language(lang))]
    return out


def terminology_problems(corpus: Corpus) -> list[Problem]:
    """Variants the terminology list rejects (each language's list): in each entry's prose, quizzes and
    notes on sources, in the notes on specification revisions, and in the site's own labels."""
    key = f"terminology:{terminology.rules_digest()}"
    out = []
    for entry in corpus.entries.values():
        for lang in LANGUAGES:
            for doc in (entry.prose.get(lang), entry.quiz.get(lang)):
                if _usable(doc):
                    out += corpus.memo(doc, key, lambda d=doc, lang=lang: terminology.terminology_problems(d, lang))
            if _usable(entry.facts):
                out += corpus.memo(entry.facts, f"{key}:notes:{lang}",
                                   lambda d=entry.facts, lang=lang: terminology.terminology_problems(d, lang, keep=_source_note(lang)))
    for lang in LANGUAGES:
        if _usable(corpus.registry):
            out += corpus.memo(corpus.registry, f"{key}:specs:{lang}",
                               lambda d=corpus.registry, lang=lang: terminology.terminology_problems(d, lang, keep=_spec_note(lang)))
        out += [p for doc in _labels(lang) for p in terminology.terminology_problems(doc, lang, keep=_in_language(lang))]
    return out


def registry(corpus: Corpus) -> dict[str, specs.Spec]:
    return specs.parse_registry(corpus.registry)


def _registry_cross(corpus: Corpus, checked: WellFormed) -> list[Problem]:
    if not os.path.lexists(corpus.root / specs.REGISTRY_FILE):
        uses = any(e.fact("checked_against") for e in checked.entries.values())
        if uses:
            return [Problem(corpus.shown(corpus.root / specs.REGISTRY_FILE), 1, "$",
                            "entries name specifications in checked_against, but there is no specs.yml", CROSS)]
        return []
    if checked.registry is None:
        return []
    return (registry_checks.registry_problems(checked.registry) + registry_checks.checked_against_problems(checked, registry(checked))
            + registry_checks.deprecated_problems(checked, registry(checked)))


def check(root: Path, base: str | None = None) -> tuple[Corpus, list[Problem], list[Problem]]:
    """Load ``root`` and return (corpus, errors, warnings); per-file results are cached across runs.
    ``base``: a git commit; an entry whose published text changed since then needs a bump or a correction."""
    corpus = load_corpus(root, use_cache=True)
    errors, found = validate(corpus), warnings(corpus)
    if base:
        from lexigraph.check.base import base_problems

        errors = errors + sorted(base_problems(well_formed(corpus), base))
    corpus.save_cache()
    return corpus, errors, found
