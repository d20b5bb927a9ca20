"""An archived version's frozen page Markdown (headings, fences and the renderer's HTML blocks) as clean
Markdown, like the current version's copy: no HTML, every link absolute, no quiz (its answers stay on the page)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urljoin

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([\w-]+)\})?\s*$")
DROPPED_SECTIONS = {"quiz"}                   # the quiz block holds the answer key
DROPPED_TAGS = {"button", "form", "select", "option", "input", "label", "script", "style", "template"}
BLOCKS = {"p", "div", "section", "ul", "ol", "li", "dl", "dt", "dd", "pre", "table", "tr", "details", "summary", "main"}


@dataclass
class _OpenList:
    """A list being rendered: ``ul`` or ``ol``, and the number of its next item."""

    kind: str
    number: int = 1


class _Markdown(HTMLParser):
    """The renderer's HTML vocabulary (p, a, strong, em, code, lists, dl, admonitions, tables, pre) → Markdown."""

    def __init__(self, base: str, colon: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base, self.colon = base, colon
        self.blocks: list[tuple[str, str]] = []   # finished Markdown blocks: ("item" or "block", text)
        self.line: list[str] = []         # inline text of the block being built
        self.prefix = ""                  # what the block being built starts with ("- ", "> ", ...)
        self.stack: list[tuple[str, dict]] = []
        self.lists: list[_OpenList] = []  # the open lists, innermost last
        self.links: list[str | None] = []
        self.skip = 0
        self.pre: list[str] | None = None
        self.rows: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.pending = ""                 # an admonition's title, put before its next paragraph
        self.skip_title = False
        self.title: list[str] = []

    # -- helpers -------------------------------------------------------------------------
    def _flush(self) -> None:
        text = re.sub(r"[ \t\r\n]+", " ", "".join(self.line)).strip()
        self.line = []
        if text:
            if self.pending:
                text, self.pending = f"**{self.pending}.** {text}", ""
            item = self.prefix.startswith("- ") or self.prefix[:1].isdigit()
            indent = "  " * max(len(self.lists) - 1, 0) if item else ""
            self.blocks.append(("item" if item else "block", indent + self.prefix + text))
        self.prefix = ""

    def _classes(self, attrs: dict) -> set[str]:
        return set((attrs.get("class") or "").split())

    # -- parser events -------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs_list) -> None:
        attrs = dict(attrs_list)
        if tag in DROPPED_TAGS or self.skip:
            self.skip += tag not in {"input"}   # void elements have no end tag
            return
        self.stack.append((tag, attrs))
        classes = self._classes(attrs)
        if self.pre is not None:
            return
        if tag == "pre":
            self._flush()
            self.pre = []
        elif tag == "table":
            self._flush()
            self.rows = []
        elif tag == "tr" and self.rows is not None:
            self.rows.append([])
        elif tag in ("td", "th") and self.rows is not None:
            self.cell = []
        elif tag in ("ul", "ol"):
            self._flush()
            self.lists.append(_OpenList(tag))
        elif tag == "li":
            self._flush()
            kind = self.lists[-1] if self.lists else _OpenList("ul")
            self.prefix = f"{kind.number}. " if kind.kind == "ol" else "- "
            kind.number += 1
        elif tag == "dt":
            self._flush()
            self.prefix = "- "
        elif tag == "dd":
            self.line.append(self.colon + " ")
        elif tag == "p" and "admonition-title" in classes:
            self._flush()
            self.skip_title = True
            self.title = []
        elif tag in BLOCKS:
            if tag == "p" and self.prefix and self.line:        # a paragraph inside an item continues it
                self.line.append(" ")
                return
            if tag != "p" or not self.prefix:
                self._flush()
            if "lx-definition" in classes:
                self.prefix = "> "
        elif tag == "a":
            href = attrs.get("href")
            self.links.append(urljoin(self.base, href) if href else None)
            self._text("[")
        elif tag == "strong":
            self._text("**")
        elif tag == "em":
            self._text("*")
        elif tag == "code":
            self._text("`")
        elif tag == "br":
            self._text(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            self.skip -= tag not in {"input"}
            return
        while self.stack and self.stack[-1][0] != tag:
            self.stack.pop()          # an element closed implicitly
        if not self.stack:
            return
        self.stack.pop()
        if self.pre is not None:
            if tag == "pre":
                self.blocks.append(("block", "```\n" + "".join(self.pre).strip("\n") + "\n```"))
                self.pre = None
            return
        if tag in ("td", "th") and self.rows is not None and self.cell is not None:
            self.rows[-1].append(re.sub(r"\s+", " ", "".join(self.cell)).strip().replace("|", "\\|"))
            self.cell = None
        elif tag == "table" and self.rows is not None:
            rows, self.rows = [r for r in self.rows if r], None
            if rows:
                width = max(len(r) for r in rows)
                rows = [r + [""] * (width - len(r)) for r in rows]
                lines = [rows[0], ["---"] * width, *rows[1:]]
                self.blocks.append(("block", "\n".join("| " + " | ".join(r) + " |" for r in lines)))
        elif tag == "p" and self.skip_title:
            self.pending = re.sub(r"\s+", " ", "".join(self.title)).strip().rstrip(".")
            self.skip_title = False
        elif tag in ("ul", "ol"):
            self._flush()
            if self.lists:
                self.lists.pop()
        elif tag in ("li", "dd"):
            self._flush()
        elif tag == "dt":
            return                    # its dd goes on the same line
        elif tag == "p" and self.prefix and self.stack and self.stack[-1][0] in ("li", "dd"):
            return                    # the item goes on
        elif tag in BLOCKS:
            self._flush()
        elif tag == "a":
            href = self.links.pop() if self.links else None
            self._text(f"]({href})" if href else "]")
        elif tag == "strong":
            self._text("**")
        elif tag == "em":
            self._text("*")
        elif tag == "code":
            self._text("`")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre is not None:
            self.pre.append(data)
        else:
            self._text(data)

    def _text(self, text: str) -> None:
        if self.skip_title:
            self.title.append(text)
        elif self.cell is not None:
            self.cell.append(text)
        else:
            self.line.append(text)

    def markdown(self) -> str:
        """Close the parser and return the Markdown of everything it was fed."""
        self.close()
        self._flush()
        out = ""
        for index, (kind, text) in enumerate(self.blocks):
            if index:
                out += "\n" if kind == "item" and self.blocks[index - 1][0] == "item" else "\n\n"
            out += text
        return out


def html_to_markdown(html: str, base: str, colon: str = ":") -> str:
    """One HTML block of a frozen page as Markdown, its links resolved against ``base``."""
    parser = _Markdown(base, colon)
    parser.feed(html)
    return parser.markdown()


def _inline_text(html: str) -> str:
    return html_to_markdown(html, "").replace("`", "").strip()


def _citation_line(html: str, base: str, colon: str) -> str:
    """The short reference of a frozen "Cite this entry" block (the current copy gives only that one)."""
    found = re.search(r'<p id="cite-line"[^>]*>(.*?)</p>', html, re.DOTALL)
    return html_to_markdown(found.group(1), base, colon) if found else html_to_markdown(html, base, colon)


def clean_markdown(page: str, page_url: str) -> str:
    """``page`` (an archived ``<lang>.md``) as clean Markdown; ``page_url`` is its absolute address."""
    colon = "\u00a0:" if "/fr/" in page_url else ":"
    out: list[str] = []
    lines = page.splitlines()
    section: str | None = None
    index = 0
    block: list[str] = []

    def flush_block():
        if block:
            html = "\n".join(block)
            text = _citation_line(html, page_url, colon) if section == "cite" else html_to_markdown(html, page_url, colon)
            if text:
                out.extend([text, ""])
            block.clear()

    while index < len(lines):
        line = lines[index]
        index += 1
        if line.startswith("```") and not block:
            fence = [line]
            while index < len(lines):
                fence.append(lines[index])
                index += 1
                if lines[index - 1].startswith("```"):
                    break
            if section not in DROPPED_SECTIONS:
                out.extend([*fence, ""])
            continue
        heading = HEADING.match(line) if not block else None
        if heading:
            level, title, anchor = heading.groups()
            if len(level) <= 2:
                section = anchor
            if section in DROPPED_SECTIONS:
                continue
            out.extend([f"{level} {_inline_text(title)}", ""])
            continue
        if section in DROPPED_SECTIONS:
            continue
        if line.strip():
            block.append(line)
        elif block and _balanced("\n".join(block)):
            flush_block()
        elif block:
            block.append(line)
    flush_block()
    text = "\n".join(out).strip() + "\n"
    return re.sub(r"\n{3,}", "\n\n", text)


def _balanced(html: str) -> bool:
    """Whether every <div>, <pre>, <section> and <details> opened in ``html`` is closed."""
    return all(len(re.findall(rf"<{tag}\b", html)) <= len(re.findall(rf"</{tag}>", html))
               for tag in ("div", "pre", "section", "details"))
