"""Search in the reader's language (Pagefind), loaded only when used, and no failed request on any page kind.

Real site build, real Chromium, both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.browser import chromium, static_server
from tests.support.site import PROJECT, make_project, mkdocs_build
from tests.test_archive import FIXTURE, bump, lexigraph

pytestmark = [pytest.mark.browser, pytest.mark.build]

AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
SEARCH_DATA = re.compile(r"/pagefind/|/search/search_index\.json|/workers/search")


@pytest.fixture(scope="module")
def browser(real_site):
    """The site served and one Chromium context, with Pagefind loaded once in each language before any test
    runs: the first query of a process fetches and compiles its WebAssembly and index, which under load has
    taken longer than a test's wait (a timeout per worker). That load is this setup's, untimed by any test."""
    with static_server(real_site) as base, chromium() as context:
        for lang, word in (("fr", "outil"), ("en", "tool")):
            page = context.new_page()
            page.goto(f"{base}/{lang}/")
            results(page, word, timeout=0)          # 0: no limit
            page.close()
        yield base, context


def results(page, query: str, timeout: float = 30_000) -> list[str]:
    """Open the search with its keyboard shortcut, type ``query``, return the result links in order."""
    page.keyboard.press("/")
    # As a reader does, type once the box has opened: keys sent before the focus lands go to the page.
    page.wait_for_function("() => document.activeElement?.getAttribute('name') === 'query'")
    page.keyboard.type(query)
    try:
        # Pagefind is already loaded and compiled (the browser fixture): what is waited for here is one query.
        page.wait_for_function("q => document.querySelector('.md-search-result__list')?.dataset.query === q", arg=query,
                               timeout=timeout)
    except PlaywrightTimeout:
        state = page.evaluate("() => [document.querySelector('input[name=query]')?.value,"
                              " document.querySelector('.md-search-result__list')?.dataset.query]")
        raise AssertionError(f"no results for {query!r}: the box holds {state[0]!r}, the list answers {state[1]!r}") from None
    return page.eval_on_selector_all(".md-search-result__link", "links => links.map(a => a.getAttribute('href'))")


@pytest.mark.parametrize("start, query, first", [
    ("/fr/", "outil", "/fr/outil/"),
    ("/en/", "tool", "/en/tool/"),
    ("/fr/mcp/", "injection", "/fr/injection-de-prompt/"),
    ("/fr/", "l’outil", "/fr/outil/"),                  # elision
    ("/fr/", "l'outil", "/fr/outil/"),                  # elision typed with a straight apostrophe
    ("/fr/", "appel d’outil", "/fr/appel-d-outils/"),   # title "Appel d’outils": elision and stemming
    ("/en/", "tool calls", "/en/tool-call/"),            # stemming
])
def test_search_finds_the_named_entry_first_in_the_page_language(browser, start, query, first):
    base, context = browser
    page = context.new_page()
    page.goto(base + start)
    found = results(page, query)
    page.close()
    lang = start[1:3]
    assert found[0] == first, found
    assert all(url.startswith(f"/{lang}/") for url in found), found
    # Entries only: home, A–Z, Revisions and version pages are not indexed.
    assert not any(re.search(r"/(a-z|revisions)/$|^/\w\w/$|/v\d{4}-\d\d/$", url) for url in found), found


def test_accented_query_matches_with_or_without_accents(browser, real_site):
    base, context = browser
    page = context.new_page()
    page.goto(base + "/fr/")
    accented = results(page, "hôte")
    page.goto(base + "/fr/")
    plain = results(page, "hote")
    page.close()
    assert accented == plain and all(url.startswith("/fr/") for url in accented)
    assert "hôte" in (real_site / accented[0].strip("/") / "index.html").read_text(encoding="utf-8")


def test_results_show_the_title_and_definition_not_section_anchors(browser):
    base, context = browser
    page = context.new_page()
    page.goto(base + "/en/")
    found = results(page, "tool")
    first = page.locator(".md-search-result__item").first
    assert first.locator("h1").inner_text() == "Tool"
    assert first.locator("p").inner_text().startswith("A tool is")
    assert not any("#" in url for url in found)
    page.close()


@pytest.mark.parametrize("start", ["/fr/mcp/", "/en/mcp/"])
def test_no_search_data_is_fetched_before_the_search_box_is_used(browser, start):
    base, context = browser
    page = context.new_page()
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.goto(base + start, wait_until="networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_load_state("networkidle")
    assert [url for url in seen if SEARCH_DATA.search(url)] == []
    results(page, "mcp")
    fetched = [url for url in seen if SEARCH_DATA.search(url)]
    assert any(url.endswith("/pagefind/pagefind.js") for url in fetched)
    assert any(f"wasm.{start[1:3]}.pagefind" in url for url in fetched) and not any(
        f"wasm.{other}.pagefind" in url for other in ("fr", "en") if other != start[1:3] for url in fetched)
    page.close()


@pytest.mark.parametrize("lang, labels", [
    ("fr", {"placeholder": "Rechercher", "count": "documents trouvés"}),
    ("en", {"placeholder": "Search", "count": "matching documents"}),
])
def test_search_is_keyboard_usable_labelled_in_the_page_language_and_axe_clean(browser, lang, labels):
    base, context = browser
    page = context.new_page()
    page.goto(f"{base}/{lang}/a-z/")
    box = page.locator("[data-lx-search] input")
    assert box.get_attribute("placeholder") == labels["placeholder"]
    results(page, "mcp")
    assert page.evaluate("document.activeElement === document.querySelector('[data-lx-search] input')")
    assert labels["count"] in page.inner_text(".md-search-result__meta")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => (await axe.run(document.querySelector('[data-lx-search]'))).violations
        .map(v => v.id + ' ' + v.nodes.map(n => n.target.join(' ')).join(', '))""")
    assert violations == []
    page.keyboard.press("ArrowDown")
    target = page.evaluate("document.activeElement.getAttribute('href')")
    assert target == page.locator(".md-search-result__link").first.get_attribute("href")
    page.keyboard.press("Escape")
    assert not page.locator("#__search").is_checked()
    page.keyboard.press("/")
    page.wait_for_function("() => document.activeElement?.getAttribute('name') === 'query'")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}{target}")
    page.close()


def failed_requests(context, url: str) -> list[str]:
    """Every request answered ≥ 400 or failing while ``url`` loads and is scrolled to its end."""
    page = context.new_page()
    failed: list[str] = []
    page.on("response", lambda response: failed.append(f"{response.status} {response.url}") if response.status >= 400 else None)
    page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
    page.goto(url, wait_until="networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_load_state("networkidle")
    page.close()
    return failed


def test_no_request_fails_on_any_page_kind_in_either_language(browser, real_site):
    base, context = browser
    pointer = next(p.name for p in (real_site / "fr/mcp").iterdir() if re.fullmatch(r"v\d{4}-\d\d", p.name))
    pages = ["/"] + [f"/{lang}/{path}" for lang, slug in (("fr", "mcp"), ("en", "mcp"))
                     for path in ("", "a-z/", "revisions/", f"{slug}/{pointer}/")]
    failed = {url: found for url in pages if (found := failed_requests(context, base + url))}
    assert failed == {}


def test_no_request_fails_on_any_entry_or_archived_page(real_pages):
    """The entry pages (of the page kinds above, the one the lexicon has most of) and the archived ones, all
    of them, from the one visit per page the sweeps share (tests/support/page_sweep.py)."""
    visits = {**real_pages.entries, **real_pages.archived}
    assert "fr/mcp/" in visits and "en/mcp/" in visits and len(real_pages.archived) >= 20
    assert {url: visit.failed for url, visit in visits.items() if visit.failed} == {}


def test_language_switch_goes_to_the_counterpart_and_hreflang_is_in_the_sitemap(browser, real_site):
    base, context = browser
    page = context.new_page()
    page.goto(base + "/fr/injection-de-prompt/")
    assert page.locator(".md-select__link[hreflang=en]").get_attribute("href") == "/en/prompt-injection/"
    # No <link rel="alternate"> for Material to fetch a sitemap from; search engines read sitemap.xml.
    assert page.locator("link[rel=alternate]").count() == 0
    page.close()
    sitemap = (real_site / "sitemap.xml").read_text(encoding="utf-8")
    assert 'hreflang="en" href="https://www.lexigraph.org/en/prompt-injection/"' in sitemap


def test_no_request_fails_on_an_archived_version(browser, tmp_path):
    _, context = browser
    project = make_project(FIXTURE, tmp_path / "project")
    assert lexigraph(project, "archive", "widget", "--from-worktree").returncode == 0
    bump(project)
    built = mkdocs_build(project)
    assert built.returncode == 0, built.stderr
    with static_server(project / "site") as base:
        failed = {url: found for url in ("/en/widget/v2026-08/", "/fr/bidule/v2026-08/", "/en/widget/")
                  if (found := failed_requests(context, base + url))}
    assert failed == {}
