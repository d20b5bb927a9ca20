"""Screenshots of the built site (home, an entry, A–Z; light and dark; desktop and mobile) into bench/screenshots/.

Usage: python bench/screenshots.py SITE_DIR [OUT_DIR]. Uses Debian's Chromium through Playwright (tests/support)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.browser import chromium, static_server  # noqa: E402

PAGES = {"home-fr": "fr/", "entry-fr": "fr/mcp/", "az-en": "en/a-z/", "entry-en": "en/mcp/"}
SIZES = {"desktop": {"width": 1280, "height": 900}, "mobile": {"width": 390, "height": 844}}


def pages_in_each_look(site: Path, sizes: dict[str, dict], pages: dict[str, str]):
    """Each page of ``pages`` (name → site path) in each colour scheme and viewport of ``sizes``, loaded from a
    static server of ``site``: yields (the Playwright page, scheme, size name, page name)."""
    with static_server(site) as base, chromium() as context:
        for scheme in ("light", "dark"):
            for size, viewport in sizes.items():
                page = context.new_page()
                page.emulate_media(color_scheme=scheme)
                page.set_viewport_size(viewport)
                for name, url in pages.items():
                    page.goto(f"{base}/{url}")
                    yield page, scheme, size, name
                page.close()


def main(site: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for page, scheme, size, name in pages_in_each_look(site, SIZES, PAGES):
        path = out / f"{name}-{scheme}-{size}.png"
        page.screenshot(path=str(path), full_page=False)
        print(path, path.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).parent / "screenshots")
