"""`lexigraph stale`: entries checked against an older revision, grouped by specification."""

from __future__ import annotations

from pathlib import Path

from lexigraph.check.validate import registry, well_formed
from lexigraph.content.load import load_corpus
from lexigraph.content.specs import stale_entries


def stale_report(root: Path) -> tuple[str, int]:
    corpus = well_formed(load_corpus(root))
    specs = registry(corpus)
    stale = stale_entries(corpus, specs)
    if not specs:
        return "No specs.yml: no specification is tracked.", 0
    lines = []
    for spec in specs.values():
        group = [s for s in stale if s.spec.id == spec.id]
        lines.append(f"{spec.name} ({spec.id}) — current revision {spec.current}: "
                     + (f"{len(group)} stale entr{'y' if len(group) == 1 else 'ies'}" if group else "up to date"))
        for s in group:
            lines.append(f"  {s.path}:{s.line}: {s.entry_id} checked against {s.checked}")
            for date in (d for d in spec.dates() if d > s.checked):
                lines.append(f"    {date}: {spec.note(date, 'en')}")
    lines.append(f"{len(stale)} stale entr{'y' if len(stale) == 1 else 'ies'}.")
    return "\n".join(lines), len(stale)
