"""Relations read both ways: ``entry.yml`` lists what an entry points at; the page of the
entry pointed at shows who points at it, under the relation's reverse label.

``often_confused_with`` is symmetric (``check`` makes both sides list it), so it has no
reverse reading: each side already shows the other.
"""

from __future__ import annotations

from lexigraph.content.model import RELATION_TYPES, SYMMETRIC, Corpus, Entry

REVERSIBLE = tuple(kind for kind in RELATION_TYPES if kind not in SYMMETRIC)


def forward(entry: Entry) -> dict[str, list[str]]:
    """The relations ``entry`` declares, by type, keeping only well-formed (string) targets."""
    relations = entry.fact("relations") if entry.ok else None
    if not isinstance(relations, dict):
        return {}
    out = {}
    for kind in RELATION_TYPES:
        targets = relations.get(kind)
        if isinstance(targets, list):
            out[kind] = [t for t in targets if isinstance(t, str)]
    return out


def reverse_index(corpus: Corpus) -> dict[str, dict[str, list[str]]]:
    """target id → relation type → ids of the entries that point at it, in corpus order.

    Computed once per corpus (a build renders every page of both languages from one corpus).
    """
    return corpus.derive(("reverse-relations",), lambda: _reverse_index(corpus))


def _reverse_index(corpus: Corpus) -> dict[str, dict[str, list[str]]]:
    index: dict[str, dict[str, list[str]]] = {}
    for source in corpus.entries.values():
        for kind, targets in forward(source).items():
            if kind not in REVERSIBLE:
                continue
            for target in targets:
                if target in corpus.entries and target != source.id:
                    sources = index.setdefault(target, {}).setdefault(kind, [])
                    if source.id not in sources:
                        sources.append(source.id)
    return index


def reverse(corpus: Corpus, entry: Entry) -> dict[str, list[str]]:
    """The entries pointing at ``entry``, by relation type (``extends`` → entries that extend it)."""
    return reverse_index(corpus).get(entry.id, {})


def both_ways(corpus: Corpus, entry: Entry) -> list[tuple[str, list[str]]]:
    """(label key, entry ids) rows: declared relations first, then reverse ones (``extends_reverse``…)."""
    rows = [(kind, targets) for kind, targets in forward(entry).items() if targets]
    back = reverse(corpus, entry)
    rows += [(f"{kind}_reverse", back[kind]) for kind in REVERSIBLE if back.get(kind)]
    return rows
