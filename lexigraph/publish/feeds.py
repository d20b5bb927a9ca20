"""Publish, after MkDocs: one Atom feed per language of the entries' versions."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from lexigraph.content.archive import past_versions
from lexigraph.render.cite import plain, version_date
from lexigraph.render.i18n import t
from lexigraph.render.markdown_copy import published
from lexigraph.render.urls import UrlMap, permalink

ATOM = "http://www.w3.org/2005/Atom"
XHTML = "http://www.w3.org/1999/xhtml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _rfc3339(date: str) -> str:
    return (date if len(date) == 10 else date + "-01") + "T00:00:00Z"


def atom_feed(site: UrlMap, lang: str) -> bytes:
    """New and revised entries of ``lang``, one item per version listed in entry.yml, newest first."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: lang})
    items = []
    for entry in published(site):
        archived = {s.version: s.url(lang) for s in past_versions(site.corpus, entry)}
        notes = entry.text(lang, "versions") or {}
        for position, v in enumerate(entry.fact("versions") or []):
            version = v["version"]
            url = permalink(entry, lang) if version == entry.fact("version") else archived.get(version, site.urls[(lang, entry.id)])
            kind = t(lang, "feed_new") if position == 0 else t(lang, "feed_revised")
            summary = notes.get(version) or ", ".join(t(lang, "changed_" + c) for c in v["changed"])
            items.append((_rfc3339(version_date(entry, version)), entry, version, site.absolute(permalink(entry, lang, version)),
                          site.absolute(url), kind, plain(summary), v["changed"]))
    items.sort(key=lambda item: (item[0], item[1].id), reverse=True)
    sub(feed, "title", f"{t(lang, 'feed_title')} ({t(lang, 'language_name')})")
    sub(feed, "id", site.absolute(f"{lang}/feed.xml"))
    sub(feed, "link", rel="self", href=site.absolute(f"{lang}/feed.xml"))
    sub(feed, "link", rel="alternate", href=site.absolute(f"{lang}/"), hreflang=lang)
    sub(feed, "updated", items[0][0] if items else "1970-01-01T00:00:00Z")
    sub(sub(feed, "author"), "name", "Lexigraph")
    sub(feed, "rights", "CC BY 4.0")
    for updated, entry, version, uid, url, kind, summary, changed in items:
        node = sub(feed, "entry")
        sub(node, "title", f"{entry.text(lang, 'title')} — {version} ({kind})")
        sub(node, "id", uid)
        sub(node, "link", rel="alternate", href=url, hreflang=lang)
        sub(node, "updated", updated)
        sub(node, "summary", summary)
        for what in changed:
            sub(node, "category", term=what, label=t(lang, "changed_" + what))
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True)


def sub(parent, tag: str, text: str | None = None, **attrs):
    """An Atom child element, with text if given."""
    node = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
    if text is not None:
        node.text = text
    return node
