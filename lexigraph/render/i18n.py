"""Interface text of the generated pages, per language: the labels (data, in lexigraph/data/labels.yml,
read and checked like the word lists by content/wordlists.py), dates, counts and the French colon.
Material's own labels come from ``theme.language``, which mkdocs_glue.localise_page sets page by page
(one MkDocs build serves both languages)."""

from __future__ import annotations

from lexigraph.content import wordlists


def labels(lang: str) -> dict[str, str]:
    """The interface labels of ``lang``, as read and checked with the content (lexigraph/data/labels.yml)."""
    return wordlists.data(wordlists.INTERFACE_LABELS).get(lang, {})


MONTHS = {
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
}


def month_year(date: str, lang: str) -> str:
    """``2026-08`` or ``2026-08-15`` → ``août 2026`` / ``August 2026``."""
    year, month = date[:4], int(date[5:7])
    return f"{MONTHS[lang][month - 1]} {year}"


def long_date(date: str, lang: str) -> str:
    """``2026-07-28`` → ``28 juillet 2026`` / ``28 July 2026``, a no-break space after the day (``1er`` on
    the 1st in French); a month → :func:`month_year`."""
    if len(date) < 10:
        return month_year(date, lang)
    day = int(date[8:10])
    shown = "1er" if (lang == "fr" and day == 1) else str(day)
    return f"{shown}\u00a0{month_year(date, lang)}"


def t(lang: str, key: str, **values) -> str:
    text = labels(lang)[key]
    return text.format(**values) if values else text


def count(lang: str, n: int, one: str = "entry_one", many: str = "entries_count") -> str:
    """``1 fiche`` / ``12 fiches``, ``1 entry`` / ``12 entries``."""
    return t(lang, one) if n == 1 else t(lang, many, n=n)


def colon(lang: str) -> str:
    """A colon as each language writes it: French puts a non-breaking space before it."""
    return "\u00a0:" if lang == "fr" else ":"
