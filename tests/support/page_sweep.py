"""One visit per page of the real site's entries, shared by every sweep that asserts on them (review 3.3).

Before this, four tests each walked the same pages in their own Chromium: the quiz and copy buttons of
every entry page (test_real_entries), the quiz order with and without JavaScript
(test_quiz_browser), every archived version's quiz (test_quiz_browser) and the requests an entry page
makes (test_no_third_party_requests, in a fresh Chromium per page). :func:`sweep` visits each page
once with JavaScript on, and each current entry page once more with it off, and records what each of
those tests asserts; the tests assert on the record, each with its own assertion text.

One JS-on visit, in this order (one page for all; the HTTP cache on: a request answered from it is
still a request the page made, and a first request to another origin is seen where it is first made):

1. the page loads and is scrolled to its end, with every ``pageerror`` and console error, every request, and
   every response >= 400 or failed request noted until step 5;
2. the quiz, once enhanced (``data-ready``): how many answers are saved on arrival, and the order of
   options and of the answer key per question, before any click;
3. its first question answered: on a current entry page its first right option (the quiz knows which),
   on an archived page its first option (and "check" on a several-answer question), as each sweep did;
   the verdict (options marked right) and the score;
4. each citation's copy button clicked (every format the served page cites): what the clipboard holds
   and what the button says;
5. the network idle (no request for 500 ms since the load; it overlaps steps 2 to 4, which cost a page about
   that much when it came first), then the storage cleared, so the next page (the other language shares
   answers) starts empty.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.browser import chromium, static_server

QUIZ_ORDER = """() => Object.fromEntries([...document.querySelectorAll('.lx-quiz__question')].map(q => [
    q.dataset.question, {options: [...q.querySelectorAll('.lx-quiz__option')].map(o => o.dataset.option),
                         key: [...q.querySelectorAll('.lx-quiz__feedback')].map(o => o.dataset.option)}]))"""
SAVED = "Object.keys(localStorage).filter(k => k.startsWith('lexigraph:quiz:')).length"


def cited(page_html: str) -> dict[str, str]:
    """The texts of a page's citation block, by format."""
    found = re.findall(r'id="cite-([a-z-]+)" class="lx-cite__text">(.*?)</(?:p|pre)>', page_html, re.S)
    return {name: html.unescape(text) for name, text in found}


@dataclass
class Visit:
    """What one JS-on visit of a page saw."""

    url: str
    errors: list[str] = field(default_factory=list)          # pageerror and console errors
    requests: list[tuple[str, str]] = field(default_factory=list)   # (resource type, URL), in order
    failed: list[str] = field(default_factory=list)          # "404 <url>", "failed <url>"
    saved_on_arrival: int | None = None                      # quiz answers in localStorage when it opened
    order: dict = field(default_factory=dict)                # question id → {"options": [...], "key": [...]}
    verdict: int = 0                                         # options of question 1 marked right after answering
    score: str | None = None
    copies: dict[str, tuple[str, str, str]] = field(default_factory=dict)   # format → (cited, clipboard, button)


@dataclass
class Sweep:
    base: str                                   # the address the site was served at
    entries: dict[str, Visit]                   # "fr/outil/" → its visit (current entry pages)
    archived: dict[str, Visit]                  # "/fr/outil/v2026-08/" → its visit
    no_js: dict[str, dict]                      # "fr/outil/" → the quiz order with JavaScript off


def archived_pages(site: Path) -> list[str]:
    """Every archived version page with a quiz (not a redirect stub), as "/fr/outil/v2026-08/"."""
    return sorted(f"/{path.parent.relative_to(site).as_posix()}/" for path in site.glob("*/*/v*/index.html")
                  if re.fullmatch(r"v\d{4}-\d\d", path.parent.name)
                  and "lx-quiz" in (text := path.read_text(encoding="utf-8")) and 'http-equiv="refresh"' not in text)


def _visit(page, base: str, url: str, *, current: bool, bucket: dict, site: Path) -> Visit:
    visit = Visit(url)
    bucket["visit"] = visit
    page.goto(f"{base}/{url.lstrip('/')}")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    if page.locator(".lx-quiz").count():
        page.wait_for_selector(".lx-quiz[data-ready]")
        visit.saved_on_arrival = page.evaluate(SAVED)
        visit.order = page.evaluate(QUIZ_ORDER)
        first = page.locator(".lx-quiz__question").first
        if current:
            first.locator('[data-correct="true"] button').first.click()
        else:
            first.locator(".lx-quiz__option button").first.click()
            if first.get_attribute("data-multiple") == "true":
                first.locator(".lx-quiz__check").click()
        visit.verdict = first.locator(".lx-quiz__option.is-correct").count()
        visit.score = page.locator(".lx-quiz__score").text_content()
    if current:     # the texts as the site serves them (the live DOM may be rewritten by the theme's scripts)
        for name, text in cited((site / url / "index.html").read_text(encoding="utf-8")).items():
            button = page.locator(f'button[data-copy="cite-{name}"]')
            button.click()
            visit.copies[name] = (text, page.evaluate("navigator.clipboard.readText()"), button.text_content())
    # What loading and scrolling asked for has come (or failed): Playwright's network idle, no request for
    # 500 ms after the load, waited for here rather than before the quiz, so that the quiet half-second
    # overlaps the clicks above (what they request is recorded as well); the record is the same or longer.
    page.wait_for_load_state("networkidle")
    page.evaluate("localStorage.clear()")
    bucket["visit"] = None
    return visit


def sweep(site: Path, entry_pages: list[str]) -> Sweep:
    """Visit ``entry_pages`` ("fr/outil/") and every archived page of ``site`` once with JavaScript, the
    entry pages once without; two Chromium launches in all."""
    with static_server(site) as base:
        with chromium() as context:
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
            page = context.new_page()
            bucket: dict = {"visit": None}

            def note(what: str) -> None:
                if bucket["visit"] is not None:
                    bucket["visit"].errors.append(what)

            def requested(request) -> None:
                if bucket["visit"] is not None:
                    bucket["visit"].requests.append((request.resource_type, request.url))

            def answered(response) -> None:
                if bucket["visit"] is not None and response.status >= 400:
                    bucket["visit"].failed.append(f"{response.status} {response.url}")

            def request_failed(request) -> None:
                if bucket["visit"] is not None:
                    bucket["visit"].failed.append(f"failed {request.url}")

            page.on("pageerror", lambda error: note(f"pageerror: {error}"))
            page.on("console", lambda message: note(f"console: {message.text}") if message.type == "error" else None)
            page.on("request", requested)
            page.on("response", answered)
            page.on("requestfailed", request_failed)
            entries = {url: _visit(page, base, url, current=True, bucket=bucket, site=site) for url in entry_pages}
            archived = {url: _visit(page, base, url, current=False, bucket=bucket, site=site) for url in archived_pages(site)}
        with chromium(javascript=False) as context:
            page = context.new_page()
            no_js = {}
            for url in entry_pages:
                page.goto(f"{base}/{url}")
                no_js[url] = page.evaluate(QUIZ_ORDER)
    return Sweep(base, entries, archived, no_js)
