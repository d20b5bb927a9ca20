"""Untrusted prose → safe HTML.

Writers' Markdown is rendered with raw HTML switched off (tags show as text),
no attribute syntax, and links limited to http(s), mailto and relative
addresses. ``check`` already refuses raw HTML; this is the second wall.

First mentions of other entries (:mod:`lexigraph.render.mentions`) are linked in the parsed tree,
in text nodes only, before the link sanitiser runs: never in code, headings or links.
"""

from __future__ import annotations

import contextlib
import contextvars
import html
import re
from functools import cache
from xml.etree.ElementTree import Element

import markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from lexigraph.content.evidence import MARKER

_SEPARATOR = "LXPROSESEP"
_SKIP = {"a", "code", "pre", "kbd", "samp", "h1", "h2", "h3", "h4", "h5", "h6"}
# The mention scope of each piece being converted (one per piece of a batch, in order).
# No default: every conversion sets it first (a shared mutable default would leak between conversions).
_pieces: contextvars.ContextVar[list] = contextvars.ContextVar("lexigraph_prose_mentions")
_SAFE_URL = re.compile(r"^(https?:|mailto:|#|\.{0,2}/|[A-Za-z0-9_-]+/?($|#))", re.I)


# The evidence numbering of the page being rendered (a render.evidence.Citations), or None.
citations: contextvars.ContextVar = contextvars.ContextVar("lexigraph_prose_citations", default=None)


class _EvidenceMarkers(InlineProcessor):
    """``[^source-id]`` / ``[^observed:step-id]`` → a numbered superscript link (code spans are already taken)."""

    def handleMatch(self, m, data):
        numbering = citations.get()
        element = numbering.element(m.group(1)) if numbering is not None else None
        if element is None:
            return None, None, None      # left as written; check reports it
        return element, m.start(0), m.end(0)


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


class _FirstMentions(Treeprocessor):
    """Link the first mention of other entries' terms in each piece's text nodes."""

    def run(self, root: Element) -> None:
        pieces = _pieces.get([])
        if not any(pieces):
            return
        index = 0
        for child in list(root):
            if child.tag == "p" and len(child) == 0 and (child.text or "").startswith(_SEPARATOR):
                index += 1          # a batch separator: the next piece begins
                continue
            section = pieces[index] if index < len(pieces) else None
            if section is not None and child.tag not in _SKIP:
                _link_inside(child, section)


def _anchors(parts: list) -> tuple[str, list[Element]]:
    """Split parts → (leading text, <a> elements whose tails carry the text in between)."""
    lead, links = parts[0], []
    for i in range(1, len(parts), 2):
        href, target, words = parts[i]
        link = Element("a", {"href": href, "class": "lx-mention", "data-entry": target})
        link.text, link.tail = words, parts[i + 1]
        links.append(link)
    return lead, links


def _link_inside(element: Element, section) -> None:
    """Walk ``element`` in document order, replacing text with text and links where a term is met."""
    if element.text:
        lead, links = _anchors(section.split(element.text))
        element.text = lead
        for offset, link in enumerate(links):
            element.insert(offset, link)
    for child in [c for c in element if c.get("class") != "lx-mention"]:
        if child.tag not in _SKIP:
            _link_inside(child, section)
        if child.tail:
            lead, links = _anchors(section.split(child.tail))
            child.tail = lead
            at = list(element).index(child) + 1
            for offset, link in enumerate(links):
                element.insert(at + offset, link)


@cache
def _renderer() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["tables", "sane_lists"], output_format="html")
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    md.inlinePatterns.register(_EvidenceMarkers(MARKER.pattern, md), "lexigraph_evidence", 175)   # after backticks (190), before links (160)
    md.treeprocessors.register(_FirstMentions(md), "lexigraph_first_mentions", 15)   # after inline (20)
    md.treeprocessors.register(_SafeLinks(md), "lexigraph_safe_links", 0)
    return md


def _convert(text: str, pieces: list | None = None) -> str:
    md = _renderer()
    md.reset()
    token = _pieces.set(pieces or [])
    try:
        return md.convert(text or "")
    finally:
        _pieces.reset(token)


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

    _TOKEN = re.compile("\x02([BIL])(\\d+)\x03")

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.sections: list = []          # the mention scope of each text, or None
        self.html: list[str] | None = None
        self.later: list = []             # functions whose HTML depends on the converted prose (the Sources list)

    def late(self, make) -> str:
        """A token for ``make()``, called once all the prose is converted (it may read what conversion recorded)."""
        self.later.append(make)
        return f"\x02L{len(self.later) - 1}\x03"

    def add(self, text: str, kind: str, section=None) -> str:
        self.texts.append(text or "")
        self.sections.append(section)
        return f"\x02{kind}{len(self.texts) - 1}\x03"

    def _convert_all(self) -> list[str]:
        marker = _SEPARATOR
        joined = "".join(f"{text}\n\n{marker}{i}\n\n" for i, text in enumerate(self.texts))
        parts = re.split(rf"<p>{marker}\d+</p>\n?", _convert(joined, self.sections))
        if len(parts) == len(self.texts) + 1 and not parts[-1].strip():
            return [part.strip() for part in parts[:-1]]
        for section in self.sections:   # a piece broke out of its paragraph: go one by one, from a clean slate
            if section is not None:
                section.seen.clear()
        if citations.get() is not None:
            citations.get().cited.clear()
        return [_convert(text, [section]) for text, section in zip(self.texts, self.sections, strict=True)]

    def resolve(self, value: str) -> str:
        """``value`` with every token replaced by its HTML."""
        if "\x02" not in value:
            return value
        html = self.html
        if html is None or len(html) != len(self.texts):
            html = self.html = self._convert_all()
        def token(m: re.Match) -> str:
            kind, index = m.group(1), int(m.group(2))
            if kind == "L":
                return self.later[index]()
            return html[index] if kind == "B" else _unwrap(html[index])
        return self._TOKEN.sub(token, value)


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


def current_batch() -> ProseBatch | None:
    """The batch of the block being rendered (see :func:`batch`), or None outside one."""
    return _batch.get()


def to_html(text: str, section=None) -> str:
    """Markdown prose → HTML with no raw HTML, scripts or event handlers.

    ``section`` (a :class:`lexigraph.render.mentions.Section`): link the first mentions of other entries."""
    current = _batch.get()
    return current.add(text, "B", section) if current is not None else _convert(text, [section])


def inline(text: str, section=None) -> str:
    """One line of Markdown → inline HTML (the surrounding <p> removed)."""
    current = _batch.get()
    return current.add(text, "I", section) if current is not None else _unwrap(_convert(text, [section]))


def escape(text: str) -> str:
    """Plain text for HTML."""
    return html.escape(str(text), quote=True)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#{}!])")


def heading_text(text: str) -> str:
    """Plain text made safe as a Markdown heading (no emphasis, tags or attribute lists)."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))
