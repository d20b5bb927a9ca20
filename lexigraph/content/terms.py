"""Terms as the lexicon compares them: an entry's title or alias, and the phrases that never link
(``lexigraph/data/not-terms.yml``). The check that a term names one entry only (check/entries.py) and
the first mentions (render/mentions.py) compare them in the same form, :func:`normalise`."""

from __future__ import annotations

from lexigraph.content import wordlists

APOSTROPHES = "'’"


def normalise(term: str) -> str:
    """The form two terms are compared in: case, apostrophes and spaces folded."""
    text = term.casefold()
    for mark in APOSTROPHES[1:]:
        text = text.replace(mark, "'")
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def not_terms() -> dict[str, list[str]]:
    """Per language, the phrases that hold a term but name something else (none while the list is
    broken: check says why)."""
    return wordlists.data(wordlists.NOT_TERMS)
