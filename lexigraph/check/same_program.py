"""One program cannot both hold an entry and be one of its parts (warnings; errors with ``--strict``).

FORMAT.md, "Relations": ``runs_in`` says B is what A executes inside, ``has_part`` that A contains B.
The same program may not be both for one entry: not the same target in both lists, and not two targets
the lexicon says are one program. Entries that name one program two ways (the MCP host and the
harness) say so in entry.yml, ``same_program_as: [other-id]``, on both sides. Two functions (one row each
in a rule registry): :func:`same_program_problems` (the declaration itself: a known entry, listed back)
and :func:`runs_in_and_has_part_problems`.
"""

from __future__ import annotations

from lexigraph.check.common import as_dict, as_list, did_you_mean
from lexigraph.check.relations import RELATIONS
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import format_path
from lexigraph.errors import Problem

SAME = "same_program_as"


def _warn(entry: Entry, path: tuple, message: str) -> Problem:
    facts = entry.facts_doc()
    return Problem(facts.path, facts.line(path), format_path(path), message, RELATIONS)


def listed_ids(entry: Entry | None, *path: str) -> list[str]:
    if entry is None or entry.facts is None:
        return []
    value: object = entry.facts_data()
    for key in path:
        value = as_dict(value).get(key)
    return [t for t in as_list(value) if isinstance(t, str)]


def same_program(corpus: Corpus) -> dict[str, set[str]]:
    """Each entry id → the ids that name the same program (itself included), closed over ``same_program_as``."""
    groups: dict[str, set[str]] = {}
    for entry in corpus.entries.values():
        for other in listed_ids(entry, SAME):
            if other not in corpus.entries:
                continue
            group = groups.get(entry.id, {entry.id}) | groups.get(other, {other})
            for member in group:
                groups[member] = group
    return groups


def same_program_problems(corpus: Corpus) -> list[Problem]:
    """``same_program_as`` names an entry, not this one, and that entry lists this one back."""
    out: list[Problem] = []
    for entry in corpus.entries.values():
        for i, other in enumerate(listed_ids(entry, SAME)):
            path = (SAME, i)
            if other not in corpus.entries:
                out.append(_warn(entry, path, f"'{other}' is not an entry{did_you_mean(other, corpus.entries)}"))
            elif other == entry.id:
                out.append(_warn(entry, path, "an entry is trivially the same program as itself: remove it"))
            elif corpus.entries[other].facts is not None and entry.id not in listed_ids(corpus.entries[other], SAME):
                out.append(_warn(entry, path, f"'{other}' does not list '{entry.id}' back under {SAME}: "
                                 "two names for one program go both ways; add it there, or remove it here"))
    return out


def runs_in_and_has_part_problems(corpus: Corpus) -> list[Problem]:
    """An entry whose ``runs_in`` and ``has_part`` name one program (the same id, or two ids of one program)."""
    groups = same_program(corpus)
    out: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.facts is None:
            continue
        parts = listed_ids(entry, "relations", "has_part")
        for i, host in enumerate(listed_ids(entry, "relations", "runs_in")):
            for part in parts:
                if part == host or part in groups.get(host, ()):
                    said = (f"'{host}' is also in has_part" if part == host else
                            f"has_part lists '{part}', which the lexicon says is the same program as '{host}' ({SAME})")
                    out.append(_warn(entry, ("relations", "runs_in", i),
                                     f"runs_in '{host}' says '{entry.id}' executes inside it, but {said}: one program "
                                     "cannot both hold this entry and be one of its parts; keep the one the prose describes "
                                     "in every case (FORMAT.md, Relations)"))
    return out
