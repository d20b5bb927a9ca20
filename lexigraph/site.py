"""Stage 4, publish: the pages MkDocs builds for one language, and their alternates.

Nothing here touches MkDocs objects: the hook turns :class:`Page` into MkDocs
files. Only the pages of the language being built are rendered, so each page is
rendered exactly once per build.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from . import LANGUAGES
from .i18n import colon, t
from .prose import escape, inline
from .links import SiteMap, entry_link
from .render import PageMarkdown, number_label, render_entry, render_page
from .archive import SEARCH_EXCLUDED, past_versions, render_archived


@dataclass(frozen=True)
class Page:
    lang: str
    src_uri: str                 # e.g. "fr/mcp.md"
    url: str                     # e.g. "fr/mcp/"
    alternates: dict[str, str]   # lang → url of the same page in that language
    entry_id: str | None = None
    render: object = None        # () -> str, called once by MkDocs when the page is read
    version: str | None = None   # set on versioned permalink pages (/fr/mcp/v2026-08/)


def _sort_key(title: str) -> str:
    return unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().casefold()


def plan_language(site: SiteMap, lang: str, only: frozenset | None = None) -> list[Page]:
    """Every page of ``lang``: home, A–Z index, revisions, then one page per entry (or per entry in ``only``)."""
    special = {name: {other: f"{other}/{name}/" if name else f"{other}/" for other in LANGUAGES} for name in ("", "a-z", "revisions")}
    pages = [
        Page(lang, f"{lang}/index.md", f"{lang}/", special[""], render=lambda: render_home(site, lang)),
        Page(lang, f"{lang}/a-z.md", f"{lang}/a-z/", special["a-z"], render=lambda: render_index(site, lang)),
        Page(lang, f"{lang}/revisions.md", f"{lang}/revisions/", special["revisions"], render=lambda: render_revisions(site, lang)),
    ]
    for entry in site.corpus.entries.values():
        if only is not None and entry.id not in only:
            continue
        url = site.urls[(lang, entry.id)]
        alternates = {other: site.urls[(other, entry.id)] for other in LANGUAGES}
        pages.append(Page(lang, url.rstrip("/") + ".md", url, alternates, entry.id,
                          render=lambda e=entry: render_entry(site, e, lang)))
        pages += _permalink_pages(site, entry, lang)
    return pages


def _permalink_pages(site: SiteMap, entry, lang: str) -> list[Page]:
    """Every archived past version at its /<lang>/<slug>/<version>/ address.

    The current version's permalink is a small page pointing at the entry page (written by
    extras.permalink_stub), not a second copy: at a thousand entries the copies alone
    weighed over 100 MB. When the version is bumped, `lexigraph archive` freezes it.
    """
    if entry.status != "published":
        return []
    pages = []
    for snap in past_versions(site, entry):
        pages.append(Page(lang, snap.url(lang).rstrip("/") + ".md", snap.url(lang),
                          {other: snap.url(other) for other in LANGUAGES}, entry.id,
                          render=lambda s=snap: SEARCH_EXCLUDED + render_archived(site, entry, s, lang), version=snap.version))
    return pages


def _sorted_entries(site: SiteMap, lang: str):
    return sorted(site.corpus.entries.values(), key=lambda e: _sort_key(e.text(lang, "title", e.id)))


def _render_index_parts(site: SiteMap, lang: str) -> list[str]:
    """The A–Z index: grouped by first letter, each with its definition."""
    url = f"{lang}/a-z/"
    out = [f"# {t(lang, 'az_title')}", "", f'<p class="lx-lead">{t(lang, "az_lead")}</p>', ""]
    letter = None
    items: list[str] = []

    def flush():
        if items:
            out.extend([f'<ul class="lx-az">{"".join(items)}</ul>', ""])
            items.clear()

    for entry in _sorted_entries(site, lang):
        first = _sort_key(entry.text(lang, "title", entry.id))[:1].upper() or "#"
        if first != letter:
            flush()
            letter = first
            out.extend([f"## {first} {{#letter-{first.lower()}}}", ""])
        definition = entry.text(lang, "definition")
        tail = f" — {inline(definition)}" if definition and entry.status == "published" else ""
        items.append(f'<li><span class="lx-num">{number_label(entry)}</span> {entry_link(site, lang, url, entry.id)}{tail}</li>')
    flush()
    return out


def render_index(site: SiteMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_index_parts(site, lang))


def _render_home_parts(site: SiteMap, lang: str) -> list[str]:
    published = [e for e in site.corpus.entries.values() if e.status == "published"]
    out = [f"# {t(lang, 'home_title')}", "", f'<p class="lx-lead">{escape(t(lang, "home_lead"))}</p>', "",
           f'<p><a class="md-button md-button--primary" href="a-z/">{t(lang, "az_title")}</a> '
           f'<span class="lx-count">{t(lang, "entries_count", n=len(published))}</span></p>', ""]
    items = "".join(f"<li>{entry_link(site, lang, f'{lang}/', e.id)} — {inline(e.text(lang, 'definition'))}</li>"
                    for e in sorted(published, key=lambda e: e.fact("number")))
    out.append(f'<ul class="lx-home-list">{items}</ul>')
    return out


def render_home(site: SiteMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_home_parts(site, lang))


def render_root(site: SiteMap) -> str:
    """The root page (x-default): the two languages, each in its own language."""
    links = "".join(f'<li><a href="{lang}/" hreflang="{lang}" lang="{lang}">{t(lang, "language_name")}</a> — '
                    f'<span lang="{lang}">{escape(t(lang, "home_lead"))}</span></li>' for lang in LANGUAGES)
    return f"# Lexigraph\n\n<ul class=\"lx-languages\">{links}</ul>\n"


def _render_revisions_parts(site: SiteMap, lang: str) -> list[str]:
    """Each tracked specification's revisions, newest first, with the entries checked against each."""
    url = f"{lang}/revisions/"
    out = [f"# {t(lang, 'revisions_title')}", "", f'<p class="lx-lead">{t(lang, "revisions_lead")}</p>', ""]
    for spec in site.specs.values():
        out += [f"## {escape(spec.name)} {{#{spec.id}}}", "",
                f'<p><a href="{escape(spec.url)}" rel="noopener">{escape(spec.title)}</a></p>', ""]
        rows = []
        for date in reversed(spec.dates()):
            checked = [e.id for e in _sorted_entries(site, lang)
                       if any(c.get("spec") == spec.id and c.get("revision") == date for c in e.fact("checked_against") or [])]
            links = ", ".join(entry_link(site, lang, url, x) for x in checked) or t(lang, "revisions_none")
            state = f' <span class="lx-badge">{t(lang, "revision_current")}</span>' if date == spec.current else ""
            rows.append(f'<dt><time datetime="{date}">{date}</time>{state}</dt><dd><p>{escape(spec.note(date, lang))}</p>'
                        f'<p>{t(lang, "revisions_checked")}{colon(lang)} {links}</p></dd>')
        out += [f'<dl class="lx-revisions">{"".join(rows)}</dl>', ""]
    return out


def render_revisions(site: SiteMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_revisions_parts(site, lang))
