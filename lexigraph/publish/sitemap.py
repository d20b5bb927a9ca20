"""Publish, after MkDocs: sitemap.xml and sitemap.xml.gz, each entry page with its language alternates."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from lexigraph.publish.feeds import XHTML
from lexigraph.render.cite import version_date
from lexigraph.render.urls import UrlMap

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"


def sitemap(site: UrlMap, pages) -> bytes:
    """Every page of both languages, each with xhtml:link alternates (its languages and x-default)."""
    ET.register_namespace("", SITEMAP)
    ET.register_namespace("xhtml", XHTML)
    urlset = ET.Element(f"{{{SITEMAP}}}urlset")
    for page in sorted(pages, key=lambda p: p.url):
        node = ET.SubElement(urlset, f"{{{SITEMAP}}}url")
        ET.SubElement(node, f"{{{SITEMAP}}}loc").text = site.absolute(page.url)
        entry = site.corpus.entries.get(page.entry_id) if page.entry_id else None
        if entry is not None and entry.status == "published":
            ET.SubElement(node, f"{{{SITEMAP}}}lastmod").text = version_date(entry, page.version)
        for lang, url in {**page.alternates, "x-default": ""}.items():
            ET.SubElement(node, f"{{{XHTML}}}link", {"rel": "alternate", "hreflang": lang, "href": site.absolute(url)})
    return ET.tostring(urlset, encoding="utf-8", xml_declaration=True)
