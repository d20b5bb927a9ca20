"""Where pages live and how one page links to another: the URL map (UrlMap; not
sitemap.xml, which publish/sitemap.py writes), the site's base path, relative links,
links to entries and versioned permalinks. Shared by every module that renders a page; it
imports only render.prose (escape) and render.i18n (labels), which import none of them back."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from lexigraph import LANGUAGES
from lexigraph.content.model import Corpus
from lexigraph.render.i18n import t
from lexigraph.render.prose import escape


@dataclass
class UrlMap:
    """Where every entry lives in every language; built once per build."""

    corpus: Corpus
    site_url: str
    urls: dict[tuple[str, str], str] = field(default_factory=dict)  # (lang, entry id) → "fr/mcp/"
    specs: dict = field(default_factory=dict)                        # spec id → specs.Spec

    @classmethod
    def of(cls, corpus: Corpus, site_url: str, specs: dict | None = None) -> UrlMap:
        site = cls(corpus, site_url.rstrip("/") + "/", specs=specs or {})
        for entry in corpus.entries.values():
            for lang in LANGUAGES:
                site.urls[(lang, entry.id)] = f"{lang}/{entry.text(lang, 'slug', entry.id)}/"
        return site

    def absolute(self, url: str) -> str:
        return self.site_url + url


def base_path(site_url: str | None) -> str:
    """The path part of site_url ('/' or '/lexigraph/')."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def relative(from_url: str, to_url: str) -> str:
    """A link from the page at ``from_url`` to ``to_url`` (both site-relative, ending in /)."""
    rel = posixpath.relpath(to_url or ".", from_url or ".")
    return rel + "/" if not rel.endswith("/") else rel


def permalink(entry, lang: str, version: str | None = None) -> str:
    """Site-relative address of a version of ``entry``: ``fr/mcp/v2026-08/``."""
    return f"{lang}/{entry.text(lang, 'slug', entry.id)}/{version or entry.fact('version')}/"


def entry_link(site: UrlMap, lang: str, from_url: str, target_id: str, *, preview: bool = False) -> str:
    """An <a> to another entry, marked 'to come' when it is only planned.

    ``preview``: a published target's link names it in ``data-entry``, as first mentions do, so the page
    script shows its definition on hover or focus (docs/assets/preview.js); a planned one has none to show."""
    target = site.corpus.entries[target_id]
    href = relative(from_url, site.urls[(lang, target_id)])
    title = escape(target.text(lang, "title", target_id))
    if target.status == "planned":
        return f'<a href="{href}" class="lx-planned">{title}</a> <span class="lx-badge">{t(lang, "planned")}</span>'
    marker = f' data-entry="{escape(target_id)}"' if preview else ""
    return f'<a href="{href}"{marker}>{title}</a>'
