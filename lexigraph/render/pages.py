"""The pages MkDocs builds for one language (entries, versions, indexes), and their alternates.

Nothing here touches MkDocs objects: the hook turns :class:`Page` into MkDocs
files. Only the pages of the language being built are rendered, so each page is
rendered exactly once per build.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from lexigraph import LANGUAGES
from lexigraph.content.archive import past_versions
from lexigraph.render import relmap
from lexigraph.render.entry import PageMarkdown, render_entry
from lexigraph.render.indexes import render_home, render_index, render_map, render_revisions, render_support_page
from lexigraph.render.support import support_slug
from lexigraph.render.urls import UrlMap
from lexigraph.render.versions import render_archived

SEARCH_EXCLUDED = "---\nsearch:\n  exclude: true\n---\n\n"   # permalink pages duplicate an entry page


@dataclass(frozen=True)
class Page:
    lang: str
    src_uri: str                 # e.g. "fr/mcp.md"
    url: str                     # e.g. "fr/mcp/"
    alternates: dict[str, str]   # lang → url of the same page in that language
    entry_id: str | None = None
    render: Callable[[], str | PageMarkdown] = field(kw_only=True)   # called once by MkDocs when the page is read
    version: str | None = None   # set on versioned permalink pages (/fr/mcp/v2026-08/)


def plan_language(site: UrlMap, lang: str, only: frozenset | None = None) -> list[Page]:
    """Every page of ``lang``: home, A–Z index, revisions, the lexicon map (one page or more), then one page per entry (or per entry in ``only``)."""
    special = {name: {other: f"{other}/{name}/" if name else f"{other}/" for other in LANGUAGES} for name in ("", "a-z", "revisions")}
    supported = {other: support_slug(other) for other in LANGUAGES}
    pages = [
        Page(lang, f"{lang}/index.md", f"{lang}/", special[""], render=lambda: render_home(site, lang)),
        Page(lang, f"{lang}/a-z.md", f"{lang}/a-z/", special["a-z"], render=lambda: render_index(site, lang)),
        Page(lang, f"{lang}/revisions.md", f"{lang}/revisions/", special["revisions"], render=lambda: render_revisions(site, lang)),
        Page(lang, supported[lang].rstrip("/") + ".md", supported[lang], supported, render=lambda: render_support_page(site, lang)),
    ]
    for part in range(1, len(relmap.map_parts(site.corpus)) + 1):
        url = relmap.map_url(lang, part)
        pages.append(Page(lang, url.rstrip("/") + ".md", url, {other: relmap.map_url(other, part) for other in LANGUAGES},
                          render=functools.partial(render_map, site, lang, part)))
    for entry in site.corpus.entries.values():
        if only is not None and entry.id not in only:
            continue
        url = site.urls[(lang, entry.id)]
        alternates = {other: site.urls[(other, entry.id)] for other in LANGUAGES}
        pages.append(Page(lang, url.rstrip("/") + ".md", url, alternates, entry.id,
                          render=functools.partial(render_entry, site, entry, lang)))
        pages += _permalink_pages(site, entry, lang)
    return pages


def _permalink_pages(site: UrlMap, entry, lang: str) -> list[Page]:
    """Every archived past version at its /<lang>/<slug>/<version>/ address.

    The current version's permalink is a small page pointing at the entry page (written by
    publish.exports.permalink_stub), not a second copy: at a thousand entries the copies alone
    weighed over 100 MB. When the version is bumped, `lexigraph archive` freezes it.
    """
    if entry.status != "published":
        return []
    pages = []
    for snap in past_versions(site.corpus, entry):
        pages.append(Page(lang, snap.url(lang).rstrip("/") + ".md", snap.url(lang),
                          {other: snap.url(other) for other in LANGUAGES}, entry.id,
                          render=functools.partial(_archived_page, site, entry, snap, lang), version=snap.version))
    return pages


def _archived_page(site: UrlMap, entry, snapshot, lang: str) -> str:
    """An archived version's frozen page, kept out of the search index."""
    return SEARCH_EXCLUDED + render_archived(site, entry, snapshot, lang)


