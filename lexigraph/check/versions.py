"""Permalink integrity: every listed past version has its archive, versions are unique and in order,
and no date lies after today (LEXIGRAPH_TODAY)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

from lexigraph.check.common import as_dict, as_list, field_problem
from lexigraph.content import version_ids
from lexigraph.content.model import ARCHIVE, Corpus, Entry
from lexigraph.errors import Problem

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}(-[0-9]{2})?")


def version_problems(corpus: Corpus, today: dt.date) -> list[Problem]:
    out: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.facts is None:
            continue
        out += _history(corpus, entry)
        out += _future_dates(entry, today)
    return out


def _history(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    facts, current = entry.facts_doc(), entry.fact("version")
    archived = corpus.archive.get(entry.id, {})
    seen: dict[str, int] = {}
    previous: tuple[str, tuple[int, int, int]] | None = None     # the latest version so far, and its order
    for i, item in enumerate(as_list(entry.fact("versions"))):
        version = as_dict(item).get("version")
        order = version_ids.key(version)
        if order is None or not isinstance(version, str):
            continue          # the schema reports it
        path = ("versions", i, "version")
        if version in seen:
            yield field_problem(facts, path, f"'{version}' is listed twice (also versions[{seen[version]}]): each version is listed once; "
                                        "remove this item, or give a new version its own id (lexigraph bump picks it)")
        elif previous is not None and order <= previous[1]:
            yield field_problem(facts, path, f"'{version}' comes after '{previous[0]}': versions are listed oldest first, "
                                        "and a new version gets a later id (lexigraph bump picks it)")
        seen.setdefault(version, i)
        previous = (version, order) if previous is None or order > previous[1] else previous
        if entry.status == "published" and version != current and version not in archived:
            yield field_problem(facts, path, f"version '{version}' is listed but {ARCHIVE}/{entry.id}/{version}/ does not exist, "
                                        "so its permalink is a 404: restore that folder from git, or undo the hand-made bump "
                                        f"and run `lexigraph bump {entry.id} --changed …`, which freezes the version first")


def _future_dates(entry: Entry, today: dt.date) -> Iterator[Problem]:
    places: list[tuple[tuple, Any]] = [(("first_written",), entry.fact("first_written"))]
    for key, field in (("examples", "date"), ("sources", "date"), ("versions", "date"), ("corrections", "date"),
                       ("checked_against", "reviewed")):
        places += [((key, i, field), as_dict(x).get(field)) for i, x in enumerate(as_list(entry.fact(key)))]
    for path, value in places:
        if isinstance(value, str) and _DATE.fullmatch(value) and _after(value, today):
            yield field_problem(entry.facts_doc(), path, f"'{value}' is after today ({today.isoformat()}): a dated lexicon records what "
                                              "has happened; write the date it happened (LEXIGRAPH_TODAY sets today for a test)")
    version = entry.fact("version")
    month = version_ids.month(version)
    if month and _after(month, today):
        yield field_problem(entry.facts_doc(), ("version",), f"'{version}' names a month after today's ({today.isoformat()}): "
                                                  "a version is named after the month it is published in (lexigraph bump picks it)")


def _after(value: str, today: dt.date) -> bool:
    """A date (YYYY-MM-DD) or a month (YYYY-MM) after ``today``; an impossible date is not (it is reported as such)."""
    try:
        if len(value) == 7:
            return value > today.isoformat()[:7] and dt.date.fromisoformat(value + "-01") is not None
        return dt.date.fromisoformat(value) > today
    except ValueError:
        return False
