"""Stage 3, render: lighten a finished HTML page without changing what it shows (template indentation, empty Pygments spans)."""

from __future__ import annotations

import re

# Elements whose text keeps its whitespace as written: <pre> and <textarea> by HTML, <code> and <kbd> because
# Material styles them `white-space: pre-wrap`, <script> and <style> because they are not text at all.
_VERBATIM = re.compile(r"<(pre|code|kbd|textarea|script|style)\b.*?</\1\s*>", re.S | re.I)
# A tag, its quoted attribute values included (a value may hold ">" or a line break, which must stay as written).
_TAG = re.compile(r"""<(?:[^>"']|"[^"]*"|'[^']*')*>""")
# Whitespace that spans a line break: a browser renders any such run exactly as it renders one line break.
_INDENT = re.compile(r"[ \t\r\f]*\n[ \t\r\n\f]*")
# Pygments wraps each run of whitespace in a span of class "w", which no stylesheet colours: the bare
# whitespace renders the same, and the copy button copies the same text.
_WHITESPACE_TOKEN = re.compile(r'<span class="w">([ \t\r\n\f]*)</span>')


def compact(html: str) -> str:
    """The page with template indentation folded to one line break and Pygments' whitespace spans unwrapped.

    Text inside <pre>, <code>, <kbd>, <textarea>, <script> and <style>, and every tag with its attributes,
    is kept byte for byte, except that highlighted code loses its `<span class="w">` wrappers.
    """
    out: list[str] = []
    last = 0
    for block in _VERBATIM.finditer(html):
        out.append(_fold(html[last:block.start()]))
        kept = block.group(0)
        if block.group(1).lower() == "pre":
            kept = _WHITESPACE_TOKEN.sub(r"\1", kept)
        out.append(kept)
        last = block.end()
    out.append(_fold(html[last:]))
    return "".join(out)


def _fold(markup: str) -> str:
    """Fold whitespace runs that span a line break in the text between tags, leaving the tags as they are."""
    out: list[str] = []
    last = 0
    for tag in _TAG.finditer(markup):
        out.append(_INDENT.sub("\n", markup[last:tag.start()]))
        out.append(tag.group(0))
        last = tag.end()
    out.append(_INDENT.sub("\n", markup[last:]))
    return "".join(out)
