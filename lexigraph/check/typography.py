"""Typography: French spacing and quotes in French prose, English quotes in English prose; warnings, errors with ``check --strict``.

One form each, as FORMAT.md ("Typography") says: in French a narrow no-break space (U+202F) before
; ? !, a no-break space (U+00A0) before : and inside « », and quotes « »; in English curly
quotes “ ” (a straight " or « » is reported). The apostrophe is ’ in French; English keeps '.

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
_MARK = re.compile(r"[':;?!«»“”\"]")

NARROW, NBSP_COLON = "\u202f", "\u00a0"   # the one space wanted before ; ? ! and before : (and inside « »)

MESSAGES = (
    "straight apostrophe: write ’",
    "ordinary space before {char}: use {want}",
    "no space before {char}: French puts {want} there",
    "« must be followed by a no-break space (U+00A0)",
    "» must be preceded by a no-break space (U+00A0)",
    "{found} before {char}: use {want}",
    "{found} inside « »: use a no-break space (U+00A0)",
    "{char} in French prose: quote with « » (U+00A0 inside)",
)
EN_MESSAGES = (
    "straight quote '\"' in English prose: write “ ” (curly quotes)",
    "{char} in English prose: quote with “ ” (curly quotes)",
)
_NAMES = {"\u00a0": "the no-break space U+00A0", "\u202f": "the narrow no-break space U+202F"}


def _want(mark: str) -> str:
    return "a no-break space (U+00A0)" if mark == ":" else "a narrow no-break space (U+202F)"


WORD_START = "*_[<"   # markup that opens a word: emphasis, a link, an inline tag


def prose_only(text: str) -> str:
    """The text with each code span turned into one word and each link address into a closing
    bracket, so the punctuation right after a link is judged as after a word (``[x](…)!``)."""
    return _LINK_TARGET.sub(")", CODE_SPAN.sub("x", text))


def _violations(text: str):
    """(rule index, mark, space found) for each typography mistake in French ``text``."""
    size = len(text)
    for match in _MARK.finditer(text):
        i = match.start()
        mark = text[i]
        before = text[i - 1] if i else END
        after = text[i + 1] if i + 1 < size else END
        if mark == "'":
            if before.isalpha() and (after.isalpha() or after in WORD_START):
                yield 0, mark, ""
        elif mark in "“”\"":
            yield 7, mark, ""
        elif mark == "«":
            if after not in NBSP:
                yield 3, mark, ""
            elif after != NBSP_COLON:
                yield 6, mark, after
        elif mark == "»":
            if before not in NBSP:
                yield 4, mark, ""
            elif before != NBSP_COLON:
                yield 6, mark, before
        elif after == END or after.isspace():      # : ; ? ! ending a word, not inside ui:// or 13:30
            if before == " ":
                yield 1, mark, ""
            elif before in NBSP and before != (NBSP_COLON if mark == ":" else NARROW):
                yield 5, mark, before
            elif before.isalpha() or before in "»)" or (mark != ":" and before.isdigit()):
                yield 2, mark, ""


def _english_violations(text: str):
    """(rule index, mark) for each quote that is not English style in English ``text``."""
    for match in re.finditer(r"[\"«»]", text):
        yield (0, match.group(0)) if match.group(0) == '"' else (1, match.group(0))


def _message(rule: int, mark: str, found: str) -> str:
    return MESSAGES[rule].format(char=f"'{mark}'", want=_want(mark), found=_NAMES.get(found, found))


def french_problems(doc: YamlDoc, skip=("slug",), keep=None) -> list[Problem]:
    """One warning per rule broken in each French string (not per occurrence); only the strings
    whose path ``keep`` accepts, when given."""
    found = lambda text: ((rule, _message(rule, mark, seen)) for rule, mark, seen in _violations(text))
    return _problems(doc, found, skip, keep)


def english_problems(doc: YamlDoc, skip=("slug",), keep=None) -> list[Problem]:
    """One warning per quote rule broken in each English string; only the strings ``keep`` accepts, when given."""
    found = lambda text: ((rule, EN_MESSAGES[rule].format(char=f"'{mark}'")) for rule, mark in _english_violations(text))
    return _problems(doc, found, skip, keep)


def _problems(doc: YamlDoc, found, skip, keep) -> list[Problem]:
    """One warning per rule ``found`` (text → (rule, message)…) reports in each string of ``doc``."""
    if next(found(prose_only(doc.joined())), None) is None:   # clean file: one scan, no walk
        return []
    out = []
    for path, text in doc.strings():
        if path and path[-1] in skip or keep is not None and not keep(path):
            continue
        seen = set()
        for rule, message in found(prose_only(text)):
            if rule not in seen:
                seen.add(rule)
                out.append(Problem(doc.path, doc.line(path), format_path(path), message, TYPOGRAPHY))
    return out
