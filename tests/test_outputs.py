"""Metadata and machine-readable outputs of a real build of the valid fixture."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree as ET

import jsonschema
import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
SITE = "https://www.lexigraph.org/"
ENTRY = {"fr": "fr/bidule/", "en": "en/widget/"}


@pytest.fixture(scope="module")
def site(fixture_site) -> Path:
    return fixture_site


def page(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_highwire_and_dublin_core_tags(site, lang):
    meta = dict(re.findall(r'<meta name="((?:citation|DC)[^"]*)" content="([^"]*)">', page(site, ENTRY[lang])))
    assert meta == {"citation_title": {"fr": "Bidule", "en": "Widget"}[lang], "citation_author": "Editor, Test",
                    "citation_publication_date": "2026/08/15", "citation_date": "2026/08/15", "citation_language": lang,
                    "citation_public_url": f"{SITE}{ENTRY[lang]}v2026-08/", "citation_publisher": "Lexigraph",
                    "citation_version": "v2026-08", "DC.rights": "CC BY 4.0 https://creativecommons.org/licenses/by/4.0/",
                    "DC.language": lang}


@pytest.mark.parametrize("lang, other", [("fr", "en"), ("en", "fr")])
def test_json_ld_defined_term_in_its_language_set(site, lang, other):
    [raw] = re.findall(r'<script type="application/ld\+json">(.*?)</script>', page(site, ENTRY[lang]), re.S)
    term = json.loads(raw)
    assert (term["@type"], term["inLanguage"], term["sameAs"]) == ("DefinedTerm", lang, [SITE + ENTRY[other]])
    assert term["license"] == "https://creativecommons.org/licenses/by/4.0/" and term["@id"] == f"{SITE}{ENTRY[lang]}v2026-08/"
    assert (term["inDefinedTermSet"]["@type"], term["inDefinedTermSet"]["inLanguage"]) == ("DefinedTermSet", lang)


@pytest.mark.parametrize("url", ["fr/bidule", "en/widget", "fr", "en/a-z", ""])
def test_hreflang_alternates_are_in_the_sitemap_not_the_head(site, url):
    html = page(site, url)
    # Material fetches <href>/sitemap.xml for every <link rel="alternate">: a 404 on each load for
    # /fr/mcp/ or /fr/feed.xml. sitemap.xml carries every page's alternates, x-default included.
    assert re.findall(r'<link rel="alternate"[^>]*>', html) == []
    selector = dict((lang, href) for href, lang in re.findall(r'<a href="([^"]*)" hreflang="(\w\w)" lang="\w\w" class="md-select__link">', html))
    assert set(selector) == {"fr", "en"} and all(href.startswith("/") for href in selector.values())
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert f'<loc>{SITE}{url + "/" if url else ""}</loc>' in sitemap


def test_every_versioned_permalink_resolves_to_a_built_page(site):
    permalinks = set()
    for lang in ENTRY:
        html = page(site, ENTRY[lang])
        permalinks |= set(re.findall(r"https://www\.lexigraph\.org/(\w\w/[a-z-]+/v\d{4}-\d\d/)", html))
        permalinks |= {ENTRY[lang] + href for href in re.findall(r'<li data-version="[^"]+"><a href="(v[^"]+)"', html)}
    assert permalinks == {"fr/bidule/v2026-08/", "en/widget/v2026-08/"}
    for url in permalinks:
        assert "<h1" in page(site, url) and "v2026-08" in page(site, url)


def test_versions_list_says_date_and_what_changed(site):
    assert ('<li data-version="v2026-08"><a href="v2026-08/">v2026-08</a> · <time datetime="2026-08-15">2026-08-15</time> · '
            "first version — First version.</li>") in page(site, "en/widget")


def test_llms_txt_lists_every_entry_with_its_markdown_copy(site):
    text = (site / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# Lexigraph\n\n> ")
    assert "## Français\n" in text and "## English\n" in text
    for url in ("fr/bidule/", "fr/gadget/", "en/widget/", "en/gadget/"):
        assert f"]({SITE}{url}index.md)" in text
        assert (site / url / "index.md").is_file()


def test_markdown_copy_is_clean_markdown(site):
    text = (site / "en/widget/index.md").read_text(encoding="utf-8")
    assert text.startswith("# Widget\n\n> A widget is a test piece")
    assert "```json\n" in text and "## Under the hood" in text and "Lexigraph, “Widget”, v2026-08" in text
    assert not re.search(r"<(p|div|span|a|dl|ul)\b", text)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_json_export_validates_against_the_published_schemas(site, lang):
    data = json.loads((site / lang / "lexicon.json").read_text(encoding="utf-8"))
    assert data["language"] == lang and [e["id"] for e in data["entries"]] == ["widget"]
    for part, url in data["schemas"].items():
        assert url.startswith(SITE + "schemas/")
        schema = json.loads((site / url.removeprefix(SITE)).read_text(encoding="utf-8"))
        for entry in data["entries"]:
            jsonschema.Draft202012Validator(schema).validate(entry[part])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_atom_feed_is_well_formed_with_each_version(site, lang):
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.parse(site / lang / "feed.xml").getroot()
    assert feed.tag == f"{atom}feed" and feed.get("{http://www.w3.org/XML/1998/namespace}lang") == lang
    [entry] = feed.findall(f"{atom}entry")
    assert entry.findtext(f"{atom}id") == f"{SITE}{ENTRY[lang]}v2026-08/"
    assert entry.findtext(f"{atom}updated") == "2026-08-15T00:00:00Z" == feed.findtext(f"{atom}updated")
    assert entry.find(f"{atom}link").get("href") == f"{SITE}{ENTRY[lang]}v2026-08/"
    assert entry.find(f"{atom}category").get("term") == "first-version"


def test_sitemap_lists_both_languages_with_alternates(site):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.parse(site / "sitemap.xml").getroot()
    urls = {u.findtext("s:loc", namespaces=ns): u for u in root.findall("s:url", ns)}
    for lang, other in (("fr", "en"), ("en", "fr")):
        node = urls[SITE + ENTRY[lang]]
        links = {link.get("hreflang"): link.get("href") for link in node.findall("x:link", ns)}
        assert links == {lang: SITE + ENTRY[lang], other: SITE + ENTRY[other], "x-default": SITE}
        assert node.findtext("s:lastmod", namespaces=ns) == "2026-08-15"
        assert SITE + ENTRY[lang] + "v2026-08/" not in urls   # a pointer to the entry page, which is listed
    assert {SITE, SITE + "fr/", SITE + "en/", SITE + "fr/gadget/", SITE + "en/gadget/"} <= set(urls)
