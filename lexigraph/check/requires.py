"""What can be checked of ``requires`` (“A cannot work at all without B, in every case the prose describes”):
the relations that say otherwise (warnings; errors with ``--strict``). One function, one row in a rule
registry. The pair requires/often_confused_with is :mod:`lexigraph.check.relations`'s; whether B is needed
in *every* case the prose describes is for the writer (FORMAT.md, Relations, lists what to ask).

- B ``extends`` A says A works without B, so A may not ``require`` B;
- A may not ``require`` a program that ``runs_in`` A: what executes inside A is not something A needs
  in order to run (the harness does not require the tool call that runs in it).
"""

from __future__ import annotations

from lexigraph.check.relations import RELATIONS
from lexigraph.check.same_program import listed_ids
from lexigraph.content.model import Corpus
from lexigraph.content.yamlfile import format_path
from lexigraph.errors import Problem


def requires_problems(corpus: Corpus) -> list[Problem]:
    out: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.facts is None:
            continue
        for i, target in enumerate(listed_ids(entry, "relations", "requires")):
            other = corpus.entries.get(target)
            if other is None or other.facts is None:
                continue                          # a dangling target is the cross-entry checks' to report
            path = ("relations", "requires", i)
            why = None
            if entry.id in listed_ids(other, "relations", "extends"):
                why = (f"'{target}' extends '{entry.id}', which says '{entry.id}' works without it; keep extends on "
                       f"'{target}' and remove it from requires here")
            elif entry.id in listed_ids(other, "relations", "runs_in"):
                why = (f"'{target}' runs_in '{entry.id}': what executes inside '{entry.id}' is not something it needs "
                       "in order to work; keep runs_in there and remove it from requires here")
            if why:
                facts = entry.facts_doc()
                out.append(Problem(facts.path, facts.line(path), format_path(path),
                                   f"requires '{target}' says '{entry.id}' cannot work without it in any case, but {why}",
                                   RELATIONS))
    return out
