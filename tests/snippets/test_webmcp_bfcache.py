"""The site's WebMCP tools across a real back/forward cache restore, in Chromium 156 with
WebMCPTesting. Its own module: its browser keeps the cache on, and Playwright runs one browser
session per thread at a time, so it cannot open while test_webmcp_site's module browser is open."""

from __future__ import annotations

import json

import pytest

from tests.snippets.test_webmcp_site import EXECUTE, open_page
from tests.support.browser import chromium, static_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(real_site):
    with static_server(real_site) as url:
        yield url


def test_a_real_back_forward_cache_restore_registers_the_tools_once_again(site):
    """Chromium's own back/forward cache (kept on here): the page left goes into the cache with its
    tools unregistered, the next page has only its own two, and going back restores the first page
    as it was, with its two tools registered again and answering."""
    with chromium(webmcp=True, bfcache=True) as context:
        page = open_page(context, site + "/en/")
        page.evaluate("() => { window.lexigraphTestMark = 'kept'; }")
        page.goto(site + "/en/mcp/")
        page.wait_for_load_state("load")
        assert page.evaluate("async () => (await document.modelContext.getTools()).map((t) => t.name)") == [
            "get_entry", "search_lexicon"]
        page.go_back(wait_until="commit")       # a restore fires no load event
        page.wait_for_function("() => window.lexigraphTestMark === 'kept'")   # the same document: restored, not reloaded
        page.wait_for_function("async () => (await document.modelContext.getTools()).length === 2")
        assert page.evaluate("async () => (await document.modelContext.getTools()).map((t) => t.name)") == [
            "get_entry", "search_lexicon"]
        hits = json.loads(page.evaluate(EXECUTE, ["search_lexicon", {"query": "harness"}]))
        assert (hits[0]["id"], hits[0]["title"]) == ("harness", "Harness")
        assert page.console_lines == []
