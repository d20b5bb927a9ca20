"""French typography in French prose: warnings, errors with ``check --strict``.

Code spans and link addresses are left alone: `ui://` or `13:30` in code are not prose. A code
span counts as a word ("l'`outil`" has a straight apostrophe, "`x`: valeur" lacks its space), and
so does the start of emphasis or of a link ("l'**outil**", "l'[outil](…)").
The scan jumps from one punctuation mark to the next and looks at its neighbours, which
is several times faster than regular expressions with look-behinds on a large lexicon.
"""

from __future__ import annotations

import re

from lexigraph.check.common import CODE_SPAN
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import Problem

TYPOGRAPHY = "typography"
NBSP = "\u00a0\u202f"
END = "\x00"    # joins the strings of a file: counts as the end of a string

_LINK_TARGET = re.compile(r"\]\([^)\x00]*\)|<https?://[^>\x00]*>|https?://[^\s\x00]+")
_MARK = re.compile(r"[':;?!«»]")

MESSAGES = (
    "straight apostrophe: write ’",
    "ordinary space before {char}: use a non-breaking space (U+00A0, or U+202F before ; ? !)",
    "no space before {char}: French puts a non-breaking space there",
    "« must be followed by a non-breaking space",
    "» must be preceded by a non-breaking space",
)


WORD_START = "*_[<"   # markup that opens a word: emphasis, a link, an inline tag


def _prose_only(text: str) -> str:
    """The text with each code span turned into one word and each link address into a closing
    bracket, so the punctuation right after a link is judged as after a word (``[x](…)!``)."""
    return _LINK_TARGET.sub(")", CODE_SPAN.sub("x", text))


def _violations(text: str):
    """(rule index, mark) for each typography mistake in ``text``."""
    size = len(text)
    for match in _MARK.finditer(text):
        i = match.start()
        mark = text[i]
        before = text[i - 1] if i else END
        after = text[i + 1] if i + 1 < size else END
        if mark == "'":
            if before.isalpha() and (after.isalpha() or after in WORD_START):
                yield 0, mark
        elif mark == "«":
            if after not in NBSP:
                yield 3, mark
        elif mark == "»":
            if before not in NBSP:
                yield 4, mark
        elif after == END or after.isspace():      # : ; ? ! ending a word, not inside ui:// or 13:30
            if before == " ":
                yield 1, mark
            elif before.isalpha() or before in "»)" or (mark != ":" and before.isdigit()):
                yield 2, mark


def french_problems(doc: YamlDoc, skip=("slug",), keep=None) -> list[Problem]:
    """One warning per rule broken in each French string (not per occurrence); only the strings
    whose path ``keep`` accepts, when given."""
    if next(_violations(_prose_only(doc.joined())), None) is None:   # clean file: one scan, no walk
        return []
    out = []
    for path, text in doc.strings():
        if path and path[-1] in skip or keep is not None and not keep(path):
            continue
        seen = set()
        for rule, mark in _violations(_prose_only(text)):
            if rule not in seen:
                seen.add(rule)
                out.append(Problem(doc.path, doc.line(path), format_path(path),
                                   MESSAGES[rule].format(char=f"'{mark}'"), TYPOGRAPHY))
    return out
