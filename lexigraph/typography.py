"""French typography in French prose: warnings, errors with ``check --strict``.

Code spans and link addresses are left alone: `ui://` or `13:30` in code are not prose.
"""

from __future__ import annotations

import re
from .errors import Problem
from .yamlfile import YamlDoc, format_path

TYPOGRAPHY = "typography"
NBSP = "\u00a0\u202f"

_CODE = re.compile(r"(`+)[^\x00]+?\1")
_LINK_TARGET = re.compile(r"\]\([^)\x00]*\)|<https?://[^>\x00]*>|https?://[^\s\x00]+")
_RULES = [
    (re.compile(r"(?<=[A-Za-zÀ-ÿ])'(?=[A-Za-zÀ-ÿ])"), "straight apostrophe: write ’"),
    (re.compile(r" [:;?!](?=\s|$)"), "ordinary space before {char}: use a non-breaking space (U+00A0, or U+202F before ; ? !)"),
    (re.compile(r"(?<=[A-Za-zÀ-ÿ0-9»)])[;?!](?=\s|$)|(?<=[A-Za-zÀ-ÿ»)]):(?=\s|$)"), "no space before {char}: French puts a non-breaking space there"),
    (re.compile(r"«(?![" + NBSP + r"])"), "« must be followed by a non-breaking space"),
    (re.compile(r"(?<![" + NBSP + r"])»"), "» must be preceded by a non-breaking space"),
]


def _prose_only(text: str) -> str:
    return _LINK_TARGET.sub(" ", _CODE.sub(" ", text))


def french_problems(doc: YamlDoc, skip=("slug",)) -> list[Problem]:
    """One warning per rule broken in each French string (not per occurrence)."""
    whole = _prose_only(doc.joined())
    if not any(pattern.search(whole) for pattern, _ in _RULES):   # clean file: one pass, no walk
        return []
    out = []
    for path, text in doc.strings():
        if path and path[-1] in skip:
            continue
        prose = _prose_only(text)
        for pattern, message in _RULES:
            match = pattern.search(prose)
            if match:
                char = match.group(0).strip()[-1:] or match.group(0)
                out.append(Problem(doc.path, doc.line(path), format_path(path), message.format(char=f"'{char}'"), TYPOGRAPHY))
    return out
