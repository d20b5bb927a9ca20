"""The registry of tracked specifications (specs.yml) and what it says about entries:
which revision each entry was checked against, and which entries are stale."""

from __future__ import annotations

from dataclasses import dataclass

from lexigraph.content.yamlfile import YamlDoc, format_path

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


