"""Untrusted prose → safe HTML.

Writers' Markdown is rendered with raw HTML switched off (tags show as text),
no attribute syntax, and links limited to http(s), mailto and relative
addresses. ``check`` already refuses raw HTML; this is the second wall.
"""

from __future__ import annotations

import contextlib
import contextvars
import html
import re
from functools import cache
from xml.etree.ElementTree import Element

import markdown
from markdown.treeprocessors import Treeprocessor

_SAFE_URL = re.compile(r"^(https?:|mailto:|#|\.{0,2}/|[A-Za-z0-9_-]+/?($|#))", re.I)


class _SafeLinks(Treeprocessor):
    """Drop any href/src whose scheme is not allowed, and event attributes if any slipped in."""

    def run(self, root: Element) -> None:
        for element in root.iter():
            for attribute in list(element.attrib):
                value = element.attrib[attribute]
                if attribute.lower().startswith("on"):
                    del element.attrib[attribute]
                elif attribute in ("href", "src") and not _SAFE_URL.match(value.strip()):
                    del element.attrib[attribute]
            if element.tag == "a" and element.get("href", "").startswith("http"):
                element.set("rel", "noopener")


@cache
def _renderer() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["tables", "sane_lists"], output_format="html")
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    md.treeprocessors.register(_SafeLinks(md), "lexigraph_safe_links", 0)
    return md


def _convert(text: str) -> str:
    md = _renderer()
    md.reset()
    return md.convert(text or "")


def _unwrap(html_text: str) -> str:
    out = html_text.strip()
    if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1:
        out = out[3:-4]
    return out


class ProseBatch:
    """Collects every piece of prose of a page and converts them in one Markdown pass.

    Converting a page's sixty-odd snippets of prose one by one pays Python-Markdown's
    fixed cost sixty times; one pass with separator paragraphs pays it once.
    """

    _TOKEN = re.compile("\x02([BI])(\\d+)\x03")

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.html: list[str] | None = None

    def add(self, text: str, kind: str) -> str:
        self.texts.append(text or "")
        return f"\x02{kind}{len(self.texts) - 1}\x03"

    def _convert_all(self) -> list[str]:
        marker = "LXPROSESEP"
        joined = "".join(f"{text}\n\n{marker}{i}\n\n" for i, text in enumerate(self.texts))
        parts = re.split(rf"<p>{marker}\d+</p>\n?", _convert(joined))
        if len(parts) == len(self.texts) + 1 and not parts[-1].strip():
            return [part.strip() for part in parts[:-1]]
        return [_convert(text) for text in self.texts]   # a piece broke out of its paragraph: go one by one

    def resolve(self, value: str) -> str:
        """``value`` with every token replaced by its HTML."""
        if "\x02" not in value:
            return value
        if self.html is None or len(self.html) != len(self.texts):
            self.html = self._convert_all()
        return self._TOKEN.sub(lambda m: self.html[int(m.group(2))] if m.group(1) == "B"
                               else _unwrap(self.html[int(m.group(2))]), value)


_batch: contextvars.ContextVar[ProseBatch | None] = contextvars.ContextVar("lexigraph_prose_batch", default=None)


@contextlib.contextmanager
def batch():
    """Within this block, to_html and inline return tokens that ``resolve`` turns into HTML."""
    current = ProseBatch()
    token = _batch.set(current)
    try:
        yield current
    finally:
        _batch.reset(token)


def to_html(text: str) -> str:
    """Markdown prose → HTML with no raw HTML, scripts or event handlers."""
    current = _batch.get()
    return current.add(text, "B") if current is not None else _convert(text)


def inline(text: str) -> str:
    """One line of Markdown → inline HTML (the surrounding <p> removed)."""
    current = _batch.get()
    return current.add(text, "I") if current is not None else _unwrap(_convert(text))


def escape(text: str) -> str:
    """Plain text for HTML."""
    return html.escape(str(text), quote=True)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#{}!])")


def heading_text(text: str) -> str:
    """Plain text made safe as a Markdown heading (no emphasis, tags or attribute lists)."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))
