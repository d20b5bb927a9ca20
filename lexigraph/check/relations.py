"""Relation rules that keep the labels true to the prose (warnings; errors with ``--strict``).

- an entry does not both ``require`` a target and list it as ``often_confused_with``: a thing it
  cannot work without is not a neighbour readers mix it up with;
- ``part_of`` holds only where the target says it contains the entry: the target lists it under
  ``has_part``, and every ``has_part`` is answered by a ``part_of``.
What each relation means is in FORMAT.md, "Relations".
"""

from __future__ import annotations

from collections.abc import Iterator

from lexigraph.check.common import as_dict, as_list
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import format_path
from lexigraph.errors import Problem

RELATIONS = "relations"


def _warn(entry: Entry, path: tuple, message: str) -> Problem:
    facts = entry.facts_doc()   # a relation was read from it
    return Problem(facts.path, facts.line(path), format_path(path), message, RELATIONS)


def _relation(entry: Entry | None, kind: str) -> list[str]:
    if entry is None or entry.facts is None:
        return []
    return [t for t in as_list(as_dict(entry.fact("relations")).get(kind)) if isinstance(t, str)]


def relation_problems(corpus: Corpus) -> list[Problem]:
    out: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.facts is not None:
            out += _entry_problems(corpus, entry)
    return out


def _entry_problems(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    requires = _relation(entry, "requires")
    for i, target in enumerate(_relation(entry, "often_confused_with")):
        if target in requires:
            yield _warn(entry, ("relations", "often_confused_with", i),
                        f"'{target}' is both in requires and in often_confused_with: keep requires if this entry cannot "
                        "work without it, often_confused_with if readers only mix the two up")
    for i, target in enumerate(_relation(entry, "part_of")):
        other = corpus.entries.get(target)
        if other is None or other.facts is None or target == entry.id:
            continue                         # a dangling target is reported by the cross-entry checks
        if entry.id not in _relation(other, "has_part"):
            yield _warn(entry, ("relations", "part_of", i),
                        f"'{target}' does not list '{entry.id}' under has_part: part_of says '{target}' contains this entry; "
                        f"if it does, add '{entry.id}' to its has_part, otherwise use requires or shown_elsewhere")
    for i, target in enumerate(_relation(entry, "has_part")):
        other = corpus.entries.get(target)
        if other is None or other.facts is None or target == entry.id:
            continue
        if entry.id not in _relation(other, "part_of"):
            yield _warn(entry, ("relations", "has_part", i),
                        f"'{target}' does not say part_of '{entry.id}': add it there, or remove it here")
