"""Definition previews (docs/assets/preview.js): hovering or keyboard-focusing a first-mention or relation link
shows the target entry's title and definition in the page's language, from that language's lexicon.json, fetched
once and only at the first preview. Real build of the real lexicon, real Chromium."""

from __future__ import annotations

import contextlib
import html.parser
import json
import re
import tempfile

import pytest

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, static_server
from tests.support.site import PROJECT

pytestmark = [pytest.mark.browser, pytest.mark.build]

SCRIPT = PROJECT / "docs" / "assets" / "preview.js"
AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
CARD = "#lx-preview"
SHOWN = "#lx-preview:not([hidden])"
MENTION = "a.lx-mention[data-entry]"
RELATION = ".lx-relations a[data-entry]"


@pytest.fixture(scope="module")
def base(real_site):
    with static_server(real_site) as url:
        yield url


@pytest.fixture(scope="module")
def playwright():
    """One Playwright for the module: a desktop Chromium and, for the touch test, a phone beside it, each with its
    own device settings (tests.support.browser.chromium() opens a desktop context only)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@contextlib.contextmanager
def browser(pw, **options):
    """A fresh Chromium, as tests.support.browser.chromium() launches it, with Playwright context ``options``."""
    with tempfile.TemporaryDirectory(prefix="lexigraph-chromium-") as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **options)
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture(scope="module")
def context(playwright):
    with browser(playwright) as ctx:
        yield ctx


def lexicon(site, lang: str) -> dict[str, dict]:
    data = json.loads((site / lang / "lexicon.json").read_text(encoding="utf-8"))
    return {entry["id"]: entry["text"] for entry in data["entries"]}


def as_read(markdown: str) -> str:
    """What a reader of the card sees of a definition: no evidence markers, no backticks."""
    return " ".join(re.sub(r"\[\^[^\]\s]+\]", "", markdown).replace("`", "").split())


def lexicon_requests(page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url) if request.url.endswith("/lexicon.json") else None)
    return seen


def card_text(page) -> tuple[str, str]:
    return (page.inner_text(f"{SHOWN} .lx-preview__title"),
            " ".join(page.inner_text(f"{SHOWN} .lx-preview__text").split()))


def test_nothing_is_fetched_before_the_first_preview_and_the_first_fetches_the_page_language(base, context):
    page = context.new_page()
    fetched = lexicon_requests(page)
    page.goto(base + "/fr/mcp/", wait_until="networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.mouse.move(5, 300)                      # the pointer on the page, on no preview link
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    assert fetched == []
    assert page.locator(CARD).count() == 0       # the card is made at the first preview, not before
    page.locator(MENTION).first.hover()
    page.wait_for_selector(SHOWN)
    assert [url.removeprefix(base) for url in fetched] == ["/fr/lexicon.json"]
    page.close()


@pytest.mark.parametrize("lang, start", [("fr", "/fr/mcp/"), ("en", "/en/mcp/")])
def test_hovering_a_first_mention_shows_its_target_in_the_page_language(real_site, base, context, lang, start):
    page = context.new_page()
    page.goto(base + start)
    link = page.locator(f".lx-definition {MENTION}").first
    target = link.get_attribute("data-entry")
    link.hover()
    page.wait_for_selector(SHOWN)
    title, definition = card_text(page)
    page.close()
    mine, other = lexicon(real_site, lang)[target], lexicon(real_site, "en" if lang == "fr" else "fr")[target]
    assert (title, definition) == (mine["title"], as_read(mine["definition"]))
    assert definition != as_read(other["definition"])


def test_code_spans_become_code_elements_and_evidence_markers_are_dropped(real_site, base, context):
    page = context.new_page()
    page.goto(base + "/fr/api/")
    page.locator('a.lx-mention[data-entry="lifecycle"]').first.hover()
    page.wait_for_selector(SHOWN)
    code = page.eval_on_selector_all(f"{SHOWN} code", "nodes => nodes.map(n => n.textContent)")
    _, definition = card_text(page)
    page.close()
    markdown = lexicon(real_site, "fr")["lifecycle"]["definition"]
    assert code == re.findall(r"`([^`]+)`", markdown) and code
    assert "[^" in markdown and "[^" not in definition and "`" not in definition
    assert definition == as_read(markdown)


def test_a_relation_link_shows_its_target_too(real_site, base, context):
    page = context.new_page()
    page.goto(base + "/en/mcp/")
    link = page.locator(RELATION).first
    target = link.get_attribute("data-entry")
    link.hover()
    page.wait_for_selector(SHOWN)
    title, definition = card_text(page)
    page.close()
    assert (title, definition) == (lexicon(real_site, "en")[target]["title"], as_read(lexicon(real_site, "en")[target]["definition"]))


def tab_to(page, selector: str, limit: int = 200) -> str:
    """Press Tab until the focus is on an element matching ``selector``; its data-entry."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        found = page.evaluate("s => document.activeElement.matches(s) ? document.activeElement.dataset.entry : null", selector)
        if found:
            return found
    raise AssertionError(f"no {selector} reached by Tab")


def test_keyboard_focus_shows_it_with_aria_wiring_and_escape_hides_it(real_site, base, context):
    page = context.new_page()
    page.goto(base + "/fr/mcp/")
    target = tab_to(page, MENTION)
    page.wait_for_selector(SHOWN)
    wiring = page.evaluate("""() => { const card = document.querySelector('#lx-preview');
        return [document.activeElement.getAttribute('aria-describedby'), card.id, card.getAttribute('role'),
                card.contains(document.activeElement), card.querySelector('a, button, [tabindex]') === null]; }""")
    assert wiring == ["lx-preview", "lx-preview", "tooltip", False, True]
    assert card_text(page)[0] == lexicon(real_site, "fr")[target]["title"]
    page.keyboard.press("Escape")
    page.wait_for_selector(CARD, state="hidden")
    assert page.evaluate("() => document.activeElement.matches('a.lx-mention') && !document.activeElement.hasAttribute('aria-describedby')")
    # The next link by Tab shows its own, and the one left loses the description.
    left = page.evaluate("() => { window.__left = document.activeElement; return 1; }")
    nxt = tab_to(page, f"{MENTION}, {RELATION}")
    page.wait_for_selector(SHOWN)
    assert card_text(page)[0] == lexicon(real_site, "fr")[nxt]["title"]
    assert left and page.evaluate("() => !window.__left.hasAttribute('aria-describedby')")
    page.close()


@pytest.mark.parametrize("lang, scheme", [("fr", "default"), ("fr", "slate"), ("en", "default"), ("en", "slate")])
def test_the_card_is_axe_clean_in_both_themes(base, context, lang, scheme):
    page = context.new_page()
    page.goto(f"{base}/{lang}/api/")
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    page.locator('a.lx-mention[data-entry="lifecycle"]').first.focus()
    page.locator('a.lx-mention[data-entry="lifecycle"]').first.hover()
    page.wait_for_selector(f"{SHOWN} code")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => (await axe.run({include: [['#lx-preview'], ['a[aria-describedby~="lx-preview"]']]},
            {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']})).violations
        .map(v => v.id + ' ' + v.nodes.map(n => n.target.join(' ')).join(', '))""")
    colours = page.eval_on_selector(SHOWN, "c => [getComputedStyle(c).backgroundColor, getComputedStyle(document.body).backgroundColor]")
    page.close()
    assert violations == []
    assert colours[0] != colours[1]      # the card stands out from the page in either theme


def test_moving_the_pointer_away_hides_it_and_the_pointer_may_rest_on_the_card(base, context):
    page = context.new_page()
    page.goto(base + "/en/mcp/")
    link = page.locator(f".lx-definition {MENTION}").first
    link.hover()
    page.wait_for_selector(SHOWN)
    box = page.locator(SHOWN).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=5)
    page.wait_for_timeout(500)
    assert page.locator(SHOWN).count() == 1        # WCAG 1.4.13: hoverable
    page.mouse.move(2, 400)
    page.wait_for_selector(CARD, state="hidden")
    assert link.get_attribute("aria-describedby") is None
    page.close()


BOXES = """() => Array.from(document.querySelectorAll('.md-content p, .md-content h2, .md-content dl, .md-content li'))
    .map(n => { const r = n.getBoundingClientRect(); return [r.x, r.y + window.scrollY, r.width, r.height]; })
    .concat([[document.documentElement.scrollWidth, document.documentElement.scrollHeight, window.scrollX, window.scrollY]])"""


@pytest.mark.parametrize("selector", [f".lx-definition {MENTION}", RELATION])
def test_showing_it_moves_nothing_on_the_page(base, context, selector):
    page = context.new_page()
    page.goto(base + "/fr/mcp/", wait_until="networkidle")
    link = page.locator(selector).first
    link.scroll_into_view_if_needed()
    page.mouse.move(2, 2)
    before = page.evaluate(BOXES)
    link.hover()
    page.wait_for_selector(SHOWN)
    after = page.evaluate(BOXES)
    position = page.eval_on_selector(SHOWN, "c => getComputedStyle(c).position")
    page.close()
    assert len(before) > 50 and after == before
    assert position == "fixed"


def test_a_touch_tap_follows_the_link_and_shows_no_preview(base, playwright):
    with browser(playwright, has_touch=True, is_mobile=True, viewport={"width": 390, "height": 760}) as phone:
        page = phone.new_page()
        fetched = lexicon_requests(page)
        page.goto(base + "/fr/mcp/", wait_until="networkidle")
        link = page.locator(f".lx-definition {MENTION}").first
        href = link.evaluate("a => a.href")
        # First a tap whose navigation the test holds back: time for a preview to appear, if one did.
        page.evaluate("() => document.addEventListener('click', e => e.preventDefault(), {capture: true, once: true})")
        link.tap()
        page.wait_for_timeout(800)
        assert page.locator(SHOWN).count() == 0 and fetched == []
        with page.expect_navigation():
            link.tap()
        assert page.url == href
        assert fetched == []
        page.close()


HOSTILE = 'Texte <img src=x onerror="window.__pwned=1"> puis `<b onmouseover="window.__pwned=2">gras</b>` et <script>window.__pwned=3</script>.'


def test_a_definition_holding_html_is_shown_as_text(base, context):
    page = context.new_page()
    page.goto(base + "/fr/mcp/")
    link = page.locator(f".lx-definition {MENTION}").first
    target = link.get_attribute("data-entry")

    def altered(route):
        data = route.fetch().json()
        for entry in data["entries"]:
            if entry["id"] == target:
                entry["text"]["definition"] = HOSTILE
                entry["text"]["title"] = "<i>Titre</i>"
        route.fulfill(json=data)

    page.route("**/fr/lexicon.json", altered)
    link.hover()
    page.wait_for_selector(SHOWN)
    found = page.evaluate("""() => { const card = document.querySelector('#lx-preview');
        return [Array.from(card.querySelectorAll('*')).map(n => n.tagName.toLowerCase()),
                card.querySelector('.lx-preview__title').textContent, card.querySelector('.lx-preview__text').textContent,
                card.querySelector('code').textContent, window.__pwned === undefined]; }""")
    page.close()
    assert found == [["p", "p", "code"], "<i>Titre</i>",
                     'Texte <img src=x onerror="window.__pwned=1"> puis <b onmouseover="window.__pwned=2">gras</b> et <script>window.__pwned=3</script>.',
                     '<b onmouseover="window.__pwned=2">gras</b>', True]


def test_the_lexicon_is_fetched_once_for_several_previews(real_site, base, context):
    page = context.new_page()
    fetched = lexicon_requests(page)
    page.goto(base + "/en/mcp/")
    links = page.locator(f"{MENTION}, {RELATION}")
    targets = []
    for index in (0, 3, links.count() - 1):
        link = links.nth(index)
        target = link.get_attribute("data-entry")
        link.hover()
        page.wait_for_function("t => document.querySelector('#lx-preview:not([hidden]) .lx-preview__title')?.textContent === t",
                               arg=lexicon(real_site, "en")[target]["title"])
        page.mouse.move(2, 2)
        page.wait_for_selector(CARD, state="hidden")
        targets.append(target)
    page.close()
    assert len(set(targets)) == 3
    assert [url.removeprefix(base) for url in fetched] == ["/en/lexicon.json"]


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0
        self.found: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "dl" and "lx-relations" in (attrs.get("class") or ""):
            self.depth += 1
        elif tag == "a" and self.depth:
            self.found.append(attrs)

    def handle_endtag(self, tag):
        if tag == "dl" and self.depth:
            self.depth -= 1


def test_every_relation_link_to_a_published_entry_names_it(real_site):
    """data-entry on relation links (render/urls.py entry_link(preview=True)): the id whose page the link opens."""
    pages = 0
    for lang in ("fr", "en"):
        urls = {text["slug"]: entry_id for entry_id, text in lexicon(real_site, lang).items()}
        for path in sorted((real_site / lang).glob("*/index.html")):
            parser = _Links()
            parser.feed(path.read_text(encoding="utf-8"))
            for attrs in parser.found:
                slug = attrs["href"].strip("./").split("/")[-1]
                if "lx-planned" in (attrs.get("class") or ""):
                    assert "data-entry" not in attrs
                else:
                    assert attrs.get("data-entry") == urls[slug], (path, attrs)
            pages += bool(parser.found)
    assert pages > 50


def test_the_script_and_style_are_small_deferred_and_build_no_html():
    source = SCRIPT.read_text(encoding="utf-8")
    assert re.findall(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|eval\(|new Function", source) == []
    config = (PROJECT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"- path: assets/preview\.js\b.*\n\s+defer: true", config)
