"""Citation of an entry: the model's one-line form (more formats are added here)."""

from __future__ import annotations

from .i18n import t
from .prose import escape


def citation_line(site, entry, lang: str) -> str:
    """``Lexigraph, « MCP », v2026-08, <url>, CC BY 4.0.`` in the page's language."""
    title = entry.text(lang, "title")
    quoted = f"« {title} »" if lang == "fr" else f"“{title}”"
    url = site.absolute(site.urls[(lang, entry.id)])
    return f"Lexigraph, {quoted}, {entry.fact('version')}, {url}, CC BY 4.0."


def render_block(site, entry, lang: str, from_url: str) -> list[str]:
    """The "Cite this entry" section of an entry page, as Markdown lines."""
    return [f"## {t(lang, 'cite')} {{#cite}}", "",
            f'<div class="lx-prose" markdown="0">\n<p class="lx-cite">{escape(citation_line(site, entry, lang))}</p>\n</div>', ""]
