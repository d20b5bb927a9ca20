"""axe-core on the real site's pages, in both languages: no serious or critical violation."""

from __future__ import annotations

import pytest

from tests.support.browser import chromium, static_server
from tests.support.site import PROJECT

pytestmark = pytest.mark.browser

AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["fr/mcp/", "en/mcp/", "fr/webmcp/", "en/webmcp/", "fr/a-z/", "en/a-z/", "fr/revisions/", "en/revisions/", "fr/", "en/",
         "fr/carte/", "en/map/"]


def test_twelve_page_kinds_of_the_real_site_have_no_serious_axe_violation(real_site):
    found = {}
    with static_server(real_site) as base, chromium() as context:
        page = context.new_page()
        for url in PAGES:
            page.goto(f"{base}/{url}")
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate("""async () => (await axe.run(document)).violations
                .filter(v => v.impact === 'serious' || v.impact === 'critical')
                .flatMap(v => v.nodes.map(n => v.id + ' ' + n.target.join(' ')))""")
            if violations:
                found[url] = violations
    assert found == {}
