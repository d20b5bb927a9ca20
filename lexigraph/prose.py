"""Untrusted prose → safe HTML.

Writers' Markdown is rendered with raw HTML switched off (tags show as text),
no attribute syntax, and links limited to http(s), mailto and relative
addresses. ``check`` already refuses raw HTML; this is the second wall.
"""

from __future__ import annotations

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


def to_html(text: str) -> str:
    """Markdown prose → HTML with no raw HTML, scripts or event handlers."""
    md = _renderer()
    md.reset()
    return md.convert(text or "")


def inline(text: str) -> str:
    """One line of Markdown → inline HTML (the surrounding <p> removed)."""
    out = to_html(text).strip()
    if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1:
        out = out[3:-4]
    return out


def escape(text: str) -> str:
    """Plain text for HTML."""
    return html.escape(str(text), quote=True)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#{}!])")


def heading_text(text: str) -> str:
    """Plain text made safe as a Markdown heading (no emphasis, tags or attribute lists)."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))
