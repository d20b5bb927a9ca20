"""The registry of tracked specifications (specs.yml) and what it says about entries:
which revision each entry was checked against, and which entries are stale."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CROSS, STALE, Problem
from .yamlfile import YamlDoc, format_path

REGISTRY_FILE = "specs.yml"


@dataclass(frozen=True)
class Spec:
    id: str
    name: str
    title: str
    url: str
    current: str
    revisions: tuple[tuple[str, dict], ...]   # (date, {"en": note, "fr": note}), oldest first

    def note(self, date: str, lang: str) -> str:
        return dict(self.revisions).get(date, {}).get(lang, "")

    def dates(self) -> list[str]:
        return [date for date, _ in self.revisions]


@dataclass(frozen=True)
class Staleness:
    """An entry checked against an older revision than the registry's current one."""

    entry_id: str
    path: str
    line: int
    spec: Spec
    checked: str
    field: str

    def message(self) -> str:
        newer = [d for d in self.spec.dates() if d > self.checked]
        notes = "; ".join(f"{d}: {self.spec.note(d, 'en')}" for d in newer)
        return (f"'{self.entry_id}' was checked against {self.spec.name} {self.checked}; "
                f"the current revision is {self.spec.current}. What changed since: {notes}")


def parse_registry(doc: YamlDoc | None) -> dict[str, Spec]:
    """Specs by id, from a schema-valid registry document (invalid parts are skipped)."""
    specs: dict[str, Spec] = {}
    if doc is None or not isinstance(doc.data, dict):
        return specs
    for item in doc.data.get("specs") or []:
        try:
            revisions = tuple((r["date"], dict(r["note"])) for r in item["revisions"])
            specs[item["id"]] = Spec(item["id"], item["name"], item["title"], item["url"], item["current"], revisions)
        except (KeyError, TypeError):
            continue
    return specs


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
            spec = specs.get(item.get("spec"))
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


def stale_entries(corpus, specs: dict[str, Spec]) -> list[Staleness]:
    """Entries checked against an older revision than the current one (``corpus``: well-formed documents only)."""
    out = []
    for entry in corpus.entries.values():
        if not entry.has_facts or entry.status != "published":
            continue
        for i, item in enumerate(entry.fact("checked_against") or []):
            spec = specs.get(item.get("spec")) if isinstance(item, dict) else None
            if spec is not None and item.get("revision") in spec.dates() and item["revision"] < spec.current:
                path = ("checked_against", i, "revision")
                out.append(Staleness(entry.id, entry.facts.path, entry.facts.line(path), spec, item["revision"], format_path(path)))
    return out


def stale_problems(stale: list[Staleness]) -> list[Problem]:
    return [Problem(s.path, s.line, s.field, s.message(), STALE) for s in stale]
