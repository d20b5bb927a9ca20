"""The measured support tables on the page (issue 29, render/support.py): an entry's "Support" section after "What
varies", the whole-lexicon support page with its no-JavaScript filter, and the Revisions page's features per revision.

The lexicon is tests/fixtures/valid with the overlay of tests/fixtures/support (one entry whose table has a cell of
every kind, its probe files and results), rendered directly for the cells and built for real (MkDocs) for the pages:
valid HTML (vnu), axe and pa11y clean in both themes, no sideways scrolling on a 375 px phone, the filter working
with JavaScript off. Each check also sees the fault it is for (a page made bad on purpose)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from lexigraph.check.validate import registry
from lexigraph.content.load import load_corpus
from lexigraph.render import support
from lexigraph.render.entry import render_entry
from lexigraph.render.urls import UrlMap
from tests.support.site import PROJECT, support_root

ENTRY = {"en": "en/widget/", "fr": "fr/bidule/"}
WHOLE = {"en": "en/support/", "fr": "fr/prise-en-charge/"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> UrlMap:
    corpus = load_corpus(support_root(tmp_path_factory.mktemp("support") / "root"))
    return UrlMap.of(corpus, "https://www.lexigraph.org/", registry(corpus))


def text(markup: str) -> str:
    """What a cell says, its visually hidden words included, as one line."""
    return re.sub(r"[ \t\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def rows(page: str) -> dict[str, list[str]]:
    """The Support table of a page: row header → its cells' text."""
    table = re.search(r'<div class="lx-support".*?</table>', page, re.S).group(0)
    found = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        head = re.search(r'<th scope="row">(.*?)</th>', row, re.S)
        if head:
            found[text(head.group(1))] = [text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    return found


def section(page: str) -> str:
    start = page.index('<h2 id="support"')
    return page[start:page.index("<h2", start + 5)]


def test_each_kind_of_cell_says_what_it_means_in_words(site):
    page = str(render_entry(site, site.corpus.entries["widget"], "en"))
    assert page.index("{#what-varies}") < page.index("## Support {#support}") < page.index("{#examples}")
    assert rows(page) == {
        "Calling a widget ( widgets/call )": ["MCP 2025-11-25 changed 2026-07-28", "supported since 1.9.0",
                                               "partly supported since 1.10.0 1", "not applicable", "2 / 3 2 of 3 clients Alpha Desktop Beta Code"],
        "Listening to widgets": ["MCP 2026-07-28", "No", "Unmeasured 2", "not applicable", "not counted"],
        "The old widget handshake": ["MCP 2025-11-25 deprecated 2026-07-28", "supported since 1.0.0 no longer supported since 2.0.0",
                                     "not applicable", "not applicable", "2 / 3 2 of 3 clients Alpha Desktop Gamma"],
        "A gadget in a page ( document.gadget )": ["MCP 2026-07-28", "not applicable", "not applicable", "supported since 156.0.8078.114 3", "not counted"],
    }
    head = re.findall(r'<th scope="col">(.*?)</th>', page)
    assert head == ["Feature", "Specification", "Python SDK", "TypeScript SDK", "Chromium", "Clients"]
    notes = re.findall(r'<li id="sn-(\d)">(.*?)</li>', page)
    assert notes == [("1", "No <code>structuredContent</code> in the result."), ("2", "The TypeScript probe is still to write."),
                     ("3", "Chromium: behind the flag <code>--enable-features=WebMCPTesting</code>")]
    # The marks are the stylesheet's (silent to screen readers): the cell's class says which, its words what it means.
    assert '<td class="lx-s-p"><span class="lx-vh">partly supported since</span> 1.10.0' in page
    assert '<td class="lx-s-n">No</td>' in page
    # Each revision links to its anchor on the Revisions page; the specification's name to its page.
    assert '<a href="../revisions/#mcp-2025-11-25">2025-11-25</a>' in page
    assert '<a href="https://example.org/gadget">MCP</a>' in page


def test_below_the_table_when_and_with_which_probe_the_versions_measured_and_the_clients_source(site):
    page = str(render_entry(site, site.corpus.entries["widget"], "fr"))
    evidence = text(re.search(r'<ul class="lx-support__evidence">(.*?)</ul>', page, re.S).group(1))
    assert evidence == ("Mesuré le 2\u00a0décembre 2026 avec widget-call.py , widget-call.mjs , widget-listen.py , widget-old.py "
                        "Mesuré le 3\u00a0décembre 2026 avec gadget-page.html "
                        "Versions mesurées\u00a0: SDK Python 1.0.0, 1.9.0, 2.0.0\u202f; SDK TypeScript 1.5.0, 1.10.0\u202f; Chromium 156.0.8078.114 "
                        "Clients\u00a0: les 3 clients déclarés par le paquet mcp-client-capabilities 0.0.14 (20\u00a0novembre 2026) "
                        "Toutes les fonctionnalités de toutes les fiches")
    assert '<a href="../../support/probes/widget-call.mjs.txt">widget-call.mjs</a>' in page
    assert '<a href="../prise-en-charge/#e-widget">' in page
    assert "## Prise en charge {#support}" in page and "Prise en charge de «\u00a0Bidule\u00a0», mesurée" in page


def test_a_table_where_no_feature_counts_clients_has_no_clients_column_and_an_entry_without_support_no_section(site):
    entry = site.corpus.entries["widget"]
    facts = entry.facts_data()
    saved = facts["support"]
    try:
        facts["support"] = [dict(f) for f in saved if "clients" not in f]
        page = str(render_entry(site, entry, "en"))
        assert re.findall(r'<th scope="col">(.*?)</th>', page)[-1] == "Chromium"
        facts["support"] = []
        assert "{#support}" not in str(render_entry(site, entry, "en"))
    finally:
        facts["support"] = saved


def test_the_markdown_copy_has_the_same_table_in_markdown(site):
    from lexigraph.render.markdown_copy import markdown_copy

    copy = markdown_copy(site, site.corpus.entries["widget"], "en")
    assert copy.index("## What varies") < copy.index("## Support") < copy.index("## Dated examples")
    table = copy[copy.index("## Support"):copy.index("## Dated examples")]
    assert "| Feature | Specification | Python SDK | TypeScript SDK | Chromium | Clients |" in table
    assert ("| Calling a widget (`widgets/call`) | MCP 2025-11-25, changed 2026-07-28 | ✓ 1.9.0 | ◐ 1.10.0 (No `structuredContent` "
            "in the result.) | — | 2 / 3 |") in table
    assert "| The old widget handshake | MCP 2025-11-25, deprecated 2026-07-28 | ✓ 1.0.0, ✗ 2.0.0 | — | — | 2 / 3 |" in table
    assert "✓ 156.0.8078.114 (Chromium: behind the flag `--enable-features=WebMCPTesting`)" in table
    assert "- Measured on 2\u00a0December 2026 with `support/probes/widget-call.py`, `support/probes/widget-call.mjs`," in table
    assert "- Measured on 3\u00a0December 2026 with `support/probes/gadget-page.html`\n" in table


def test_the_stylesheet_has_a_filter_rule_for_every_slot_the_page_may_use():
    css = (PROJECT / "docs" / "assets" / "lexigraph.css").read_text(encoding="utf-8")
    slots = set(re.findall(r"#lx-f(\d+):checked\) tr\[data-f\]:not\(\[data-f~=\"f\1\"\]\)", css))
    assert slots == {str(n) for n in range(1, support.FILTER_SLOTS + 1)}


def test_the_support_page_lists_every_feature_by_entry_with_filter_tokens(site):
    parts = "\n".join(support.support_page_parts(site, "en"))
    tokens = dict(re.findall(r'<tr id="f-([a-z-]+)" data-f="([^"]*)"', parts))
    options = dict(re.findall(r'id="lx-f(\d+)"> ([^<]+)</label>', parts))
    assert options == {"1": "Python SDK", "2": "TypeScript SDK", "3": "Chromium", "4": "MCP 2025-11-25", "5": "MCP 2026-07-28", "6": "Deprecated"}
    assert tokens == {"widget-call": "f1 f2 f4 f5", "widget-listen": "f5", "widget-old": "f1 f4 f5 f6", "gadget-page": "f3 f5"}
    assert ('<tr id="f-widget-call" data-f="f1 f2 f4 f5" class="lx-sp__first"><td id="e-widget"><a href="../widget/#support">Widget</a></td>'
            '<th scope="row">Calling a widget') in parts
    assert re.findall(r'<th scope="col">(.*?)</th>', parts)[:2] == ["Entry", "Feature"]


# The built site ---------------------------------------------------------------------------------------------

def page_of(site_dir: Path, url: str) -> str:
    return (site_dir / url / "index.html").read_text(encoding="utf-8")


def test_the_built_pages_have_the_section_in_their_table_of_contents_after_what_varies(support_site):
    for lang, url in ENTRY.items():
        page = page_of(support_site, url)
        toc = re.findall(r'<a href="#([a-z-]+)" class="md-nav__link">', page)
        assert toc[toc.index("what-varies") + 1] == "support", lang
        assert page.index('id="what-varies"') < page.index('<h2 id="support"') < page.index('id="examples"')
        assert rows(section(page))
    assert rows(section(page_of(support_site, "en/widget/")))["Listening to widgets"][1] == "No"


def test_the_support_page_is_linked_from_the_home_the_nav_and_the_revisions_page_in_each_language(support_site):
    for lang, other in (("en", "fr"), ("fr", "en")):
        home = page_of(support_site, f"{lang}/")
        slug = WHOLE[lang].split("/")[1]
        assert f'<a class="md-button" href="{slug}/">' in home
        assert f'href="../{slug}/" class="md-nav__link">' in page_of(support_site, ENTRY[lang])
        whole = page_of(support_site, WHOLE[lang])
        assert f'href="/{WHOLE[other]}" hreflang="{other}"' in whole       # the language switch finds the other page
        revisions = page_of(support_site, f"{lang}/revisions/")
        assert f'<a href="../{slug}/#f-widget-call">' in revisions
    assert "Fonctionnalités ajoutées" in page_of(support_site, "fr/revisions/")
    assert "Prise en charge" in page_of(support_site, "fr/prise-en-charge/") and "Support" not in text(
        re.search(r"<article.*?</article>", page_of(support_site, "fr/prise-en-charge/"), re.S).group(0))


def test_every_probe_link_leads_to_the_probe_source_published_with_the_site(support_site):
    page = page_of(support_site, "en/widget/")
    links = re.findall(r'href="\.\./\.\./(support/probes/[^"]+)"', page)
    assert len(links) == 5
    for link in links:
        published = support_site / link
        source = PROJECT / "tests" / "fixtures" / "support" / link.removesuffix(".txt")
        assert published.read_bytes() == source.read_bytes()


def test_the_nu_html_checker_finds_no_error_on_the_support_pages(support_site, tmp_path):
    from tests.test_validators import from_material, vnu

    pages = [support_site / url / "index.html" for url in [*ENTRY.values(), *WHOLE.values(), "en/revisions/", "fr/revisions/"]]
    assert [m["message"] for m in vnu(*pages) if not from_material(m)] == []
    bad = tmp_path / "bad.html"     # and it does see a fault in such a table: a row header with a scope that is no keyword
    bad.write_text(page_of(support_site, "en/widget/").replace('<th scope="row">', '<th scope="line">', 1), encoding="utf-8")
    assert [m["message"] for m in vnu(bad) if not from_material(m)] != []


def test_pa11y_finds_no_error_on_the_support_pages_in_both_themes(support_site):
    from tests.support.browser import static_server
    from tests.test_validators import pa11y

    with static_server(support_site) as base:
        found = pa11y(base, [*ENTRY.values(), *WHOLE.values()])
    assert len(found) == 8
    assert {page: errors for page, errors in found.items() if errors} == {}


AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => (await axe.run(document)).violations.flatMap(v => v.nodes.map(n => v.impact + ' ' + v.id + ' ' + n.target.join(' ')))"""
# The page's width and the viewport's, and (to say why) the first elements past the viewport that no scroll box clips.
OVERFLOW = """() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth,
    [...document.querySelectorAll('body *')].filter(e => {
        if (e.getBoundingClientRect().right <= document.scrollingElement.clientWidth + 1) return false;
        for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false;
        return true; }).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))]"""


def test_axe_and_a_phone_and_the_filter_without_javascript(support_site):
    """One Chromium with JavaScript (axe in both themes, the 375 px phone), one without (the filter)."""
    from tests.support.browser import chromium, static_server

    pages = [*ENTRY.values(), *WHOLE.values()]
    with static_server(support_site) as base:
        with chromium() as context:
            page = context.new_page()
            violations, widths = {}, {}
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                for url in pages:
                    page.goto(f"{base}/{url}")
                    page.add_script_tag(path=str(AXE))
                    violations[(scheme, url)] = page.evaluate(AXE_RUN)
            page.set_viewport_size({"width": 375, "height": 812})
            for url in pages:
                page.goto(f"{base}/{url}")
                widths[url] = page.evaluate(OVERFLOW)
                box = page.evaluate("() => { const b = document.querySelector('.lx-support'); return [b.scrollWidth, b.clientWidth] }")
                assert box[0] > box[1], f"{url}: the table is meant to be wider than the phone here, and scroll in its own box"
            # the same check sees a page that does scroll sideways
            page.evaluate("() => document.querySelector('.lx-support').style.overflow = 'visible'")
            page.evaluate("() => document.querySelector('.lx-support table').style.minWidth = '900px'")
            spoiled = page.evaluate(OVERFLOW)
        assert {k: v for k, v in violations.items() if v} == {}
        assert {url: w for url, w in widths.items() if w[0] > w[1]} == {}
        assert spoiled[0] > spoiled[1]

        with chromium(javascript=False) as context:
            page = context.new_page()
            for lang, url in WHOLE.items():
                page.goto(f"{base}/{url}")
                shown = "() => [...document.querySelectorAll('tr[data-f]')].filter(r => r.offsetParent !== null).map(r => r.id)"
                every = ["f-widget-call", "f-widget-listen", "f-widget-old", "f-gadget-page"]
                assert page.evaluate(shown) == every
                page.get_by_label("Chromium").check()
                assert page.evaluate(shown) == ["f-gadget-page"]
                page.get_by_label("MCP 2025-11-25").check()
                assert page.evaluate(shown) == ["f-widget-call", "f-widget-old"]
                page.get_by_label("Deprecated" if lang == "en" else "Obsolètes").check()
                assert page.evaluate(shown) == ["f-widget-old"]
                page.locator("#lx-f0").check()
                assert page.evaluate(shown) == every
