"""Every request an entry page of the real site makes in Chromium, and which go to another origin.

    .venv/bin/python bench/requests.py [/fr/mcp/ /en/mcp/ ...]

Builds the project's site into a temporary folder, serves it on 127.0.0.1, opens each page
(default /fr/mcp/ and /en/mcp/) in a fresh Chromium, scrolls to the bottom, waits for the
network to go idle and lists every request. Exit status 1 if any went to another origin
(fonts, analytics, CDNs…).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/ (this module's own name shadows the requests package)

from tests.support.browser import chromium, static_server  # noqa: E402
from tests.support.site import make_project, mkdocs_build  # noqa: E402

DEFAULT_PAGES = ("/fr/mcp/", "/en/mcp/")


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def record_requests(context, url: str) -> list[tuple[str, str]]:
    """(resource type, URL) of every request made while loading ``url`` and scrolling to its end."""
    page = context.new_page()
    seen: list[tuple[str, str]] = []
    page.on("request", lambda request: seen.append((request.resource_type, request.url)))
    page.goto(url, wait_until="networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_load_state("networkidle")
    page.close()
    return seen


def cross_origin(requests: list[tuple[str, str]], base_url: str) -> list[tuple[str, str]]:
    """The requests to any origin other than the site's (data: and blob: URLs never leave the page)."""
    return [(kind, url) for kind, url in requests
            if urlsplit(url).scheme in ("http", "https", "ws", "wss") and origin(url) != origin(base_url)]


def main() -> int:
    pages = sys.argv[1:] or list(DEFAULT_PAGES)
    foreign_total = 0
    with tempfile.TemporaryDirectory(prefix="lexigraph-requests-") as tmp:
        project = make_project(ROOT, Path(tmp))
        built = mkdocs_build(project)
        if built.returncode != 0:
            sys.exit(f"the site does not build:\n{built.stderr}")
        with static_server(project / "site") as base_url, chromium() as context:
            for path in pages:
                requests = record_requests(context, base_url + path)
                foreign = cross_origin(requests, base_url)
                foreign_total += len(foreign)
                print(f"{path}: {len(requests)} requests, {len(foreign)} to another origin")
                for kind, url in requests:
                    print(f"  {'OTHER ORIGIN ' if (kind, url) in foreign else ''}{kind:<11} {url}")
    return 1 if foreign_total else 0


if __name__ == "__main__":
    sys.exit(main())
