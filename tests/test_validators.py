"""Third-party validators on the real site: the Nu HTML Checker (vnu.jar) on every page, pa11y
(HTML_CodeSniffer, WCAG 2 AA) and axe-core on each page kind, in both languages and both themes.
Each validator is also shown to catch the fault it is here for, on a page made bad on purpose."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lexigraph.render.pagemeta import clean_html
from tests.support.browser import chromium, static_server
from tests.support.site import PROJECT

pytestmark = [pytest.mark.build, pytest.mark.browser]

VNU = PROJECT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
PA11Y = PROJECT / "tests" / "support" / "pa11y_run.cjs"
AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"

# One page of each kind, in each language.
PAGES = ["fr/", "en/", "fr/a-z/", "en/a-z/", "fr/revisions/", "en/revisions/", "fr/mcp/", "en/mcp/",
         "fr/mcp/v2026-08/", "en/mcp/v2026-08/", "fr/carte/", "en/map/", "fr/prise-en-charge/", "en/support/"]

# Errors left in place, each from Material's base.html and kept on purpose: `autocomplete="off"` on the two hidden
# checkboxes that open the drawer and the search stops Firefox from restoring them checked after a reload or Back
# (the drawer or search would reopen by itself). The attribute is harmless elsewhere; removing it would mean
# forking Material's whole base.html.
MATERIAL_AUTOCOMPLETE = "Attribute “autocomplete” is only allowed when the input type is"
MATERIAL_TOGGLES = ('id="__drawer"', 'id="__search"')


def vnu(*paths: Path) -> list[dict]:
    """vnu.jar's error messages for ``paths`` (files or folders; non-HTML files skipped)."""
    result = subprocess.run(["java", "-jar", str(VNU), "--skip-non-html", "--errors-only", "--format", "json",
                             *map(str, paths)], capture_output=True, text=True, timeout=900)
    return json.loads(result.stderr)["messages"]


def from_material(message: dict) -> bool:
    return message["message"].startswith(MATERIAL_AUTOCOMPLETE) and any(t in message.get("extract", "") for t in MATERIAL_TOGGLES)


def ours(messages: list[dict], root: Path) -> list[str]:
    return [f"{m['url'].split(str(root), 1)[-1]}:{m.get('lastLine')}: {m['message']}" for m in messages if not from_material(m)]


def test_the_nu_html_checker_finds_no_error_from_our_templates_on_any_page(real_site):
    messages = vnu(real_site)
    assert ours(messages, real_site) == []
    # What is left is Material's, two per content page (the redirect stubs have none), and nothing else.
    pages = {m["url"] for m in messages}
    assert len(messages) == 2 * len(pages)
    assert {"404.html", "index.html", "fr/index.html", "en/mcp/v2026-08/index.html"} <= {u.split(str(real_site) + "/", 1)[-1] for u in pages}


def test_the_nu_html_checker_reports_a_stray_markdown_attribute(real_site, tmp_path):
    page = (real_site / "fr" / "mcp" / "index.html").read_text(encoding="utf-8")
    bad = tmp_path / "bad.html"
    bad.write_text(page.replace('<div data-search-exclude class="lx-cite">', '<div data-search-exclude class="lx-cite" markdown="0">', 1), encoding="utf-8")
    assert [m["message"] for m in vnu(bad) if not from_material(m)] == ["Attribute “markdown” not allowed on element “div” at this point."]


def test_the_markdown_attribute_is_removed_from_tags_and_nowhere_else():
    html = ('<div class="lx-prose" markdown="0">\n<p>markdown="0" in text</p></div>'
            '<div data-search-exclude class="lx-cite" markdown><span title="a markdown b" markdown="1">x</span>')
    assert clean_html(html) == ('<div class="lx-prose">\n<p>markdown="0" in text</p></div>'
                                '<div data-search-exclude class="lx-cite"><span title="a markdown b">x</span>')


def test_an_archived_quiz_section_becomes_a_div():
    html = '<section data-search-exclude class="lx-quiz" data-quiz="mcp"><ol class="lx-quiz__questions"><li>q</li></ol></section>'
    assert clean_html(html) == '<div data-search-exclude class="lx-quiz" data-quiz="mcp"><ol class="lx-quiz__questions"><li>q</li></ol></div>'


# Left, by axe's design: it cannot compute the contrast of SVG text (dequelabs/axe-core#1819: SVG is treated as an
# image), so every text of the relation maps (render/relmap.py) comes back "needs review", which pa11y counts as an
# error. axe itself reports no violation there (test_axe_… below); tests/test_relmap_build.py measures those texts'
# contrast in both themes instead.
SVG_TEXT = re.compile(r"> svg > (?:a:nth-child\(\d+\) > )?text(?::nth-child\(\d+\))?(?: > tspan)?$")


def svg_text_review(issue: dict) -> bool:
    return issue["runner"] == "axe" and issue["code"] == "color-contrast" and bool(SVG_TEXT.search(issue["selector"]))


def pa11y(base: str, pages: list[str]) -> dict:
    result = subprocess.run(["node", str(PA11Y), base, *pages], capture_output=True, text=True, timeout=3000)
    assert result.returncode == 0, result.stderr
    return {page: [i for i in issues if not svg_text_review(i)] for page, issues in json.loads(result.stdout).items()}


def test_only_axe_s_contrast_review_of_svg_text_is_set_aside():
    base = "html > body > div:nth-child(7) > main > div > div:nth-child(3) > article > "
    kept = [{"runner": "axe", "code": "color-contrast", "selector": base + "p:nth-child(4)"},
            {"runner": "htmlcs", "code": "color-contrast", "selector": base + "svg > text:nth-child(3)"},
            {"runner": "axe", "code": "link-name", "selector": base + "svg > a:nth-child(4) > text"}]
    dropped = [{"runner": "axe", "code": "color-contrast", "selector": base + s}
               for s in ("svg > text:nth-child(3)", "svg > a:nth-child(4) > text", "svg > a:nth-child(8) > text > tspan")]
    assert [svg_text_review(i) for i in kept + dropped] == [False] * 3 + [True] * 3


def test_pa11y_finds_no_error_on_each_page_kind_in_both_languages_and_themes(real_site):
    with static_server(real_site) as base:
        found = pa11y(base, PAGES)
    assert len(found) == 2 * len(PAGES)
    assert {page: errors for page, errors in found.items() if errors} == {}


def test_pa11y_reports_the_hidden_keyboard_stop_material_s_palette_had(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><h1>Bad</h1>'
        '<form><input aria-hidden="true" type="radio" name="__palette" id="__palette_0"></form></main></body></html>',
        encoding="utf-8")
    with static_server(tmp_path) as base:
        found = pa11y(base, ["bad/"])
    codes = {issue["code"] for issue in found["bad/ light"]}
    assert "aria-hidden-focus" in codes
    assert "WCAG2AA.Principle3.Guideline3_2.3_2_2.H32.2" in codes   # a form with no submit button


# Left, from Material: its copy button on each code block sits in an unnamed <nav class="md-code__nav"> that its
# JavaScript adds, several per page (axe landmark-unique, impact "moderate"; pa11y's axe counts it as a warning).
AXE_RUN = """async () => (await axe.run(document)).violations
    .flatMap(v => v.nodes.map(n => v.impact + ' ' + v.id + ' ' + n.target.join(' ')))
    .filter(line => !/^moderate landmark-unique \\S* ?> ?\\.md-code__nav$/.test(line.replace(/#__code_\\d+ /, '')))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_each_page_kind_in_both_languages(real_site, scheme):
    found = {}
    with static_server(real_site) as base, chromium() as context:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        for url in PAGES + ["404.html", "fr/404.html", "en/404.html"]:
            page.goto(f"{base}/{url}")
            assert page.evaluate("document.body.dataset.mdColorScheme") == ("slate" if scheme == "dark" else "default")
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate(AXE_RUN)
            if violations:
                found[url] = violations
    assert found == {}


def test_the_theme_toggle_is_one_button_for_keyboard_and_screen_readers(real_site):
    with static_server(real_site) as base, chromium() as context:
        page = context.new_page()
        page.emulate_media(color_scheme="light")
        page.goto(f"{base}/fr/mcp/")
        assert page.locator('input[name="__palette"]').count() == 0
        # Nothing hidden from screen readers takes keyboard focus (the relation map's links are out of the tab order).
        assert page.evaluate("document.querySelectorAll('[aria-hidden=true] :is(a, button, input):not([tabindex=\"-1\"]), "
                             ":is(a, button, input)[aria-hidden=true]').length") == 0
        assert page.evaluate("document.querySelectorAll('svg[aria-hidden=true] a[tabindex=\"-1\"]').length") > 0
        toggle = page.get_by_role("button", name="Thème sombre")
        assert toggle.get_attribute("aria-pressed") == "false"
        for _ in range(10):   # reached with Tab, before the page's content
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "lx-palette":
                break
        assert page.evaluate("document.activeElement.id") == "lx-palette"
        page.keyboard.press("Space")
        assert toggle.get_attribute("aria-pressed") == "true"
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        page.goto(f"{base}/en/a-z/")   # the choice is kept from page to page
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        assert page.get_by_role("button", name="Dark theme").get_attribute("aria-pressed") == "true"
        page.keyboard.press("Tab")
        page.get_by_role("button", name="Dark theme").press("Enter")
        assert page.evaluate("document.body.dataset.mdColorScheme") == "default"


def test_code_blocks_that_scroll_are_reachable_and_named(real_site):
    with static_server(real_site) as base, chromium() as context:
        page = context.new_page()
        page.set_viewport_size({"width": 400, "height": 800})
        page.goto(f"{base}/en/mcp/")
        blocks = page.evaluate("""() => Array.from(document.querySelectorAll('.md-typeset pre > code')).map(c =>
            [c.scrollWidth > c.clientWidth, c.getAttribute('tabindex'), c.getAttribute('role'), c.getAttribute('aria-label')])""")
        scrolling = [b for b in blocks if b[0]]
        assert scrolling and all(b[1:] == ["0", "group", "Code, scrolls horizontally"] for b in scrolling)
        assert all(b[1] is None for b in blocks if not b[0])


def _head(path: Path) -> tuple[str, str, str]:
    text = path.read_text(encoding="utf-8")
    lang = re.search(r'<html lang="([^"]+)"', text).group(1)
    description = re.search(r'<meta name="description" content="([^"]*)"', text).group(1)
    title = re.search(r"<title>([^<]*)</title>", text).group(1)
    return lang, description, title


def test_descriptions_are_per_language_and_say_the_entry_s_definition(real_site):
    from lexigraph.content.load import load_corpus
    from lexigraph.render.cite import plain

    corpus = load_corpus(PROJECT)
    mcp = corpus.entries["mcp"]
    for lang in ("fr", "en"):
        _, description, title = _head(real_site / lang / "mcp" / "index.html")
        assert description == plain(mcp.text(lang, "definition"))
        assert title == "MCP - Lexigraph"
    homes = {lang: _head(real_site / lang / "index.html")[1] for lang in ("fr", "en")}
    assert homes["fr"].startswith("Lexique daté et bilingue") and homes["en"].startswith("A dated, bilingual")
    descriptions = [_head(p)[1] for p in real_site.glob("*/*/index.html") if "v20" not in str(p)]
    assert len(set(descriptions)) == len(descriptions)   # no two pages share one


def test_archived_pages_are_titled_with_their_version(real_site):
    lang, description, title = _head(real_site / "fr" / "mcp" / "v2026-08" / "index.html")
    assert title == "MCP (v2026-08, version archivée) - Lexigraph"
    assert description.startswith("Version archivée v2026-08 de la fiche «\u00a0MCP\u00a0»\u00a0: MCP (Model Context Protocol)")
    assert _head(real_site / "en" / "mcp" / "v2026-08" / "index.html")[2] == "MCP (v2026-08, archived version) - Lexigraph"


def test_the_404_page_speaks_french_under_lang_fr_and_english_under_lang_en(real_site):
    text = (real_site / "404.html").read_text(encoding="utf-8")
    lang, description, title = _head(real_site / "404.html")
    assert (lang, title) == ("fr", "Page introuvable - Lexigraph")
    assert description.startswith("Lexique daté")
    assert "404 - Not found" not in text
    assert '<h1>Page introuvable <span class="lx-not-found__other" lang="en">· Page not found</span></h1>' in text
    assert re.search(r'<div class="lx-not-found" lang="en">\s*<p>This address matches no Lexigraph page', text)
    assert re.search(r'<div class="lx-not-found" lang="fr">\s*<p>Cette adresse ne correspond', text)


@pytest.mark.parametrize("lang, title, text, other", [
    ("fr", "Page introuvable", "Cette adresse ne correspond à aucune page de Lexigraph.", "This address"),
    ("en", "Page not found", "This address matches no Lexigraph page.", "Cette adresse"),
])
def test_each_language_has_its_own_404_page_in_that_language_only(real_site, lang, title, text, other):
    page = real_site / lang / "404.html"
    lang_attr, description, head_title = _head(page)
    assert (lang_attr, head_title) == (lang, f"{title} - Lexigraph")
    body = page.read_text(encoding="utf-8")
    assert f"<h1>{title}</h1>" in body and text in body and other not in body
    assert description == (real_site / lang / "index.html").read_text(encoding="utf-8").split(
        '<meta name="description" content="', 1)[1].split('"', 1)[0]      # the language's home sentence
    # Served for a missing address at any depth under /fr/ or /en/: its links start at the site's root,
    # and its navigation is that language's only.
    assert f'<a href="/{lang}/a-z/">' in body
    assert 'href="../' not in body
    assert ("/en/revisions/" in body) == (lang == "en") and ("/fr/revisions/" in body) == (lang == "fr")


@pytest.mark.parametrize("lang, words, foreign", [
    ("fr", ["Contenu sous licence CC BY 4.0", "Site produit avec"], ["Made with", "Content under"]),
    ("en", ["Content under CC BY 4.0", "Made with"], ["Site produit", "Contenu sous"]),
])
def test_the_footer_speaks_the_page_s_language(real_site, lang, words, foreign):
    for url in [f"{lang}/", f"{lang}/a-z/", f"{lang}/mcp/", f"{lang}/mcp/v2026-08/", f"{lang}/404.html"]:
        path = real_site / url / "index.html" if url.endswith("/") else real_site / url
        footer = path.read_text(encoding="utf-8").split('<div class="md-copyright">', 1)[1].split("</div>\n</div>", 1)[0]
        assert all(word in footer for word in words), (url, footer)
        assert not any(word in footer for word in foreign), (url, footer)


@pytest.mark.parametrize("lang, title, foreign", [("fr", "Lien permanent", "Permanent link"), ("en", "Permanent link", "Lien permanent")])
def test_heading_permalinks_are_titled_in_the_page_s_language(real_site, lang, title, foreign):
    for url in [f"{lang}/", f"{lang}/a-z/", f"{lang}/mcp/", f"{lang}/mcp/v2026-08/"]:
        text = (real_site / url / "index.html").read_text(encoding="utf-8")
        links = re.findall(r'<a class="headerlink" href="#[^"]*" title="([^"]*)"', text)
        if url.endswith("/mcp/"):
            assert len(links) >= 10, url
        assert set(links) <= {title}, (url, set(links))
        assert foreign not in text, url


def test_the_validators_are_installed():
    assert VNU.is_file() and shutil.which("java") and (PROJECT / "node_modules" / "pa11y").is_dir()
