"""The lexicon's terminology (``lexigraph/data/terminology.yml``, read by :mod:`lexigraph.content.wordlists`):
one term per idea, per language.

A variant the list rejects is a warning in ``check`` and an error with ``--strict``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lexigraph.check.typography import prose_only
from lexigraph.content import wordlists
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import Problem

TERMINOLOGY = "terminology"
# Someone else's words are quoted, not ours: the rules skip them.
_QUOTED = re.compile(r"«[^»\x00]*»|“[^”\x00]*”|\"[^\"\x00]*\"")


@dataclass(frozen=True)
class Rule:
    use: str
    avoid: tuple[str, ...]
    why: str
    regex: re.Pattern


def _variant(term: str) -> str:
    words = ["".join("['’]" if c in "'’" else re.escape(c) for c in word) for word in term.split()]
    return r"[\s\u00a0\u202f]+".join(words)


def rules() -> dict[str, list[Rule]]:
    """The rules per language (none while the list is broken: check says why)."""
    return _rules(wordlists.stamp(wordlists.TERMINOLOGY))


@functools.lru_cache(maxsize=4)
def _rules(_stamp: tuple) -> dict[str, list[Rule]]:
    """The rules compiled once per version of the list's file."""
    data = wordlists.data(wordlists.TERMINOLOGY)
    out: dict[str, list[Rule]] = {}
    for lang, items in data.items():
        for item in items:
            avoid = tuple(item["avoid"])
            regex = re.compile(r"(?<![\w-])(?:" + "|".join(_variant(a) for a in sorted(avoid, key=len, reverse=True))
                               + r")(?![\w-])", re.IGNORECASE)
            out.setdefault(lang, []).append(Rule(item["use"], avoid, item["why"], regex))
    return out


def rules_digest() -> str:
    """Part of the cache key of per-file results: editing the list re-checks every file."""
    return wordlists.digest(wordlists.TERMINOLOGY)


def _ours(text: str) -> str:
    return _QUOTED.sub(" ", prose_only(text))


# Fields that hold ids, not words: a quiz's `entry: sampling` names the entry whose id is an English word.
IDS = ("slug", "entry", "id", "concept", "teaches", "describes")


def terminology_problems(doc: YamlDoc, lang: str, skip=IDS, keep=None) -> list[Problem]:
    """One warning per variant found in each string of ``doc`` (any shape of data is safe); only
    the strings whose path ``keep`` accepts, when given."""
    active = rules().get(lang, [])
    whole = _ours(doc.joined())
    if not any(rule.regex.search(whole) for rule in active):
        return []
    out = []
    for path, text in doc.strings():
        if path and path[-1] in skip or keep is not None and not keep(path):
            continue
        ours = _ours(text)
        for rule in active:
            found = rule.regex.search(ours)
            if found:
                out.append(Problem(doc.path, doc.line(path), format_path(path),
                                   f"'{found.group(0)}': write '{rule.use}' ({rule.why})", TERMINOLOGY))
    return out
