"""Publish, after MkDocs: one Pagefind search index per language, built from the entry pages.

Pagefind (the ``pagefind`` package, its binary shipped in ``pagefind-bin``) splits each
language's index into small chunks, so a reader's first query downloads a few of them, never
the whole lexicon (bench/README.md compares it with a lazily loaded lunr index per language).

Only the current page of each entry is indexed: home, A–Z, Revisions, pointer and archived
pages stay out of the results. Pagefind reads each page as it was built, with these changes
made to the copy it indexes (the published HTML is left as it is):

- the title and aliases weigh the most, so the entry whose name matches comes first;
- French elisions are split ("l’outil" is indexed as "l’ outil"), so "outil" finds it;
- the result shows the title and the definition (``title`` and ``definition`` metadata),
  not section anchors; code, quiz, citation and sources are not indexed.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
from collections.abc import Iterator
from pathlib import Path

# Not indexed: code, quiz, citation, sources, permalink anchors and the language switch.
IGNORED = (".highlight", ".lx-quiz", ".lx-cite", ".lx-sources", ".headerlink", ".lx-switch")
ALIAS_SEPARATOR = " · "  # docs/assets/search.js splits the aliases metadata on it
TITLE_WEIGHT = 10      # Pagefind's maximum; headings weigh 7 (h1) down to 2, prose 1
ELISION = re.compile(r"\b(jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])’(?=\w)", re.IGNORECASE)
_ARTICLE = '<article class="md-content__inner md-typeset">'
_H1 = re.compile(r"<h1\b([^>]*)>(.*?)</h1>", re.DOTALL)
_DEFINITION = re.compile(r'<p class="lx-definition"[^>]*>(.*?)</p>', re.DOTALL)
_ANALOGY = re.compile(r'<span class="lx-analogy">.*', re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def plain(fragment: str) -> str:
    """The text of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(_TAG.sub("", fragment)).split())


def index_document(page_html: str, lang: str, title: str, aliases: list[str]) -> str:
    """The copy of a built entry page that Pagefind indexes (see the module docstring)."""
    definition = _DEFINITION.search(page_html)
    summary = plain(_ANALOGY.sub("", definition.group(1))) if definition else ""
    if lang == "fr":
        page_html = ELISION.sub(lambda m: m.group(0) + " ", page_html)
    names = " · ".join(html.escape(name) for name in [title, *aliases])
    meta = (f'<span data-pagefind-meta="title[data-title], aliases[data-aliases], definition[data-definition]" '
            f'data-title="{html.escape(title)}" data-aliases="{html.escape(ALIAS_SEPARATOR.join(aliases))}" '
            f'data-definition="{html.escape(summary)}"></span>'
            f'<p data-pagefind-weight="{TITLE_WEIGHT}">{names}</p>')
    page_html = _H1.sub(lambda m: f"<h1{m.group(1)} data-pagefind-weight=\"{TITLE_WEIGHT}\">{m.group(2)}</h1>{meta}",
                        page_html, count=1)
    return page_html.replace(_ARTICLE, _ARTICLE[:-1] + " data-pagefind-body>", 1)


def entry_pages(build) -> list[tuple[str, str, str, list[str]]]:
    """(lang, url, title, aliases) of every entry's current page, both languages."""
    pages = []
    for page in build.pages.values():
        if page.entry_id and page.version is None:
            entry = build.corpus.entries[page.entry_id]
            title = entry.text(page.lang, "title", entry.id)
            pages.append((page.lang, page.url, title, list(entry.text(page.lang, "aliases") or [])))
    return sorted(pages)


def publish(build, site_dir: Path, base_path: str = "/") -> int:
    """Write <site>/pagefind/: Pagefind's script and one chunked index per <html lang>; return
    how many pages it indexed."""
    pages = entry_pages(build)
    asyncio.run(_publish(pages, site_dir, base_path))
    return len(pages)


class _Prompt:
    """asyncio as pagefind's service client sees it, with ``sleep`` yielding at once (see _no_poll_delay)."""

    def __getattr__(self, name: str):
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result=None):
        return await asyncio.sleep(0, result)


@contextlib.contextmanager
def _no_poll_delay() -> Iterator[None]:
    """pagefind 1.5's Python client sleeps 0.1 s before it reads each response of its service
    (pagefind/service/__init__.py, ``_wait_for_responses``), so adding N pages one by one waits N/10 s:
    about 170 s of a 370 s build at 1,000 entries (bench/README.md). The read after the sleep waits for
    the data anyway, so while the pages are added that module's ``asyncio`` yields instead of sleeping.
    Writing the files and closing keep the client's delay: the service answers a write before its
    files are all on disk, and the client stops it on closing (without the delay, pagefind-entry.json
    was sometimes empty). The pages and their order are unchanged, so the index is the same
    (tests/test_pagefind_index.py compares the files both ways)."""
    from pagefind import service

    saved = service.asyncio
    service.asyncio = _Prompt()  # type: ignore[assignment]
    try:
        yield
    finally:
        service.asyncio = saved


async def _publish(pages, site_dir: Path, base_path: str) -> None:
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(exclude_selectors=list(IGNORED), output_path=str(site_dir / "pagefind"))
    async with PagefindIndex(config=config) as index:
        with _no_poll_delay():
            for lang, url, title, aliases in pages:
                source = site_dir / url / "index.html"
                document = index_document(source.read_text(encoding="utf-8"), lang, title, aliases)
                await index.add_html_file(content=document, url=base_path + url, source_path=f"{url}index.html")
        await index.write_files(output_path=str(site_dir / "pagefind"))
