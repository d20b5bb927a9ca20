"""Stage 2, validate: schema checks per file, then cross-entry checks, all collected.

Every check is a row of :data:`RULES` (check/rules.py): ``validate()`` runs the error rules,
``warnings()`` the others, and each problem carries its rule's code.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from lexigraph import LANGUAGES
from lexigraph.check import entries, quiz, terminology
from lexigraph.check import registry as registry_checks
from lexigraph.check import support as support_checks
from lexigraph.check.evidence import duplicate_source_ids, evidence_problems
from lexigraph.check.observed import claim_problems as observed_claim_problems
from lexigraph.check.observed import record_problems as observed_record_problems
from lexigraph.check.placeholders import placeholder_problems
from lexigraph.check.reading_path import reading_path_problems
from lexigraph.check.relations import relation_problems
from lexigraph.check.requires import requires_problems
from lexigraph.check.rules import ERROR, NOTICE, WARNING, Registry, Rule
from lexigraph.check.same_program import runs_in_and_has_part_problems, same_program_problems
from lexigraph.check.sources import date_note_problems
from lexigraph.check.sources import version_problems as source_version_problems
from lexigraph.check.typography import english_problems, french_problems
from lexigraph.check.versions import version_problems
from lexigraph.content import specs, wordlists
from lexigraph.content.cache import FileCache
from lexigraph.content.load import load_corpus
from lexigraph.content.model import PROSE_SECTIONS, Corpus, WellFormed
from lexigraph.content.schema import check_shape
from lexigraph.content.today import today
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.errors import CONCEPTS, CROSS, FILES, KIND_TITLES, LAYOUT, PARSE, PLACEHOLDERS, QUIZ_CUES, REVIEW_DUE, SCHEMA, STALE, Problem


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
    shape, published, malformed = _schema(corpus)
    return shape + published, malformed


def _schema(corpus: Corpus) -> tuple[list[Problem], list[Problem], set[str]]:
    """(the schemas' problems, the prose a published entry misses, the documents that are not well-formed)."""
    problems: list[Problem] = []
    malformed: set[str] = set()
    for doc, name in _documents(corpus):
        found, well_formed = corpus.memo(doc, f"schema:{name}", lambda doc=doc, name=name: check_shape(doc, name))
        problems += found
        if not well_formed:
            malformed.add(doc.path)
    published: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.ok and entry.status == "published":
            missing = _published_prose(entry)
            published += missing
            malformed.update(p.path for p in missing)
    return problems, published, malformed


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


class Inputs:
    """What the rules read, each part computed once on first use: the corpus as loaded, its schema
    problems, the well-formed corpus the cross-entry rules see, today's date and ``--base``."""

    def __init__(self, corpus: Corpus, base: str | None = None):
        self.corpus, self.base = corpus, base

    @functools.cached_property
    def loaded(self) -> list[Problem]:
        """What loading found in the content and the word lists: files that cannot be read, do not parse,
        or (a word list) break their schema."""
        return self.corpus.problems + wordlists.problems()

    @functools.cached_property
    def schema(self) -> tuple[list[Problem], list[Problem], set[str]]:
        return _schema(self.corpus)

    @functools.cached_property
    def checked(self) -> WellFormed:
        return well_formed(self.corpus, self.schema[2])

    @functools.cached_property
    def today(self) -> dt.date:
        return today()

    @functools.cached_property
    def specs(self) -> dict[str, specs.Spec]:
        return registry(self.checked)

    @functools.cached_property
    def stale(self) -> list[Problem]:
        return registry_checks.stale_problems(specs.stale_entries(self.checked, self.specs), self.today)


def _specs_in_use(inputs: Inputs, check) -> list[Problem]:
    """A specs.yml rule, run when specs.yml is there and well-formed."""
    if not os.path.lexists(inputs.corpus.root / specs.REGISTRY_FILE) or inputs.checked.registry is None:
        return []
    return check(inputs)


def _no_registry(inputs: Inputs) -> list[Problem]:
    corpus = inputs.corpus
    if os.path.lexists(corpus.root / specs.REGISTRY_FILE) or not any(e.fact("checked_against") for e in inputs.checked.entries.values()):
        return []
    return [Problem(corpus.shown(corpus.root / specs.REGISTRY_FILE), 1, "$",
                    "entries name specifications in checked_against, but there is no specs.yml", CROSS)]


def _base(inputs: Inputs) -> list[Problem]:
    if not inputs.base:
        return []
    from lexigraph.check.base import base_problems

    return base_problems(inputs.checked, inputs.base)


#: Every check rule: code, severity, report group (kind), title, what to do, function of :class:`Inputs`.
#: Codes are stable (tests/rule_codes.txt); a new rule takes the next free code of its family.
RULES = Registry([
    # LX1: files and schema
    Rule("LX101", ERROR, FILES, "A content file that cannot be read safely",
         "Keep the file inside its folder, as a regular UTF-8 file under the size limit (not a link, a folder or a device).",
         lambda i: [p for p in i.loaded if p.kind == FILES]),
    Rule("LX102", ERROR, PARSE, "A YAML file that does not parse, or a file that is missing",
         "Fix the YAML at the line given (the hint names the usual cause), or restore the missing file.",
         lambda i: [p for p in i.loaded if p.kind not in (FILES, SCHEMA, CROSS)]),
    Rule("LX103", ERROR, SCHEMA, "A field its schema rejects",
         "Add the missing field, remove or rename the unknown one (the message suggests the nearest name), "
         "or give the value the type and form FORMAT.md describes.",
         lambda i: i.schema[0] + [p for p in i.loaded if p.kind == SCHEMA]),
    Rule("LX104", ERROR, SCHEMA, "A published entry without all its prose sections",
         "Write the missing section in this language, or set the entry back to `status: planned`.",
         lambda i: i.schema[1]),
    # LX2: cross-entry
    Rule("LX201", ERROR, CROSS, "Entry ids, numbers and slugs: each matches its folder and is used once",
         "Make the id match the folder name; choose a number or slug no other entry uses.", lambda i: entries.identity_problems(i.checked)),
    Rule("LX202", ERROR, CROSS, "An archived version's ids match its folders",
         "Make `id` and `version` in `archive/<id>/<version>/` match the folder names (`lexigraph archive` writes them right).",
         lambda i: entries.archive_problems(i.checked)),
    Rule("LX203", ERROR, CROSS, "Titles and aliases: each names one entry and can link",
         "Give the alias a word to find, choose one no other entry uses, or take it out of not-terms.yml.",
         lambda i: entries.term_problems(i.checked)),
    Rule("LX204", ERROR, CROSS, "Relations and shown_elsewhere name existing entries",
         "Name an entry id of entries/ (the message suggests the nearest), and list a two-way relation in both entries.",
         lambda i: entries.target_problems(i.checked)),
    Rule("LX205", ERROR, CROSS, "Dates and version months are real",
         "Write a date that exists (YYYY-MM-DD) and a version month that matches the last entry of versions.",
         lambda i: entries.date_problems(i.checked)),
    Rule("LX206", ERROR, CROSS, "Both languages and entry.yml list the same steps, examples, links and sections",
         "Add or remove the key the message names so that fr.yml, en.yml and entry.yml agree.",
         lambda i: entries.language_problems(i.checked)),
    Rule("LX207", ERROR, CROSS, "Snippets exist inside snippets/ and hold every annotated line",
         "Point `snippet` to a file under snippets/, and annotate only names that appear in it.",
         lambda i: entries.snippet_problems(i.checked)),
    Rule("LX208", ERROR, CROSS, "The reading path (path.yml) names each entry once, with its titles",
         "List entry ids of entries/, each once, whose titles exist in both languages.",
         lambda i: reading_path_problems(i.checked)),
    Rule("LX209", ERROR, CROSS, "Published text changed since --base without a new version or a correction",
         "Run `lexigraph bump <id> --changed …`, or log the fix under `corrections` when the meaning did not change.", _base),
    Rule("LX210", ERROR, CROSS, "A support feature id used twice in the lexicon",
         "Give each feature of every entry's `support:` its own id (the JSON export and the MCP tool `support` name it).",
         lambda i: support_checks.feature_id_problems(i.checked)),
    Rule("LX211", ERROR, CROSS, "A support claim's implementation, versions, partial and flag",
         "Name an implementation of lexigraph/data/implementations.yml; put version_removed after version_added; "
         "give partial and flag only with a version, and flag only for Chromium.",
         lambda i: support_checks.claim_shape_problems(i.checked)),
    # LX3: safety
    Rule("LX301", ERROR, CROSS, "Raw HTML or a script in prose",
         "Write Markdown, not HTML; put markup you mean to show in a code span (`<b>`).",
         lambda i: entries.prose_safety_problems(i.checked)),
    Rule("LX302", ERROR, CROSS, "Hidden characters (control, zero-width, direction) in text",
         "Delete the character the message shows as an escape (\\u200b…); retype the word if unsure.",
         lambda i: entries.hidden_character_problems(i.checked)),
    # LX4: quizzes
    Rule("LX401", ERROR, CROSS, "A quiz's answer key: its entry, its correct options, the same questions in both languages",
         "Mark exactly one correct option (two or more for `multiple`), and keep the questions and answers the same in fr and en.",
         lambda i: entries.quiz_key_problems(i.checked)),
    Rule("LX402", ERROR, CROSS, "A question's `teaches` names a section, step or example of its entry",
         "Name an id of the entry's in_depth, under_the_hood steps or examples, the same in both languages.",
         lambda i: quiz.teaches_problems(i.corpus)),
    Rule("LX403", ERROR, CROSS, "A question's `concept` is one of its entry's concepts",
         "Use a concept listed in the entry's `concepts`, the same in both languages.",
         lambda i: quiz.concept_problems(i.corpus)),
    Rule("LX404", WARNING, QUIZ_CUES, "A quiz answer a cue gives away (length, absolute words, near-duplicates)",
         "Rewrite the options so that the right one is not the longest, the hedged or the only specific one; "
         "see QUIZ-WRITING.",
         lambda i: quiz.cue_problems(i.corpus)),
    Rule("LX405", WARNING, CONCEPTS, "A concept of the entry that no question tests",
         "Add a question with `concept: <it>`, or drop it from `concepts`.",
         lambda i: quiz.untested_concept_problems(i.corpus)),
    Rule("LX406", ERROR, CROSS, "A quiz file no entry uses",
         "Name the quiz in its entry's `quiz` field, or delete the file.",
         lambda i: [p for p in i.loaded if p.kind == CROSS]),      # loading finds it: its only cross-entry problem
    # LX5: specifications
    Rule("LX501", ERROR, CROSS, "Entries name specifications but there is no specs.yml",
         "Add specs.yml with the specifications the entries' checked_against name.", _no_registry),
    Rule("LX502", ERROR, CROSS, "specs.yml: each specification's revisions are unique, ordered and hold its current one",
         "List revisions oldest first, once each, and make `current` one of them.",
         lambda i: _specs_in_use(i, lambda i: registry_checks.registry_problems(i.checked.registry))),
    Rule("LX503", ERROR, CROSS, "checked_against names a specification and revision of specs.yml",
         "Name a specification of specs.yml and one of its revisions (the message lists them).",
         lambda i: _specs_in_use(i, lambda i: registry_checks.checked_against_problems(i.checked, i.specs))),
    Rule("LX504", ERROR, CROSS, "A deprecation names a known specification, a recorded revision and an entry",
         "Record the revision in specs.yml first, and let replaced_by name another entry.",
         lambda i: _specs_in_use(i, lambda i: registry_checks.deprecated_problems(i.checked, i.specs))),
    Rule("LX505", WARNING, STALE, "An entry stale past its review date",
         "Re-read it against the current revision: `lexigraph bump <id> --changed …` or `--reviewed`.",
         lambda i: [p for p in i.stale if p.kind == STALE]),
    Rule("LX506", NOTICE, REVIEW_DUE, "An entry a new revision made stale, review not yet due",
         "Nothing yet; re-read it before the date the message gives.",
         lambda i: [p for p in i.stale if p.kind != STALE]),
    Rule("LX507", ERROR, CROSS, "A support feature's history names revisions of its specification, in order",
         "Name a specification of specs.yml and dates among its revisions, with added ≤ changed ≤ deprecated ≤ removed.",
         lambda i: support_checks.spec_problems(i.checked, i.specs)),
    # LX6: versions
    Rule("LX601", ERROR, CROSS, "Versions: listed once, oldest first, archived, not after today",
         "Fix the versions list (`lexigraph bump` writes it), or the date that lies in the future.",
         lambda i: version_problems(i.checked, i.today)),
    # LX7: evidence
    Rule("LX701", ERROR, CROSS, "Two sources of one entry with the same id",
         "Give each source its own id, and update the [^id] markers that cite it.", lambda i: duplicate_source_ids(i.checked)),
    Rule("LX702", WARNING, "evidence", "Evidence markers: a claim without one, one that names nothing, an observation out of date",
         "Add [^source-id] or [^observed:step-id] to the claim, fix the id a marker names, or run the tests again and "
         "update observed_with.",
         lambda i: evidence_problems(i.checked)),
    Rule("LX703", WARNING, "observed", "An observed step's recorded values are not in its run's record",
         "Keep in `shows` only what the step's snippet, its mcp_cases.yml case or its `record` files contain; "
         "if the run changed, run the tests again and update `shows`.",
         lambda i: observed_record_problems(i.checked)),
    Rule("LX704", WARNING, "observed", "A sentence with [^observed:step] names a value the step does not record",
         "Add the value to the step's `shows` if its run shows it; otherwise cite the source that says it, or rewrite the sentence.",
         lambda i: observed_claim_problems(i.checked)),
    Rule("LX705", WARNING, "sources", "A source's date and its own note contradict each other",
         "Give the date the source carries, or say in the note how the date was inferred "
         "(“undated; date inferred from …” / « non datée ; date déduite de … »).",
         lambda i: date_note_problems(i.checked)),
    Rule("LX706", WARNING, "sources", "A sentence names a version its cited sources do not state",
         "Cite the source that states the version, or add it to that source's `versions` if the source itself states it.",
         lambda i: source_version_problems(i.checked)),
    Rule("LX707", ERROR, CROSS, "A support claim the measured results contradict",
         "Write the claim the results support (`lexigraph support propose` prints it), or fix the probe and run "
         "`lexigraph support collect` again.",
         lambda i: support_checks.contradiction_problems(i.checked)),
    Rule("LX708", ERROR, CROSS, "A support claim with no measured result",
         "Run `lexigraph support collect --probe <probe> --implementation <name>` and commit support/results.json.",
         lambda i: support_checks.unmeasured_claim_problems(i.checked)),
    Rule("LX709", ERROR, CROSS, "A recorded result with no probe file or no known implementation",
         "Restore the probe under support/probes/, or run `lexigraph support collect` again, which records only existing "
         "probes and listed implementations.",
         lambda i: support_checks.orphan_result_problems(i.checked)),
    Rule("LX710", ERROR, CROSS, "Results older than their probe",
         "Run `lexigraph support collect --probe <probe>` again: the probe changed since it measured them.",
         lambda i: support_checks.stale_result_problems(i.checked)),
    Rule("LX711", ERROR, CROSS, "A probe with no file for an implementation it claims",
         "Write support/probes/<probe>.py, .mjs or .html for the implementation's runner, or give the feature or the "
         "implementation `unmeasured: {fr, en}` saying why nothing measures it.",
         lambda i: support_checks.probe_file_problems(i.checked)),
    # LX8: relations
    Rule("LX801", WARNING, "relations", "Relations that contradict each other or miss their counterpart",
         "Follow the message: add the reverse relation, or remove the one that contradicts.",
         lambda i: relation_problems(i.checked)),
    Rule("LX802", WARNING, "relations", "same_program_as: two names of one program, listed both ways",
         "List the other entry in both entries' same_program_as, and name an existing entry.",
         lambda i: same_program_problems(i.checked)),
    Rule("LX803", WARNING, "relations", "One program both runs_in and has_part of an entry",
         "Keep one of the two: the entry runs inside that program, or contains it, not both.",
         lambda i: runs_in_and_has_part_problems(i.checked)),
    Rule("LX804", WARNING, "relations", "A requires that the target's own relations contradict",
         "Drop `requires` where the target extends or runs in this entry: A cannot need what needs it.",
         lambda i: requires_problems(i.checked)),
    # LX9: writing
    Rule("LX901", WARNING, LAYOUT, "A file the lexicon would ignore",
         "Rename it as the message says (fr.yml, <quiz>.en.yml…) or move it out of entries/ and quizzes/.",
         lambda i: i.corpus.strays),
    Rule("LX902", WARNING, PLACEHOLDERS, "A TODO placeholder left in text or a snippet",
         "Replace the TODO with the real text or tested code.", lambda i: placeholder_problems(i.checked)),
    Rule("LX903", WARNING, "typography", "French typography and each language's quotes",
         "Use the spaces and quotes the message names (no-break spaces in French, « » in French, “ ” in English).",
         lambda i: typography_problems(i.checked)),
    Rule("LX904", WARNING, "terminology", "A variant the terminology list rejects",
         "Write the term the message gives, or argue for the variant in lexigraph/data/terminology.yml.",
         lambda i: terminology_problems(i.checked)),
])


def run(inputs: Inputs, severities: tuple[str, ...]) -> list[Problem]:
    """The problems of the rules of these severities, each with its rule's code, by report group
    (errors.KIND_TITLES' order), then by file and line. A cross-entry problem found twice is reported once."""
    found = [problem for rule in RULES if rule.severity in severities for problem in rule.run(inputs)]
    found = [p for p in found if p.kind != CROSS] + list({p: None for p in found if p.kind == CROSS})
    order = {kind: i for i, kind in enumerate(KIND_TITLES)}
    return sorted(found, key=lambda p: (order.get(p.kind, len(order)), p))


def validate(corpus: Corpus, base: str | None = None) -> list[Problem]:
    """Every error in the corpus and in the writers' word lists (lexigraph/data/): parse, schema,
    then cross-entry, each sorted by file and line. ``base``: a git commit (rule LX209).
    The cross-entry checks are given only the well-formed documents (see :func:`well_formed`)."""
    return run(Inputs(corpus, base), (ERROR,))


def warnings(corpus: Corpus) -> list[Problem]:
    """What does not stop a build but fails ``check --strict``: files the lexicon would ignore, stale
    entries, placeholders, typography, terminology, quiz answer cues, untested concepts, evidence markers and relation rules;
    and the reviews not yet due, which stay notices. Like the cross-entry checks, these see only the well-formed documents."""
    return run(Inputs(corpus), (WARNING, NOTICE))


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


@dataclass(frozen=True)
class Checked:
    """One checked content state: the corpus as loaded (entries, quizzes, snippets, archive, specs.yml,
    path.yml; the word lists and labels are read with it), and what the rules found in it. Rendering,
    publishing (through :func:`lexigraph.pipeline.prepare`), agents and authoring take the corpus of a
    ``Checked`` whose ``errors`` are empty, so nothing is rendered that was not checked."""

    corpus: Corpus
    errors: list[Problem]
    warnings: list[Problem]      # warnings and notices; empty when they were not asked for

    @property
    def ok(self) -> bool:
        return not self.errors


def checked(corpus: Corpus, base: str | None = None, *, with_warnings: bool = True) -> Checked:
    """Run every rule of :data:`RULES` once over an already-loaded ``corpus`` (the errors; the warnings and
    notices too unless ``with_warnings`` is false, as a build needs only the errors)."""
    inputs = Inputs(corpus, base)
    return Checked(corpus, run(inputs, (ERROR,)), run(inputs, (WARNING, NOTICE)) if with_warnings else [])


def check(root: Path, base: str | None = None, *, with_warnings: bool = True, cache: FileCache | None = None) -> Checked:
    """Load ``root`` once and check it (:func:`checked`); per-file results are cached across runs (``cache``:
    the per-file cache of a previous corpus, kept in memory by a long-running preview).
    ``base``: a git commit; an entry whose published text changed since then needs a bump or a correction."""
    corpus = load_corpus(root, use_cache=True, cache=cache)
    state = checked(corpus, base, with_warnings=with_warnings)
    corpus.save_cache()
    return state
