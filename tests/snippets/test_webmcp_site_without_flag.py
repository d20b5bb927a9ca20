"""The site's WebMCP script in Chromium without --enable-features=WebMCPTesting: no
document.modelContext, so it registers nothing and logs nothing. (Its own module: one
Playwright instance per module, and the flagged browser of test_webmcp_site.py is another.)"""

from __future__ import annotations

import pytest

from tests.snippets.test_webmcp_site import open_page, site  # noqa: F401 - the fixture is reused
from tests.support.browser import chromium

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["/fr/outil/", "/en/"])
def test_without_webmcp_nothing_is_registered_or_logged(site, path):  # noqa: F811
    with chromium() as context:
        page = open_page(context, site + path)
        assert page.evaluate("() => typeof document.modelContext") == "undefined"
        assert page.evaluate("() => [...document.scripts].some((s) => s.src.endsWith('/assets/webmcp.js'))")
        assert page.console_lines == []
