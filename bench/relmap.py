"""The relation maps at lexicon scale (issue 23, item 3).

    .venv/bin/python bench/relmap.py [--sizes 100 1000] [--runs 3] [--build] [--json]

Per size N: a synthetic lexicon (bench/generate.py, into bench/out/relmap-<N>/), loaded and checked
once (pipeline.prepare). Then, ``--runs`` times on a fresh copy of the corpus (nothing derived kept):
the clusters, the map pages of both languages and every entry page's SVG, timed (median reported).
Figures: clusters, map pages, nodes drawn (clusters on the lexicon drawing, neighbours on the largest
entry map), entries listed, and the bytes (raw and gzip) of each map page's content as rendered.
With ``--build``, one real ``mkdocs build --strict`` of the lexicon too, and the bytes of each built
map page (the whole HTML file, Material's shell included) against the 80,000-byte page limit.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/

from bench.generate import generate  # noqa: E402
from lexigraph import LANGUAGES  # noqa: E402
from lexigraph.pipeline import prepare  # noqa: E402
from lexigraph.render import relmap  # noqa: E402
from lexigraph.render.indexes import render_map  # noqa: E402
from lexigraph.render.urls import UrlMap  # noqa: E402
from tests.support.site import make_project  # noqa: E402

OUT = ROOT / "bench" / "out"
PAGE_LIMIT = 80_000


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def render_all(site: UrlMap) -> tuple[dict[str, bytes], int]:
    """The map pages of both languages (url → bytes) and the largest entry map's node count."""
    pages = {}
    for lang in LANGUAGES:
        for part in range(1, len(relmap.map_parts(site.corpus)) + 1):
            pages[relmap.map_url(lang, part)] = str(render_map(site, lang, part)).encode()
    largest = 0
    for entry in site.corpus.entries.values():
        for lang in LANGUAGES:
            svg = relmap.entry_map(site, entry, lang, site.urls[(lang, entry.id)])
            largest = max(largest, svg.count("<a "))
    return pages, largest


def measure(size: int, runs: int, build: bool) -> dict:
    folder = OUT / f"relmap-{size}"
    if not (folder / "entries").is_dir() or len(list((folder / "entries").iterdir())) != size:
        generate(size, folder)
    prepared = prepare(folder, "https://www.lexigraph.org/")
    times = []
    for _ in range(runs):
        corpus = dataclasses.replace(prepared.corpus)          # a fresh Corpus: its derived data starts empty
        site = UrlMap.of(corpus, prepared.site.site_url, prepared.site.specs)
        started = time.perf_counter()
        pages, largest = render_all(site)
        times.append(time.perf_counter() - started)
    found = relmap.clusters(site.corpus)
    result = {
        "size": size, "clusters": len(found), "map_pages_per_language": len(relmap.map_parts(site.corpus)),
        "drawn_clusters": min(len(found), relmap.MAX_DRAWN), "largest_entry_map_nodes": largest,
        "largest_cluster": max(len(c.members) for c in found),
        "seconds_median": round(statistics.median(times), 3), "seconds": [round(x, 3) for x in times],
        "content": {url: {"raw": len(body), "gzip": gz(body)} for url, body in pages.items()},
    }
    if build:
        project = make_project(folder, OUT / f"relmap-{size}-project")
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict"], cwd=project, capture_output=True, text=True,
                              env=dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT)), timeout=3600)
        result["site_build_seconds"] = round(time.perf_counter() - started, 1)
        if done.returncode != 0:
            raise SystemExit(done.stderr[-2000:])
        built = {}
        for url in pages:
            body = (project / "site" / url / "index.html").read_bytes()
            built[url] = {"raw": len(body), "gzip": gz(body), "entries_listed": body.count(b"<li><a")}
        result["built"] = built
    return result


def report(results: list[dict]) -> None:
    for r in results:
        print(f"N={r['size']}: {r['clusters']} clusters (largest {r['largest_cluster']} entries), "
              f"{r['map_pages_per_language']} map page(s) per language, {r['drawn_clusters']} clusters drawn, "
              f"largest entry map {r['largest_entry_map_nodes']} neighbours; clusters + map pages + every entry SVG, "
              f"both languages: median {r['seconds_median']:.3f} s of {r['seconds']}")
        for url, sizes in r["content"].items():
            line = f"  {url:<14} content {sizes['raw']:>7,} B raw, {sizes['gzip']:>6,} B gzip"
            if "built" in r:
                b = r["built"][url]
                flag = "ok" if b["raw"] <= PAGE_LIMIT else "OVER"
                line += f" | built page {b['raw']:>7,} B raw, {b['gzip']:>6,} B gzip, {b['entries_listed']} links in lists ({flag})"
            print(line)
        if "site_build_seconds" in r:
            print(f"  whole site build (once): {r['site_build_seconds']} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--build", action="store_true", help="also build each lexicon's site and measure the built map pages")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for size in args.sizes:                    # each size reported as soon as it is measured
        results.append(measure(size, args.runs, args.build))
        if args.json:
            print(json.dumps(results[-1], indent=1), flush=True)
        else:
            report(results[-1:])
            sys.stdout.flush()
    over = [url for r in results for url, b in r.get("built", {}).items() if b["raw"] > PAGE_LIMIT]
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
