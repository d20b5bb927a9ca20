"""The index pages of one language (home, A–Z, Revisions) and the root page that sends a reader to a language."""

from __future__ import annotations

import unicodedata

from lexigraph import LANGUAGES
from lexigraph.render import relmap
from lexigraph.render.entry import PageMarkdown, number_label, render_page, stale_ids
from lexigraph.render.i18n import colon, count, t
from lexigraph.render.prose import escape, inline
from lexigraph.render.support import revision_features, support_page_parts
from lexigraph.render.urls import UrlMap, entry_link, relative


def _sort_key(title: str) -> str:
    return unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().casefold()


def _sorted_entries(site: UrlMap, lang: str):
    return sorted(site.corpus.entries.values(), key=lambda e: _sort_key(e.text(lang, "title", e.id)))
def _deprecated_mark(lang: str, entry) -> str:
    """After a deprecated entry's link in A–Z: a visible word, not a colour alone."""
    return f' <span class="lx-badge lx-deprecated-mark">{t(lang, "deprecated_mark")}</span>' if entry.fact("deprecated") else ""


def _stale_mark(lang: str, stale: bool) -> str:
    """After a stale entry's link: a visible mark, not a colour alone."""
    return f' <span class="lx-badge lx-stale-mark">{t(lang, "stale_mark")}</span>' if stale else ""


def _render_index_parts(site: UrlMap, lang: str) -> list[str]:
    """The A–Z index: grouped by first letter, each with its definition."""
    url = f"{lang}/a-z/"
    out = [f"# {t(lang, 'az_title')}", "", f'<p class="lx-lead">{t(lang, "az_lead")}</p>', ""]
    letter = None
    items: list[str] = []
    stale = stale_ids(site)

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
        items.append(f'<li><span class="lx-num">{number_label(entry)}</span> {entry_link(site, lang, url, entry.id)}'
                     f'{_deprecated_mark(lang, entry)}{_stale_mark(lang, entry.id in stale)}{tail}</li>')
    flush()
    return out


def render_index(site: UrlMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_index_parts(site, lang))


def _render_home_parts(site: UrlMap, lang: str) -> list[str]:
    published = [e for e in site.corpus.entries.values() if e.status == "published"]
    out = [f"# {t(lang, 'home_title')}", "", f'<p class="lx-lead">{escape(t(lang, "home_lead"))}</p>', "",
           f'<p><a class="md-button md-button--primary" href="a-z/">{t(lang, "az_title")}</a> '
           f'<a class="md-button" href="{relmap.MAP_SLUG[lang]}/">{t(lang, "map_title")}</a> '
           f'<a class="md-button" href="{t(lang, "support_slug")}/">{t(lang, "support_title")}</a> '
           f'<span class="lx-count">{t(lang, "entries_count", n=len(published))}</span></p>', ""]
    stale = stale_ids(site)
    items = "".join(f"<li>{entry_link(site, lang, f'{lang}/', e.id)}{_stale_mark(lang, e.id in stale)} — {inline(e.text(lang, 'definition'))}</li>"
                    for e in sorted(published, key=lambda e: e.fact("number")))
    from lexigraph.render.path import home_section

    out += home_section(site, lang)
    out += [f"## {t(lang, 'all_entries')} {{#entries}}", ""] if out[-1:] == [""] and "{#path}" in "".join(out) else []
    out.append(f'<ul class="lx-home-list">{items}</ul>')
    return out


def render_home(site: UrlMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_home_parts(site, lang))


def render_root(site: UrlMap) -> str:
    """The root page (x-default): the two languages, each in its own language."""
    links = "".join(f'<li><a href="{lang}/" hreflang="{lang}" lang="{lang}">{t(lang, "language_name")}</a> — '
                    f'<span lang="{lang}">{escape(t(lang, "home_lead"))}</span></li>' for lang in LANGUAGES)
    return f"# Lexigraph\n\n<ul class=\"lx-languages\">{links}</ul>\n"


def _render_revisions_parts(site: UrlMap, lang: str) -> list[str]:
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
            rows.append(f'<dt id="{escape(spec.anchor(date))}"><time datetime="{date}">{date}</time>{state}</dt><dd><p>{escape(spec.note(date, lang))}</p>'
                        f'<p>{t(lang, "revisions_checked")}{colon(lang)} {links}</p>{revision_features(site, spec.id, date, lang, url)}</dd>')
        out += [f'<dl class="lx-revisions">{"".join(rows)}</dl>', ""]
    return out


def render_revisions(site: UrlMap, lang: str) -> PageMarkdown:
    return render_page(lambda: _render_revisions_parts(site, lang))


def _render_map_parts(site: UrlMap, lang: str, part: int) -> list[str]:
    """One page of the lexicon map: on the first, the lead and the drawing of the largest clusters
    (render/relmap.py); on every page, its clusters, each a heading and the list of its entries
    (the hub first, then by title). The lists are the drawing's text: every entry once, as a link."""
    found = relmap.clusters(site.corpus)
    pages = relmap.map_parts(site.corpus)
    url = relmap.map_url(lang, part)
    title = t(lang, "map_title") if len(pages) == 1 else f"{t(lang, 'map_title')} · {t(lang, 'map_part', n=part, total=len(pages))}"
    out = [f"# {escape(title)}", ""]
    if part == 1:
        lead = t(lang, "map_lead", entries=count(lang, len(site.corpus.entries)),
                 clusters=count(lang, len(found), "cluster_one", "clusters_count"))
        out += [f'<p class="lx-lead">{escape(lead)}</p>', ""]
        drawing = relmap.overview_svg(site, lang, url)
        if drawing:
            out += [drawing, ""]
        if len(found) > relmap.MAX_DRAWN:
            out += [f'<p class="lx-lead">{escape(t(lang, "map_drawn", drawn=relmap.MAX_DRAWN, total=len(found)))}</p>', ""]
    if len(pages) > 1:
        current = ' aria-current="page"'
        links = " ".join(f'<a href="{relative(url, relmap.map_url(lang, n))}"{current if n == part else ""}>{n}</a>'
                         for n in range(1, len(pages) + 1))
        out += [f'<nav class="lx-map__pages" aria-label="{escape(t(lang, "map_pages"))}"><p>{links}</p></nav>', ""]
        if part == 1:
            where = {i: n for n, chosen in enumerate(pages, start=1) for i in chosen}
            items = "".join(f'<li><a href="{relative(url, relmap.map_url(lang, where[i])) if where[i] != part else ""}#{relmap.cluster_anchor(c)}">'
                            f'{escape(relmap.cluster_name(site, c, lang))}</a> <span class="lx-count">{count(lang, len(c.members))}</span></li>'
                            for i, c in enumerate(found))
            out += [f"## {t(lang, 'map_clusters')} {{#clusters}}", "", f'<ol class="lx-map__clusters">{items}</ol>', ""]
    for i in pages[part - 1]:
        cluster = found[i]
        first, rest = (cluster.members[0], cluster.members[1:]) if cluster.hub else (None, cluster.members)
        ordered = ([first] if first else []) + sorted(rest, key=lambda k: (_sort_key(site.corpus.entries[k].text(lang, "title", k)), k))
        items = "".join(f"<li>{entry_link(site, lang, url, key)}</li>" for key in ordered)
        out += [f"## {escape(relmap.cluster_name(site, cluster, lang))} {{#{relmap.cluster_anchor(cluster)}}}", "",
                f'<p class="lx-lead">{count(lang, len(cluster.members))}</p>', "", f'<ul class="lx-map__entries">{items}</ul>', ""]
    return out


def render_map(site: UrlMap, lang: str, part: int = 1) -> PageMarkdown:
    return render_page(lambda: _render_map_parts(site, lang, part))


def render_support_page(site: UrlMap, lang: str) -> PageMarkdown:
    return render_page(lambda: support_page_parts(site, lang))
