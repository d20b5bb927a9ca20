"""What a reader pays per visit, what the first search costs, and how fast a writer's preview follows a save.

    .venv/bin/python bench/visit.py [--sizes 100 1000] [--content bench/out/content] [--edits 3]

Per size N: a synthetic lexicon (bench/generate.py; kept in --content/<N> and reused when present),
built with the project's config plus a bench-only hook that lets Material's search plugin index
the entry pages again (to size the lazily loaded lunr alternative; the site's pages are the same).
Then, served on 127.0.0.1 and loaded in Chromium:

- cold: a fresh browser opens an entry page and scrolls to its end;
- warm: the same browser opens a second entry page;
- first query: on that page, the reader types a query; what Pagefind fetches for it;
- lunr, per language: what Material's worker would fetch on the first query if each language had its
  own index loaded lazily (worker, lunr language files and that language's search_index.json);
- definition previews, per language: a fresh browser opens an entry page and scrolls to its end (the gzip bytes of
  the previews' own script and style, and the bytes of preview data fetched so far, which must be 0); then the
  pointer rests on three preview links in turn: what the first preview fetches (that language's lexicon.json)
  and what the next two fetch (nothing);
- preview: `lexigraph preview <id>` is started, the entry page is open in Chromium, the entry's
  fr.yml is saved with a new definition, and the time until the page shows it is taken (median).

Bytes are gzip bytes: each response's body gzipped at level 6 for text (HTML, CSS, JS, JSON, XML,
SVG), as a host serving gzip sends it; Pagefind's chunks and WebAssembly are already compressed
and count as they are. A response served from Chromium's cache counts 0. Headers are not counted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)

from tests.support.browser import chromium, static_server  # noqa: E402
from tests.support.site import make_project  # noqa: E402

TEXT = re.compile(r"text/|javascript|json|xml|svg")
PAGES = ("mcp", "tool")   # first and second entry page of a visit: the first clones of these real entries
QUERY = {"fr": "outil", "en": "tool"}
BUDGET = {"cold": 150_000, "warm": 40_000, "first query": 400_000, "preview": 3.0, "card assets": 8_000}
CARD_ASSETS = re.compile(r"/assets/preview\.(?:js|css)$")            # docs/assets/preview.js and .css
CARD_LINKS = "a.lx-mention[data-entry], .lx-relations a[data-entry]"   # the links docs/assets/preview.js previews

# Lets Material's search plugin index the current entry pages, as a lazily loaded lunr index would hold.
LUNR_HOOK = '''
import re
from mkdocs.plugins import event_priority

@event_priority(-100)
def on_page_content(html, page, config, files):
    if re.fullmatch(r"\\w\\w/[^/]+\\.md", page.file.src_uri) and page.file.src_uri.split("/")[1] not in ("index.md", "a-z.md", "revisions.md"):
        page.meta.pop("search", None)
    return html
'''


def content(size: int, keep: Path) -> Path:
    folder = keep / str(size)
    if not (folder / "entries").is_dir() or len(list((folder / "entries").iterdir())) != size:
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run([sys.executable, str(ROOT / "bench/generate.py"), str(size), str(folder)], check=True,
                       stdout=subprocess.DEVNULL)
    return folder


def clone(project: Path, real_id: str) -> str:
    """The id of the first clone of ``real_id`` (bench/generate.py: s<number>-<id>; its number depends on how many
    real entries there are, so it is looked up)."""
    return min(p.name for p in (project / "entries").iterdir() if p.name.split("-", 1)[1] == real_id)


def slug(project: Path, entry_id: str, lang: str) -> str:
    text = (project / "entries" / entry_id / f"{lang}.yml").read_text(encoding="utf-8")
    return re.search(r"^slug: (.+)$", text, re.M).group(1).strip()


def gz(body: bytes, content_type: str) -> int:
    return len(gzip.compress(body, 6)) if TEXT.search(content_type or "") else len(body)


def record(page) -> list[dict]:
    """Collect, for each finished response, its URL, status and transferred gzip bytes."""
    seen: list[dict] = []

    def on_finished(request):
        try:
            response = request.response()
            if response is None:
                return
            cached = request.sizes()["responseBodySize"] <= 0   # Chromium reports a cache hit as ≤ 0
            body = b"" if cached or response.status != 200 else response.body()
        except Exception:   # the page closed before the body could be read
            return
        seen.append({"url": request.url, "status": response.status,
                     "bytes": gz(body, response.headers.get("content-type", ""))})

    page.on("requestfinished", on_finished)
    return seen


def visit(base: str, project: Path, lang: str) -> dict:
    """Cold and warm entry page loads, then the first query, in one fresh Chromium."""
    first, second = (f"{base}/{lang}/{slug(project, clone(project, e), lang)}/" for e in PAGES)
    with chromium() as context:
        page = context.new_page()
        seen = record(page)
        page.goto(first, wait_until="networkidle")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_load_state("networkidle")
        cold = list(seen)
        seen.clear()
        page.goto(second, wait_until="networkidle")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_load_state("networkidle")
        warm = list(seen)
        seen.clear()
        page.keyboard.press("/")
        page.keyboard.type(QUERY[lang])
        page.wait_for_selector(".md-search-result__link")
        page.wait_for_load_state("networkidle")
        query = list(seen)
    total = lambda rs: sum(r["bytes"] for r in rs)  # noqa: E731
    failed = [f'{r["status"]} {r["url"]}' for r in cold + warm + query if r["status"] >= 400]
    search_before = [r["url"] for r in cold + warm if "/pagefind/" in r["url"] or "/search/" in r["url"]]
    return {"cold": total(cold), "cold_requests": len(cold), "warm": total(warm), "warm_requests": len(warm),
            "first query": total(query), "query_requests": len(query), "failed": failed, "search_before_use": search_before}


def card_previews(base: str, project: Path, lang: str) -> dict:
    """Definition previews: their script and style, the data fetched before the first preview (0), at the first
    and over the next two."""
    with chromium() as context:
        page = context.new_page()
        seen = record(page)
        page.goto(f"{base}/{lang}/{slug(project, clone(project, PAGES[0]), lang)}/", wait_until="networkidle")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.mouse.move(2, 300)
        page.wait_for_load_state("networkidle")
        before = list(seen)
        seen.clear()
        links = page.locator(CARD_LINKS)
        rounds = []
        for index in range(min(3, links.count())):
            page.mouse.move(2, 2)
            if index:
                page.wait_for_selector("#lx-preview", state="hidden")
            started = time.perf_counter()
            links.nth(index).hover()
            page.wait_for_selector("#lx-preview:not([hidden])")
            page.wait_for_load_state("networkidle")
            # Chromium asks for the favicon whenever it gets to it, preview or not: not the preview's cost.
            rounds.append({"seconds": time.perf_counter() - started, "fetched": [r for r in seen if "/favicon" not in r["url"]]})
            seen.clear()
    data = [r for r in before if r["url"].endswith("/lexicon.json")]
    return {"assets": sum(r["bytes"] for r in before if CARD_ASSETS.search(r["url"])),
            "assets_files": sorted(r["url"].rsplit("/", 1)[1] for r in before if CARD_ASSETS.search(r["url"])),
            "data_before_first": sum(r["bytes"] for r in data), "requests_before_first": len(data),
            "first": sum(r["bytes"] for r in rounds[0]["fetched"]) if rounds else None,
            "first_urls": [r["url"].removeprefix(base) for r in rounds[0]["fetched"]] if rounds else [],
            "first_seconds": rounds[0]["seconds"] if rounds else None,
            "next": sum(r["bytes"] for x in rounds[1:] for r in x["fetched"]), "previews": len(rounds)}


def lunr(site: Path, lang: str) -> dict:
    """First-query bytes of Material's worker with one lazily loaded index for ``lang``."""
    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    docs = [d for d in index["docs"] if d["location"].startswith(f"{lang}/")]
    data = json.dumps({"config": {**index["config"], "lang": [lang]}, "docs": docs}).encode()
    scripts = [next((site / "assets/javascripts/workers").glob("search.*.min.js"))]
    if lang != "en":
        scripts += [site / "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
                    site / f"assets/javascripts/lunr/min/lunr.{lang}.min.js"]
    code = sum(len(gzip.compress(p.read_bytes(), 6)) for p in scripts)
    return {"index": len(gzip.compress(data, 6)), "index_raw": len(data), "scripts": code, "total": len(gzip.compress(data, 6)) + code}


def pagefind_bytes(site: Path, lang: str) -> dict:
    folder = site / "pagefind"
    files = [p for p in folder.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def preview(project: Path, edits: int) -> dict:
    """Seconds from saving the entry's fr.yml to the preview page showing the change."""
    entry = clone(project, PAGES[1])
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "lexigraph", "preview", entry, "--port", str(port)], cwd=project,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/fr/{slug(project, entry, 'fr')}/"
    source = project / "entries" / entry / "fr.yml"
    original = source.read_text(encoding="utf-8")
    times = []
    try:
        with chromium() as context:
            page = context.new_page()
            while True:
                try:
                    page.goto(url, wait_until="load")
                    break
                except Exception:
                    if process.poll() is not None:
                        sys.exit(f"lexigraph preview stopped:\n{process.stderr.read()}")
                    time.sleep(0.2)
            ready = time.perf_counter() - started
            for n in range(edits):
                marker = f"Mesure{n}x{int(time.time())}"
                text = re.sub(r"^definition: ", f"definition: {marker} ", original, count=1, flags=re.M)
                saved = time.perf_counter()
                source.write_text(text, encoding="utf-8")
                page.wait_for_function("m => document.body.innerText.includes(m)", arg=marker, timeout=120_000)
                times.append(time.perf_counter() - saved)
                time.sleep(1)
    finally:
        source.write_text(original, encoding="utf-8")
        process.terminate()
        process.wait(timeout=30)
    return {"startup": ready, "save_to_page": statistics.median(times), "runs": times}


def measure(size: int, keep: Path, edits: int, reuse: bool) -> dict:
    folder = content(size, keep)
    project = keep.parent / f"project-{size}"
    site = project / "site"
    build_time = None
    if not (reuse and (site / "pagefind/pagefind.js").is_file()):
        shutil.rmtree(project, ignore_errors=True)
        make_project(folder, project)
        yml = (project / "mkdocs.yml").read_text(encoding="utf-8")
        (project / "lunr_hook.py").write_text(LUNR_HOOK, encoding="utf-8")
        (project / "mkdocs.yml").write_text(yml.replace("hooks:\n", "hooks:\n  - lunr_hook.py\n", 1), encoding="utf-8")
        started = time.perf_counter()
        # No timeout: at N=1000 on a busy shared machine the build takes many minutes.
        built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict"], cwd=project,
                               env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, capture_output=True, text=True)
        build_time = time.perf_counter() - started
        if built.returncode != 0:
            sys.exit(f"N={size}: the site does not build:\n{built.stderr}")
        (project / "mkdocs.yml").write_text(yml, encoding="utf-8")   # the preview runs the project's own config
    result = {"size": size, "build_wall": build_time, "pagefind_on_disk": pagefind_bytes(site, "fr")}
    with static_server(site) as base:
        for lang in ("fr", "en"):
            result[lang] = {**visit(base, project, lang), "lunr": lunr(site, lang), "cards": card_previews(base, project, lang)}
    result["preview"] = preview(project, edits)
    return result


def kb(n: float) -> str:
    return f"{n / 1000:.1f} KB"


def report(results: list[dict]) -> None:
    sizes = [r["size"] for r in results]
    print("\n| per visit (gzip) | " + " | ".join(f"N = {n}" for n in sizes) + " | budget |")
    print("|---|" + "---|" * len(sizes) + "---|")
    for key in ("cold", "warm", "first query"):
        for lang in ("fr", "en"):
            cells = [f'{kb(r[lang][key])} ({r[lang][key.split()[0] + "_requests" if key != "first query" else "query_requests"]} req.)' for r in results]
            print(f"| {key}, {lang} | " + " | ".join(cells) + f" | ≤ {kb(BUDGET[key])} |")
    for lang in ("fr", "en"):
        print(f"| lazy lunr first query, {lang} | " + " | ".join(
            f'{kb(r[lang]["lunr"]["total"])} (index {kb(r[lang]["lunr"]["index"])})' for r in results) + f" | ≤ {kb(BUDGET['first query'])} |")
    print("| definition previews: script + style | " + " | ".join(
        f'{kb(r["fr"]["cards"]["assets"])} ({len(r["fr"]["cards"]["assets_files"])} files)' for r in results) + f" | ≤ {kb(BUDGET['card assets'])} |")
    for lang in ("fr", "en"):
        print(f"| definition previews, {lang}: data before the first / at the first / next two | " + " | ".join(
            f'{kb(c["data_before_first"])} / {kb(c["first"] or 0)} ({", ".join(c["first_urls"])}) / {kb(c["next"])}'
            for c in (r[lang]["cards"] for r in results)) + " | 0 before the first |")
    print("| preview, save → page shows it (median) | " + " | ".join(f'{r["preview"]["save_to_page"]:.2f} s' for r in results) + " | ≤ 3 s |")
    print("| preview start (check + first build) | " + " | ".join(f'{r["preview"]["startup"]:.1f} s' for r in results) + " | — |")
    print("| full build (wall, with the bench's lunr index) | " + " | ".join(f'{r["build_wall"] or 0:.0f} s' for r in results) + " | — |")
    print("| pagefind/ on disk | " + " | ".join(f'{r["pagefind_on_disk"]["files"]} files, {kb(r["pagefind_on_disk"]["bytes"])}' for r in results) + " | — |")
    for r in results:
        for lang in ("fr", "en"):
            cards = r[lang]["cards"]
            if cards["data_before_first"] or cards["requests_before_first"] or cards["assets"] > BUDGET["card assets"]:
                print(f'N={r["size"]} {lang}: definition previews over budget: {cards}')
            if r[lang]["failed"] or r[lang]["search_before_use"]:
                print(f'N={r["size"]} {lang}: failed {r[lang]["failed"]}, search data before use {r[lang]["search_before_use"]}')
    if len(results) > 1:
        small, large = results[0], results[-1]
        for key in ("cold", "warm"):
            for lang in ("fr", "en"):
                change = large[lang][key] / small[lang][key] - 1
                print(f"{key} {lang}: N={large['size']} vs N={small['size']}: {change:+.1%} (budget within ±10 %)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--content", type=Path, default=ROOT / "bench/out/content")
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="measure the site already built in bench/out/project-N")
    args = parser.parse_args()
    results = []
    for size in args.sizes:
        results.append(measure(size, args.content, args.edits, args.reuse))
        (ROOT / "bench/out" / f"visit-{size}.json").write_text(json.dumps(results[-1], indent=2), encoding="utf-8")
        print(json.dumps(results[-1]), flush=True)
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
