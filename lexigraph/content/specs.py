"""The registry of tracked specifications (specs.yml) and what it says about entries:
which revision each entry was checked against, and which entries are stale."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from lexigraph.content.yamlfile import YamlDoc, format_path

REGISTRY_FILE = "specs.yml"
#: How long writers have to re-read the entries a revision makes stale, when specs.yml does not say.
DEFAULT_REVIEW_DAYS = 30


@dataclass(frozen=True)
class Spec:
    id: str
    name: str
    title: str
    url: str
    current: str
    revisions: tuple[tuple[str, dict], ...]   # (date, {"en": note, "fr": note}), oldest first
    review_days: dict = field(default_factory=dict, compare=False)   # date → review_within_days
    versions: dict = field(default_factory=dict, compare=False)      # date → the revision's own version id

    def note(self, date: str, lang: str) -> str:
        return dict(self.revisions).get(date, {}).get(lang, "")

    def dates(self) -> list[str]:
        return [date for date, _ in self.revisions]

    def due(self, date: str) -> dt.date:
        """The day by which the entries a revision makes stale must be re-read: its date plus its
        ``review_within_days`` (default 30). A month-only date counts from the 1st."""
        start = dt.date.fromisoformat(date if len(date) == 10 else date + "-01")
        return start + dt.timedelta(days=self.review_days.get(date, DEFAULT_REVIEW_DAYS))

    def anchor(self, date: str) -> str:
        """The id of a revision on the Revisions page (revisions/#mcp-2026-07-28)."""
        return f"{self.id}-{date}"


@dataclass(frozen=True)
class Staleness:
    """An entry checked against an older revision than the registry's current one."""

    entry_id: str
    path: str
    line: int
    spec: Spec
    checked: str
    field: str

    def newer(self) -> list[str]:
        """The revisions published since the one the entry was checked against, oldest first."""
        return [d for d in self.spec.dates() if d > self.checked]

    @property
    def due(self) -> dt.date:
        """The review is due by the due date of the first revision the entry has not been checked against."""
        return self.spec.due(self.newer()[0])

    def overdue(self, today: dt.date) -> bool:
        return today > self.due

    def message(self, today: dt.date | None = None) -> str:
        notes = "; ".join(f"{d}: {self.spec.note(d, 'en')}" for d in self.newer())
        text = (f"'{self.entry_id}' was checked against {self.spec.name} {self.checked}; "
                f"the current revision is {self.spec.current}. What changed since: {notes}")
        if today is None:
            return text
        when = (f"its review was due by {self.due.isoformat()}" if self.overdue(today)
                else f"review due by {self.due.isoformat()} (a warning until then, even with --strict)")
        return (f"{text} — {when}; next: re-read it, then `lexigraph bump {self.entry_id} --changed main-text` "
                f"if its text must change, or `lexigraph bump {self.entry_id} --reviewed` if nothing does")


def parse_registry(doc: YamlDoc | None) -> dict[str, Spec]:
    """Specs by id, from a schema-valid registry document (invalid parts are skipped)."""
    specs: dict[str, Spec] = {}
    if doc is None or not isinstance(doc.data, dict):
        return specs
    for item in doc.data.get("specs") or []:
        try:
            revisions = tuple((r["date"], dict(r["note"])) for r in item["revisions"])
            days = {r["date"]: r["review_within_days"] for r in item["revisions"] if isinstance(r.get("review_within_days"), int)}
            versions = {r["date"]: str(r["version"]) for r in item["revisions"] if r.get("version") is not None}
            specs[item["id"]] = Spec(item["id"], item["name"], item["title"], item["url"], item["current"], revisions,
                                     days, versions)
        except (KeyError, TypeError):
            continue
    return specs


def stale_entries(corpus, specs: dict[str, Spec]) -> list[Staleness]:
    """Entries checked against an older revision than the current one (``corpus``: well-formed documents only)."""
    out = []
    for entry in corpus.entries.values():
        if not entry.has_facts or entry.status != "published":
            continue
        for i, item in enumerate(entry.fact("checked_against") or []):
            spec_id = item.get("spec") if isinstance(item, dict) else None
            spec = specs.get(spec_id) if isinstance(spec_id, str) else None
            # stale only when a later revision is recorded: a `current` missing from the revisions is LX502's to report
            if (spec is not None and item.get("revision") in spec.dates() and item["revision"] < spec.current
                    and any(d > item["revision"] for d in spec.dates())):
                path = ("checked_against", i, "revision")
                out.append(Staleness(entry.id, entry.facts.path, entry.facts.line(path), spec, item["revision"], format_path(path)))
    return out


