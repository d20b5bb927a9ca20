"""Every entry page of the real site stays within 80,000 bytes of HTML (issue 20: a page a newcomer can read,
and one a slow connection loads); bench/build.py reports the largest."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.build

LIMIT = 80_000
ROOT = Path(__file__).resolve().parents[1]


def entry_page_bytes(content: Path, site: Path) -> dict[str, int]:
    """Bytes of each entry page (fr/ and en/, not the permalink copies), by path under the site."""
    from lexigraph.pipeline import prepare

    urls = prepare(content, "https://www.lexigraph.org/").site.urls
    return {f"{url}index.html": (site / url / "index.html").stat().st_size for url in urls.values()}


def test_every_entry_page_of_the_real_site_is_at_most_80000_bytes(real_site):
    sizes = entry_page_bytes(ROOT, real_site)
    assert len(sizes) >= 2 * 22                                # every entry, in both languages
    over = {path: size for path, size in sorted(sizes.items()) if size > LIMIT}
    assert not over, f"entry pages over {LIMIT} bytes: trim their prose (cut repetition, not facts): {over}"
