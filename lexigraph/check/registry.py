"""Checks of the registry (specs.yml) and of what entries say about it: known specifications and revisions in ``checked_against``, and the stale warnings."""

from __future__ import annotations

import datetime as dt

from lexigraph.content.specs import REGISTRY_FILE, Spec, Staleness
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import CROSS, REVIEW_DUE, STALE, Problem, close_matches


def registry_problems(doc: YamlDoc) -> list[Problem]:
    """What the schema cannot say: current is a listed revision, revisions are oldest first and unique."""
    problems = []
    for i, item in enumerate((doc.data or {}).get("specs") or [] if isinstance(doc.data, dict) else []):
        if not isinstance(item, dict) or not isinstance(item.get("revisions"), list):
            continue
        dates = [r.get("date") for r in item["revisions"] if isinstance(r, dict)]
        if item.get("current") not in dates:
            path = ("specs", i, "current")
            problems.append(Problem(doc.path, doc.line(path), format_path(path),
                                    f"'{item.get('current')}' is not one of this spec's revisions: {', '.join(map(str, dates))}", CROSS))
        if dates != sorted(dates, key=str) or len(set(dates)) != len(dates):
            path = ("specs", i, "revisions")
            problems.append(Problem(doc.path, doc.line(path), format_path(path), "revisions must be unique and listed oldest first", CROSS))
    return problems


def checked_against_problems(corpus, specs: dict[str, Spec]) -> list[Problem]:
    """Every checked_against names a known spec and one of its revisions (``corpus``: well-formed documents only)."""
    problems = []
    for entry in corpus.entries.values():
        if not entry.has_facts:
            continue
        for i, item in enumerate(entry.fact("checked_against") or []):
            if not isinstance(item, dict):
                continue
            spec_id = item.get("spec")
            spec = specs.get(spec_id) if isinstance(spec_id, str) else None
            if spec is None:
                path = ("checked_against", i, "spec")
                problems.append(Problem(entry.facts.path, entry.facts.line(path), format_path(path),
                                        f"'{item.get('spec')}' is not a specification in {REGISTRY_FILE}"
                                        f" (known: {', '.join(sorted(specs)) or 'none'})", CROSS))
            elif item.get("revision") not in spec.dates():
                path = ("checked_against", i, "revision")
                problems.append(Problem(entry.facts.path, entry.facts.line(path), format_path(path),
                                        f"'{item.get('revision')}' is not a revision of {spec.name} in {REGISTRY_FILE}"
                                        f" (known: {', '.join(spec.dates())})", CROSS))
    return problems


def stale_problems(stale: list[Staleness], today: dt.date) -> list[Problem]:
    """A stale entry is a review due (never failing) until its due date, then a stale warning (failing --strict)."""
    return [Problem(s.path, s.line, s.field, s.message(today), STALE if s.overdue(today) else REVIEW_DUE) for s in stale]


def deprecated_problems(corpus, specs: dict) -> list[Problem]:
    """An entry's ``deprecated`` names a known revision of a tracked specification and existing entries."""
    out = []
    for entry in corpus.entries.values():
        info = entry.fact("deprecated") if entry.facts is not None else None
        if not isinstance(info, dict):
            continue
        spec = specs.get(info["spec"])
        if spec is None:
            out.append(Problem(entry.facts.path, entry.facts.line(("deprecated", "spec")), "$.deprecated.spec",
                               f"'{info['spec']}' is not a specification of specs.yml{_did_you_mean(info['spec'], specs)}", CROSS))
        elif info["revision"] not in spec.dates():
            out.append(Problem(entry.facts.path, entry.facts.line(("deprecated", "revision")), "$.deprecated.revision",
                               f"{spec.name} has no revision {info['revision']} in specs.yml{_did_you_mean(info['revision'], spec.dates())}: "
                               "record the revision first, or correct the date", CROSS))
        for i, target in enumerate(info["replaced_by"]):
            if target not in corpus.entries:
                out.append(Problem(entry.facts.path, entry.facts.line(("deprecated", "replaced_by", i)), f"$.deprecated.replaced_by[{i}]",
                                   f"'{target}' is not an entry{_did_you_mean(target, corpus.entries)}", CROSS))
            elif target == entry.id:
                out.append(Problem(entry.facts.path, entry.facts.line(("deprecated", "replaced_by", i)), f"$.deprecated.replaced_by[{i}]",
                                   "an entry cannot replace itself", CROSS))
    return out


def _did_you_mean(name, known) -> str:
    close = close_matches(name, known)
    return f" (did you mean '{close[0]}'?)" if close else ""
