"""Cross-entry checks that keep prose safe: no raw HTML or script URL, no hidden (zero-width, direction) characters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lexigraph.check.common import CODE_SPAN, field_problem
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.errors import Problem

# Raw HTML in prose: any tag, comment or processing instruction. Markdown autolinks (<https://…>) are fine.
_RAW_HTML = re.compile(r"<(?!https?://)(/?[A-Za-z][A-Za-z0-9-]*|!--|\?)")
_JS_URL = re.compile(r"\]\(\s*(javascript|data|vbscript):", re.I)


def unsafe_html(text: str) -> str | None:
    """What makes a piece of prose unsafe, or None. Code spans may show tags."""
    if "<" not in text and "](" not in text:    # no tag and no link: nothing to look at
        return None
    bare = CODE_SPAN.sub("", text)
    match = _RAW_HTML.search(bare)
    if match:
        return f"raw HTML '{match.group(0)}' is not allowed in prose; write Markdown, and put tags in `code`"
    if _JS_URL.search(bare):
        return "links must not use javascript:, data: or vbscript: addresses"
    return None


def check_prose_safety(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    docs = [*entry.prose.values(), *entry.quiz.values()]
    for doc in filter(None, docs):
        yield from corpus.memo(doc, "safety", lambda d=doc: _unsafe_prose(d))


def _unsafe_prose(doc: YamlDoc) -> list[Problem]:
    if unsafe_html(doc.joined()) is None:   # one search over the whole file; locate only on a hit
        return []
    return [field_problem(doc, path, reason) for path, text in doc.strings() if (reason := unsafe_html(text))]


# C0 and C1 controls (tab and line ends apart) and the direction overrides and isolates.
_HIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def check_hidden_characters(corpus: Corpus) -> Iterator[Problem]:
    """No text or key of any file holds an invisible control or direction-override character: it
    can hide or reorder what readers see, and XML (the feeds, the sitemap) cannot carry a control."""
    for doc in filter(None, corpus.documents()):
        yield from corpus.memo(doc, "hidden", lambda d=doc: _hidden_characters(d))


def _hidden_characters(doc: YamlDoc) -> list[Problem]:
    out = []
    for path, text in _texts(doc.data):
        if match := _HIDDEN.search(text):
            out.append(field_problem(doc, path, f"invisible character U+{ord(match.group()):04X} is not allowed: remove it"
                                           " (a control or direction-override character can hide or reorder text)"))
    return out


def _texts(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every text value and every key, with its path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,), key
            yield from _texts(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))
