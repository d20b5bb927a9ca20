"""The real site's entry pages make no request to another origin in Chromium (no web fonts,
no CDN, no analytics): everything comes from the site itself.

Every entry page and every archived page, from the one visit per page the sweeps share
(tests/support/page_sweep.py: loaded and scrolled to its end, every request recorded until the network is idle);
bench/requests.py lists the requests of any page for a reader."""

from __future__ import annotations

import pytest

from bench.requests import cross_origin


@pytest.mark.parametrize("path", ["/fr/mcp/", "/en/mcp/"])
def test_entry_page_requests_stay_on_the_site(real_pages, path):
    requests = real_pages.entries[path.lstrip("/")].requests
    urls = [url for _, url in requests]
    assert urls[0] == real_pages.base + path
    assert any(url.endswith("/assets/quiz.js") for url in urls)
    assert any(url.endswith("/assets/lexigraph.css") for url in urls)
    assert cross_origin(requests, real_pages.base) == []


def test_no_entry_or_archived_page_requests_another_origin(real_pages):
    visits = {**real_pages.entries, **real_pages.archived}
    assert len(real_pages.entries) >= 40 and len(real_pages.archived) >= 20
    assert {url: foreign for url, visit in visits.items() if (foreign := cross_origin(visit.requests, real_pages.base))} == {}
    assert all(visit.requests for visit in visits.values())       # the recorder saw each page's requests
