"""Benchmark Lexigraph at lexicon scale against plain MkDocs + Material building the same Markdown.

    .venv/bin/python bench/build.py [--sizes 100 1000] [--runs 3] [--runs-large 1]

For each size N: generate N entries (bench/generate.py) into bench/out/n<N>/, then per run time
`lexigraph check`, the full Lexigraph build (`mkdocs build --strict` with the project's config)
and the plain MkDocs build of the same pages (bench/plain.py), each in its own process whose
peak RSS is read with os.wait4. Prints progress lines, then the medians, sizes and budgets.
Exit status 1 if a budget fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project root, not bench/ (whose module names could shadow packages)

from bench.generate import generate  # noqa: E402
from bench.plain import write_plain_project  # noqa: E402
from tests.support.site import make_project  # noqa: E402

OUT = ROOT / "bench" / "out"
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT))
MKDOCS = [sys.executable, "-m", "mkdocs", "build", "--quiet"]
LEXIGRAPH = [sys.executable, "-m", "lexigraph"]


@dataclass
class Timed:
    seconds: float      # wall time
    cpu: float          # user + system CPU time of the process (steadier on a busy machine)
    peak_mb: float
    stopped: bool = False   # stopped at --plain-timeout: the times are lower bounds


@dataclass
class Result:
    size: int
    pages: int = 0                      # HTML pages of the Lexigraph site
    plain_pages: int = 0
    check: list[Timed] = field(default_factory=list)
    build: list[Timed] = field(default_factory=list)
    plain: list[Timed] = field(default_factory=list)
    entry_page_bytes: list[int] = field(default_factory=list)
    largest_entry_page: tuple[str, int] = ("", 0)   # (path under the site, bytes)
    site_bytes: int = 0
    plain_site_bytes: int = 0

    def median(self, name: str, attr: str = "seconds") -> float:
        return statistics.median(getattr(t, attr) for t in getattr(self, name))


def run(command: list[str], cwd: Path, what: str, timeout: float | None = None) -> Timed:
    """Run ``command``; its wall time and its own peak RSS (os.wait4's ru_maxrss, KiB on Linux).

    With ``timeout``, a run still going after that many seconds is stopped and marked
    ``stopped``: its times are then lower bounds.
    """
    start = time.perf_counter()
    stopped = False
    with open(OUT / "last.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=log, stderr=subprocess.STDOUT)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if timeout is not None and time.perf_counter() - start > timeout:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                stopped = True
                break
            time.sleep(0.2)
    process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    if process.returncode != 0 and not stopped:
        sys.exit(f"{what} failed (exit {process.returncode}); see {OUT / 'last.log'}")
    return Timed(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stopped)


def html_pages(site: Path) -> list[Path]:
    return list(site.rglob("*.html"))


def tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


ENTRY_PAGE_LIMIT = 80_000   # bytes of HTML per entry page (issue 20)


def entry_pages(content: Path, site: Path) -> dict[str, int]:
    """Bytes of every entry page's index.html (not the permalink copies), by path under the site."""
    from lexigraph.pipeline import prepare

    urls = prepare(content, "https://www.lexigraph.org/").site.urls
    return {f"{url.strip('/')}/index.html": (site / url.strip("/") / "index.html").stat().st_size for url in urls.values()}


def entry_page_sizes(content: Path, site: Path) -> list[int]:
    """Bytes of every entry page's index.html (not the permalink copies)."""
    return list(entry_pages(content, site).values())


def bench_size(size: int, runs: int, plain_timeout: float | None = None) -> Result:
    folder = OUT / f"n{size}"
    content, project, plain = folder / "content", folder / "lexigraph", folder / "plain"
    shutil.rmtree(folder, ignore_errors=True)
    generate(size, content)
    make_project(content, project)
    result = Result(size)
    print(f"[N={size}] generated {size} entries, {write_plain_project(content, plain)} pages to build", flush=True)
    for i in range(1, runs + 1):
        result.check.append(run(LEXIGRAPH + ["--root", str(content), "check"], ROOT, "lexigraph check"))
        print(f"[N={size}] run {i}/{runs}: check {result.check[-1].seconds:.2f} s ({result.check[-1].cpu:.2f} s CPU)", flush=True)
        shutil.rmtree(project / "site", ignore_errors=True)
        result.build.append(run(MKDOCS + ["--strict"], project, "Lexigraph build"))
        print(f"[N={size}] run {i}/{runs}: Lexigraph build {result.build[-1].seconds:.1f} s ({result.build[-1].cpu:.1f} s CPU), "
              f"peak {result.build[-1].peak_mb:.0f} MB", flush=True)
        shutil.rmtree(plain / "site", ignore_errors=True)
        result.plain.append(run(MKDOCS, plain, "plain MkDocs build", plain_timeout))
        stopped = " STOPPED at the timeout (lower bound)" if result.plain[-1].stopped else ""
        print(f"[N={size}] run {i}/{runs}: plain MkDocs build {result.plain[-1].seconds:.1f} s ({result.plain[-1].cpu:.1f} s CPU), "
              f"peak {result.plain[-1].peak_mb:.0f} MB{stopped}", flush=True)
    result.pages = len(html_pages(project / "site"))
    result.plain_pages = len(html_pages(plain / "site"))
    pages = entry_pages(content, project / "site")
    result.entry_page_bytes = list(pages.values())
    result.largest_entry_page = max(pages.items(), key=lambda item: item[1])
    result.site_bytes = tree_bytes(project / "site")
    result.plain_site_bytes = tree_bytes(plain / "site")
    return result


def _timing(r: Result, name: str, pages: int | None = None) -> str:
    wall, cpu = r.median(name), r.median(name, "cpu")
    line = f"{wall:8.2f} s wall {cpu:8.2f} s CPU   peak {r.median(name, 'peak_mb'):5.0f} MB"
    return line + (f"   {pages} pages, {1000 * cpu / pages:.0f} ms CPU/page" if pages else "")


def report(r: Result) -> None:
    print(f"\n== N = {r.size} entries ({len(r.build)} run(s), medians) ==")
    print(f"lexigraph check        {_timing(r, 'check')}")
    print(f"Lexigraph build        {_timing(r, 'build', r.pages)}")
    stopped = any(t.stopped for t in r.plain)
    print(f"plain MkDocs build     {_timing(r, 'plain', None if stopped else r.plain_pages)}"
          + (f"   STOPPED after {r.plain_pages} pages: a lower bound" if stopped else ""))
    print(f"ratio plain/Lexigraph  {'>' if stopped else ''}{r.median('plain') / r.median('build'):.2f} wall, "
          f"{r.median('plain', 'cpu') / r.median('build', 'cpu'):.2f} CPU")
    print(f"entry page HTML        median {statistics.median(r.entry_page_bytes) / 1024:.1f} KB, "
          f"max {max(r.entry_page_bytes) / 1024:.1f} KB ({len(r.entry_page_bytes)} pages)")
    print(f"largest entry page     {r.largest_entry_page[0]}: {r.largest_entry_page[1]} bytes")
    print(f"site total             {r.site_bytes / 1e6:.1f} MB (plain MkDocs: {r.plain_site_bytes / 1e6:.1f} MB)")


def budgets(small: Result, large: Result) -> list[tuple[str, bool, str]]:
    """(budget, holds, figures) for the budgets of issue 8; times are CPU times (mkdocs is single-threaded)."""
    per_page = lambda r: r.median("build", "cpu") / r.pages  # noqa: E731
    small_bytes, large_bytes = statistics.median(small.entry_page_bytes), statistics.median(large.entry_page_bytes)
    biggest = max(small.entry_page_bytes + large.entry_page_bytes)
    build, plain, check = large.median("build", "cpu"), large.median("plain", "cpu"), large.median("check", "cpu")
    return [
        (f"entry page bytes at N={large.size} within 10% of N={small.size}", abs(large_bytes / small_bytes - 1) <= 0.10,
         f"median {large_bytes:.0f} vs {small_bytes:.0f} B ({100 * (large_bytes / small_bytes - 1):+.1f}%)"),
        (f"site at N={large.size} < 150 MB", large.site_bytes < 150e6, f"{large.site_bytes / 1e6:.1f} MB"),
        (f"time per page at N={large.size} <= 1.2x N={small.size}", per_page(large) <= 1.2 * per_page(small),
         f"{1000 * per_page(large):.0f} vs {1000 * per_page(small):.0f} ms ({per_page(large) / per_page(small):.2f}x)"),
        (f"Lexigraph at N={large.size} <= 0.5x plain MkDocs", build <= 0.5 * plain,
         f"{build:.1f} vs {plain:.1f} s ({build / plain:.2f}x)"),
        (f"check at N={large.size} < 3 s", check < 3, f"{check:.2f} s CPU, {large.median('check'):.2f} s wall"),
        (f"entry page HTML <= {ENTRY_PAGE_LIMIT} bytes", biggest <= ENTRY_PAGE_LIMIT, f"max {biggest} bytes"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000], help="lexicon sizes (default: 100 1000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per size (default: 3)")
    parser.add_argument("--runs-large", type=int, help="runs for sizes of 1000 and more (default: --runs)")
    parser.add_argument("--plain-timeout", type=float, help="stop a plain MkDocs build after this many seconds "
                        "(its time is then a lower bound; at N=1000 it runs for tens of minutes)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    results = []
    for size in args.sizes:
        runs = args.runs_large if size >= 1000 and args.runs_large else args.runs
        results.append(bench_size(size, runs, args.plain_timeout))
    for result in results:
        report(result)
    if len(results) < 2:
        return 0
    print(f"\n== budgets (N={results[0].size} vs N={results[-1].size}) ==")
    checked = budgets(results[0], results[-1])
    for name, holds, figures in checked:
        print(f"{'holds' if holds else 'FAILS':6} {name}: {figures}")
    return 0 if all(holds for _, holds, _ in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
