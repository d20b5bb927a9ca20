"""Screenshots of an entry page's Support section (issue 29): French and English, light and dark, desktop and phone,
into bench/screenshots/support-{fr,en}-{light,dark}-{desktop,phone}.png.

Usage: python bench/support_screenshots.py SITE_DIR [FR_PAGE EN_PAGE] [OUT_DIR]. Without pages, the fixture lexicon's
widget entry (fr/bidule/, en/widget/): build it with `python bench/support_screenshots.py --build DIR`, which makes
tests/fixtures/valid + tests/fixtures/support (a table with a cell of every kind) and builds it into DIR/site.
Uses Debian's Chromium through Playwright (tests/support)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import pages_in_each_look  # noqa: E402

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
# From the section's heading to the end of its list of evidence (the lines below the table).
BOX = """() => { const h = document.getElementById('support'); const end = h.nextElementSibling.nextElementSibling.nextElementSibling;
  const last = document.querySelector('.lx-support__evidence') || end; const a = h.getBoundingClientRect(), b = last.getBoundingClientRect();
  const left = document.querySelector('article').getBoundingClientRect();
  return {x: Math.max(0, left.x - 8), y: a.y + window.scrollY - 8, width: Math.min(left.width + 16, window.innerWidth), height: b.bottom - a.y + 16}; }"""


def main(site: Path, pages: dict[str, str], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    anchored = {lang: f"{url}#support" for lang, url in pages.items()}
    for page, scheme, size, lang in pages_in_each_look(site, SIZES, anchored):
        clip = page.evaluate(BOX)
        path = out / f"support-{lang}-{scheme}-{size}.png"
        page.screenshot(path=str(path), full_page=True, clip=clip)
        print(path, path.stat().st_size)


def build(workdir: Path) -> Path:
    from tests.support.site import make_project, mkdocs_build, support_root

    project = make_project(support_root(workdir / "root"), workdir / "project")
    result = mkdocs_build(project)
    if result.returncode:
        sys.exit(result.stderr)
    return project / "site"


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--build"]:
        print(build(Path(args[1])))
        sys.exit(0)
    chosen = {"fr": args[1], "en": args[2]} if len(args) >= 3 else {"fr": "fr/bidule/", "en": "en/widget/"}
    main(Path(args[0]), chosen, Path(args[3]) if len(args) > 3 else Path(__file__).parent / "screenshots")
