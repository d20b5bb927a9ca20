"""Stage 2b, cross-entry checks: what no single file's schema can see.

The corpus these checks get holds well-formed documents only (validate.well_formed): a
file that did not parse, misses a required field or holds a value of the wrong type is
None here, and every check runs on the documents it needs that are left. So whatever a
check reads is present and of the type its schema says; a value may still break a
pattern, a length or a count. A check that needs a document tests it for None first
(``entry.fact`` and ``entry.text`` return their default when the file is not there).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list, did_you_mean, field_problem
from lexigraph.check.safety import check_hidden_characters, check_prose_safety
from lexigraph.check.snippets import check_snippets
from lexigraph.content.model import SYMMETRIC, Corpus, Entry, WellFormed
from lexigraph.content.terms import normalise, not_terms
from lexigraph.content.wordlists import NOT_TERMS
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.errors import Problem


def _each_entry(check):
    """A check of one entry, as a check of every entry of the corpus."""
    return lambda corpus: [problem for entry in corpus.entries.values() for problem in check(corpus, entry)]


# The cross-entry rules of this module, as check/validate.py's registry runs them (each on a corpus of
# well-formed documents, validate.well_formed).
def identity_problems(corpus: WellFormed) -> list[Problem]:
    return list(_check_identity(corpus, list(corpus.entries.values())))


def archive_problems(corpus: WellFormed) -> list[Problem]:
    return list(_check_archive(corpus))


def term_problems(corpus: WellFormed) -> list[Problem]:
    return list(_check_terms(list(corpus.entries.values())))


def hidden_character_problems(corpus: WellFormed) -> list[Problem]:
    return list(check_hidden_characters(corpus))


target_problems = _each_entry(lambda corpus, entry: _check_targets(corpus, entry))
date_problems = _each_entry(lambda corpus, entry: _check_dates(entry))
language_problems = _each_entry(lambda corpus, entry: _check_languages_match(entry))
snippet_problems = _each_entry(check_snippets)
prose_safety_problems = _each_entry(check_prose_safety)
quiz_key_problems = _each_entry(lambda corpus, entry: _check_quiz(corpus, entry))


def _check_identity(corpus: Corpus, entries: list[Entry]) -> Iterator[Problem]:
    by_number: dict[Any, list[Entry]] = defaultdict(list)
    by_slug: dict[tuple[str, Any], list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.facts is not None and entry.fact("id") != entry.id:
            yield field_problem(entry.facts, ("id",), f"'{entry.fact('id')}' does not match its folder name '{entry.id}'")
        if entry.fact("number") is not None:
            by_number[entry.fact("number")].append(entry)
        for lang in LANGUAGES:
            if entry.text(lang, "slug"):
                by_slug[(lang, entry.text(lang, "slug"))].append(entry)
    for number, same in by_number.items():
        for entry in same[1:]:
            yield field_problem(entry.facts_doc(), ("number",), f"number {number} is already used by '{same[0].id}'")
    for (lang, slug), same in by_slug.items():
        for entry in same[1:]:
            yield field_problem(entry.prose_doc(lang), ("slug",), f"slug '{slug}' is already used by '{same[0].id}' in {lang.upper()}")


def _check_archive(corpus: Corpus) -> Iterator[Problem]:
    """archive/<id>/<version>/version.yml names its own folders, and <id> is an entry."""
    for entry_id, versions in corpus.archive.items():
        for version, doc in versions.items():
            if doc is None:
                continue
            if doc.data["id"] != entry_id:
                yield field_problem(doc, ("id",), f"'{doc.data['id']}' does not match its folder name '{entry_id}'")
            elif entry_id not in corpus.entries:
                yield field_problem(doc, ("id",), f"'{entry_id}' is not an entry{did_you_mean(entry_id, corpus.entries)}")
            if doc.data["version"] != version:
                yield field_problem(doc, ("version",), f"'{doc.data['version']}' does not match its folder name '{version}'")


def _check_terms(entries: list[Entry]) -> Iterator[Problem]:
    """A title or alias names one entry only, per language: it is what first mentions link to.

    Titles claim first (in entry order), then aliases, so a clash is reported on the alias. A term
    listed in lexigraph/data/not-terms.yml (a phrase never to link) cannot be a title or alias."""

    for lang in LANGUAGES:
        claimed: dict[str, tuple[Entry, tuple]] = {}
        places: list[tuple[Entry, tuple[str | int, ...], str]] = []
        for entry in entries:
            doc = entry.prose.get(lang)
            if doc is None or not isinstance(doc.data, dict):
                continue
            if isinstance(doc.data.get("title"), str):
                places.append((entry, ("title",), doc.data["title"]))
        for entry in entries:
            doc = entry.prose.get(lang)
            aliases = doc.data.get("aliases") if doc is not None and isinstance(doc.data, dict) else None
            for i, alias in enumerate(as_list(aliases)):
                if isinstance(alias, str):
                    places.append((entry, ("aliases", i), alias))
        unlinked = {normalise(phrase) for phrase in not_terms().get(lang, ())}
        for entry, path, term in places:
            key = normalise(term)
            if not key:
                continue
            if key in unlinked:
                what = "title" if path == ("title",) else "alias"
                yield field_problem(entry.prose_doc(lang), path, f"{what} '{term}' is listed in {NOT_TERMS.file} as a phrase "
                               f"that never links: remove it there or choose another {what}")
                continue
            if key not in claimed:
                claimed[key] = (entry, path)
                continue
            owner, owner_path = claimed[key]
            if owner.id == entry.id:
                continue
            what = "title" if path == ("title",) else "alias"
            whose = "title" if owner_path == ("title",) else "alias"
            owner_doc = owner.prose_doc(lang)
            where = f"{owner_doc.path}:{owner_doc.line(owner_path)}"
            yield field_problem(entry.prose_doc(lang), path, f"{what} '{term}' is already the {whose} of '{owner.id}' in "
                           f"{lang.upper()} ({where}): a term names one entry only")


def _check_targets(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    known = corpus.entries
    if entry.facts is None:
        return
    for kind, targets in as_dict(entry.fact("relations")).items():
        for i, target in enumerate(as_list(targets)):
            if target not in known:
                yield field_problem(entry.facts, ("relations", kind, i), f"'{target}' is not an entry{did_you_mean(target, known)}")
            elif target == entry.id:
                yield field_problem(entry.facts, ("relations", kind, i), "an entry cannot relate to itself")
            elif kind in SYMMETRIC and known[target].facts is not None and known[target].status == "published":
                back = as_list(as_dict(known[target].fact("relations")).get(kind))
                if entry.id not in back:
                    yield field_problem(entry.facts, ("relations", kind, i),
                                   f"'{target}' does not list '{entry.id}' back under {kind} (this relation goes both ways)")
    for i, target in enumerate(as_list(entry.fact("shown_elsewhere"))):
        if target not in known:
            yield field_problem(entry.facts, ("shown_elsewhere", i), f"'{target}' is not an entry{did_you_mean(target, known)}")


def _real_date(text: str) -> bool:
    try:
        if len(text) == 7:
            dt.date.fromisoformat(text + "-01")
        else:
            dt.date.fromisoformat(text)
        return True
    except ValueError:
        return False


def _check_dates(entry: Entry) -> Iterator[Problem]:
    facts = entry.facts
    if facts is None:
        return
    places: list[tuple[tuple, Any]] = [(("first_written",), entry.fact("first_written"))]
    places += [(("examples", i, "date"), as_dict(x).get("date")) for i, x in enumerate(as_list(entry.fact("examples")))]
    places += [(("sources", i, "date"), as_dict(x).get("date")) for i, x in enumerate(as_list(entry.fact("sources")))]
    places += [(("checked_against", i, "revision"), as_dict(x).get("revision"))
               for i, x in enumerate(as_list(entry.fact("checked_against")))]
    places += [(("versions", i, "date"), as_dict(x).get("date")) for i, x in enumerate(as_list(entry.fact("versions")))]
    places += [(("corrections", i, "date"), as_dict(x).get("date")) for i, x in enumerate(as_list(entry.fact("corrections")))]
    places += [(("checked_against", i, "reviewed"), as_dict(x).get("reviewed"))
               for i, x in enumerate(as_list(entry.fact("checked_against")))]
    for path, value in places:
        if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}(-[0-9]{2})?", value) and not _real_date(value):
            yield field_problem(facts, path, f"'{value}' is not a real date")
    version = entry.fact("version")
    if isinstance(version, str) and re.fullmatch(r"v[0-9]{4}-[0-9]{2}(-[0-9]{1,2})?", version) and not _real_date(version[1:8]):
        yield field_problem(facts, ("version",), f"'{version}' is not a real month")
    history = [x for x in as_list(entry.fact("versions")) if isinstance(x, dict)]
    if history and version and history[-1].get("version") != version:
        yield field_problem(facts, ("versions", len(history) - 1, "version"),
                       f"the last listed version is '{history[-1].get('version')}', but the entry's version is '{version}'"
                       " (add the new version at the end of versions)")


def _keys_match(doc: YamlDoc, path: tuple, have: list, want: list, what: str, other: str,
                peer: bool = False) -> Iterator[Problem]:
    """Report keys present on one side only. ``peer``: ``other`` is the other language's file, not
    the reference entry.yml, so the message does not presume which of the two is wrong."""
    for key in have:
        if key not in want:
            if peer:
                yield field_problem(doc, path + (key,), f"{what} '{key}' is here but not in {other}{did_you_mean(key, want)}"
                               " (one of the two files has it wrong)")
            else:
                yield field_problem(doc, path + (key,), f"{what} '{key}' is not in {other}{did_you_mean(key, want)}")
    for key in want:
        if key not in have:
            yield field_problem(doc, path, f"{what} '{key}' from {other} is missing here")


def _check_languages_match(entry: Entry) -> Iterator[Problem]:
    """FR and EN carry the same sections, steps, annotation keys, links and examples as entry.yml."""
    if entry.facts is None or None in entry.prose.values() or entry.status != "published":
        return
    step_ids = [as_dict(s).get("id") for s in as_list(entry.fact("steps"))]
    example_ids = [as_dict(x).get("id") for x in as_list(entry.fact("examples"))]
    shown = as_list(entry.fact("shown_elsewhere"))
    fr, en = entry.prose_doc("fr"), entry.prose_doc("en")
    for lang in LANGUAGES:
        doc = entry.prose_doc(lang)
        steps = as_dict(as_dict(doc.data.get("under_the_hood")).get("steps"))
        yield from _keys_match(doc, ("under_the_hood", "steps"), list(steps), step_ids, "step", "entry.yml's steps")
        yield from _keys_match(doc, ("examples",), list(as_dict(doc.data.get("examples"))), example_ids,
                               "example", "entry.yml's examples")
        yield from _keys_match(doc, ("shown_elsewhere",), list(as_dict(doc.data.get("shown_elsewhere"))), shown,
                               "link", "entry.yml's shown_elsewhere")
    # EN is checked against FR; FR itself is the reference for sections and annotation keys.
    fr_sections = [as_dict(s).get("id") for s in as_list(fr.data.get("in_depth"))]
    en_sections = [as_dict(s).get("id") for s in as_list(en.data.get("in_depth"))]
    if set(en_sections) == set(fr_sections) and en_sections != fr_sections:
        yield field_problem(en, ("in_depth",), f"sections are in a different order than in fr.yml: {', '.join(map(str, fr_sections))}")
    yield from _keys_match(en, ("in_depth",), en_sections, fr_sections, "section", "fr.yml", peer=True)
    fr_steps = as_dict(as_dict(fr.data.get("under_the_hood")).get("steps"))
    en_steps = as_dict(as_dict(en.data.get("under_the_hood")).get("steps"))
    for step_id in step_ids:
        fr_keys = list(as_dict(as_dict(fr_steps.get(step_id)).get("annotations")))
        en_keys = list(as_dict(as_dict(en_steps.get(step_id)).get("annotations")))
        if step_id in fr_steps and step_id in en_steps:
            yield from _keys_match(en, ("under_the_hood", "steps", step_id, "annotations"), en_keys, fr_keys,
                                   "annotation", "fr.yml", peer=True)


def _answer_key(doc: YamlDoc) -> list[tuple[Any, list[tuple[Any, bool, Any]]]]:
    key = []
    for question in as_list(as_dict(doc.data).get("questions")):
        question = as_dict(question)
        options = [(as_dict(o).get("id"), bool(as_dict(o).get("correct")), as_dict(o).get("describes"))
                   for o in as_list(question.get("options"))]
        key.append((question.get("id"), options))
    return key


def _check_quiz(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    for doc in entry.quiz.values():
        if doc is None or not isinstance(doc.data, dict):
            continue
        if doc.data.get("entry") != entry.id:
            yield field_problem(doc, ("entry",), f"'{doc.data.get('entry')}' should be '{entry.id}', the entry that uses this quiz")
        for qi, question in enumerate(as_list(doc.data.get("questions"))):
            question = as_dict(question)
            options = as_list(question.get("options"))
            correct = sum(1 for o in options if as_dict(o).get("correct") is True)
            if question.get("multiple"):
                if correct < 2:
                    yield field_problem(doc, ("questions", qi, "options"), f"a 'multiple' question needs at least two correct options, has {correct}")
            elif correct != 1:
                yield field_problem(doc, ("questions", qi, "options"), f"needs exactly one correct option, has {correct}")
            for oi, option in enumerate(options):
                target = as_dict(option).get("describes")
                if target is not None and target not in corpus.entries:
                    yield field_problem(doc, ("questions", qi, "options", oi, "describes"),
                                   f"'{target}' is not an entry{did_you_mean(target, corpus.entries)}")
    fr, en = entry.quiz.get("fr"), entry.quiz.get("en")
    if fr is None or en is None or not isinstance(fr.data, dict) or not isinstance(en.data, dict):
        return
    fr_key, en_key = _answer_key(fr), _answer_key(en)
    fr_by_id = dict(fr_key)
    for qi, (qid, options) in enumerate(en_key):
        if qid not in fr_by_id:
            yield field_problem(en, ("questions", qi, "id"), f"question '{qid}' is not in {fr.path}{did_you_mean(qid, fr_by_id)}")
        elif options != fr_by_id[qid]:
            yield field_problem(en, ("questions", qi, "options"),
                           f"options of '{qid}' differ from {fr.path} (ids, correct answers and 'describes' must be the same)")
    en_ids = {qid for qid, _ in en_key}
    for qid, _ in fr_key:
        if qid not in en_ids:
            yield field_problem(en, ("questions",), f"question '{qid}' from {fr.path} is missing here")
