"""The real site's entry pages make no request to another origin in Chromium (no web fonts,
no CDN, no analytics): everything comes from the site itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.requests import cross_origin, record_requests
from tests.support.browser import chromium, static_server

pytestmark = pytest.mark.browser

PROJECT_ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def base_url(real_site):
    with static_server(real_site) as url:
        yield url


@pytest.mark.parametrize("path", ["/fr/mcp/", "/en/mcp/"])
def test_entry_page_requests_stay_on_the_site(base_url, path):
    with chromium() as context:
        requests = record_requests(context, base_url + path)
    urls = [url for _, url in requests]
    assert urls[0] == base_url + path
    assert any(url.endswith("/assets/quiz.js") for url in urls)
    assert any(url.endswith("/assets/lexigraph.css") for url in urls)
    assert cross_origin(requests, base_url) == []
