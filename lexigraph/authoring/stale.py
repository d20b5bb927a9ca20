"""`lexigraph stale`: entries checked against an older revision, by specification, ranked by how much of
the revisions' notes their text touches (re-read those first), with the due date and the next step."""

from __future__ import annotations

import re
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.check.validate import registry, well_formed
from lexigraph.content.load import load_corpus
from lexigraph.content.specs import Staleness, stale_entries
from lexigraph.content.today import today

# Words of a note that say nothing about what changed (both languages); terms are 4+ characters.
_COMMON = set("""
with from that this each their there than into also more most only been have when were will what which where
avec dans pour plus sont leur leurs une des les que qui sur par aux ses cette entre depuis tout tous
revision revisions révision révisions removed replaces replace deprecated become becomes move moves new
first public version core official along way carry portent retirés""".split())
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_/.:-]*[A-Za-z0-9_]|[^\W\d_]{4,}", re.UNICODE)


def note_terms(note: str) -> set[str]:
    """The terms of a revision note that an entry's text can touch: identifiers (input_required,
    server/discover, _meta) and words of four letters or more, lowercased, minus common words."""
    terms = set()
    for word in _WORD.findall(note):
        word = word.strip(".:/-").lower()
        if len(word) >= 4 or any(c in word for c in "_/"):
            if word not in _COMMON:
                terms.add(word)
    return terms


def _entry_text(entry, lang: str) -> str:
    parts = []
    for doc in (entry.prose.get(lang), entry.quiz.get(lang)):
        if doc is not None:
            parts += [text for _, text in doc.strings()]
    return " ".join(parts).lower()


def touched(entry, stale: Staleness) -> list[str]:
    """The note terms (English and French notes of every newer revision) found in the entry's text."""
    found = set()
    for lang in LANGUAGES:
        text = _entry_text(entry, lang)
        for date in stale.newer():
            found |= {term for term in note_terms(stale.spec.note(date, lang))
                      if re.search(rf"(?<![\w/]){re.escape(term)}(?![\w/])", text)}
    return sorted(found)


def stale_report(root: Path) -> tuple[str, int, int]:
    """(report, stale entries, of which overdue)."""
    corpus = well_formed(load_corpus(root))
    specs = registry(corpus)
    stale = stale_entries(corpus, specs)
    now = today()
    if not specs:
        return "No specs.yml: no specification is tracked.", 0, 0
    lines = []
    for spec in specs.values():
        group = [s for s in stale if s.spec.id == spec.id]
        lines.append(f"{spec.name} ({spec.id}) — current revision {spec.current}: "
                     + (f"{len(group)} stale entr{'y' if len(group) == 1 else 'ies'}" if group else "up to date"))
        if not group:
            continue
        for date in sorted({d for s in group for d in s.newer()}):
            lines.append(f"  {date}: {spec.note(date, 'en')}")
        ranked = sorted(((touched(corpus.entries[s.entry_id], s), s) for s in group), key=lambda x: (-len(x[0]), x[1].entry_id))
        lines.append("  Re-read first the entries whose text touches most of what changed:")
        for terms, s in ranked:
            state = f"overdue since {s.due.isoformat()}" if s.overdue(now) else f"due by {s.due.isoformat()}"
            lines.append(f"  {s.path}:{s.line}: {s.entry_id} checked against {s.checked}, {state}; "
                         f"touches {len(terms)}: {', '.join(terms) if terms else 'none of the notes’ terms'}")
    overdue = sum(s.overdue(now) for s in stale)
    lines.append(f"{len(stale)} stale entr{'y' if len(stale) == 1 else 'ies'}" + (f", {overdue} past the review date" if overdue else "") + ".")
    if stale:
        lines.append("Next, for each entry: re-read it against the notes above, then either "
                     "`lexigraph bump <id> --changed main-text[,quiz,…]` (freezes the published version, then edit the text) "
                     "or `lexigraph bump <id> --reviewed` (nothing to change), and `lexigraph check --strict`.")
    return "\n".join(lines), len(stale), overdue
