"""Suite-wide: record which snippet files the snippet tests really used; tiers and parallel runs.

An audit hook sees every file this process opens (the static servers that feed
Chromium included) and every process it starts; while a test under
tests/snippets/ runs, each snippets/ path among them counts as exercised, unless
the file is opened to be copied or shown rather than run: an open made from
shutil (copying a project to build it), from the lexigraph package (reading a
snippet to check or render it) or from MkDocs does not count (see counts_as_run).
tests/test_snippet_coverage.py, moved to the end of the run, checks that every
snippet shown on the site was exercised or carries an `untested` reason.

In a parallel run (pytest-xdist, `--dist loadgroup`), the snippet tests and the
coverage tests form one group, so they run on one worker, coverage last.

Tiers (markers, see pyproject.toml): `browser` (drives Chromium), `build` (runs
a real MkDocs build or serve), `process` (starts real servers and clients),
`slow` (large sweeps). `scripts/test --fast` runs what is none of these.
"""

from __future__ import annotations

import inspect
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

SNIPPETS = (Path(__file__).resolve().parents[1] / "snippets").as_posix() + "/"
EXERCISED: set[str] = set()
_current = {"snippet_test": False}

# Code that opens a snippet to copy, check or render it, never to run it.
_SHUTIL = os.path.abspath(__import__("shutil").__file__)
_PACKAGE = str(Path(__file__).resolve().parents[1] / "lexigraph") + os.sep


def counts_as_run(frames) -> bool:
    """False when any caller is shutil, the lexigraph package or MkDocs: a copy or a page, not a run."""
    for filename in frames:
        if filename == _SHUTIL or filename.startswith(_PACKAGE) or f"{os.sep}mkdocs{os.sep}" in filename:
            return False
    return True


def _callers():
    frame = sys._getframe(2)
    while frame is not None:
        yield frame.f_code.co_filename
        frame = frame.f_back


def _note(value, check_callers: bool) -> None:
    if isinstance(value, (str, bytes, os.PathLike)):
        text = os.fsdecode(value)
        text = os.path.normpath(os.path.abspath(text))   # snippets/webmcp/../json-schema/x.js is json-schema/x.js
        if text.startswith(SNIPPETS) and (not check_callers or counts_as_run(_callers())):
            EXERCISED.add(text[len(SNIPPETS):])


def _audit(event: str, args) -> None:
    if not _current["snippet_test"]:
        return
    if event == "open":
        _note(args[0], check_callers=True)
    elif event == "subprocess.Popen":
        for arg in args[1] or ():
            _note(arg, check_callers=False)


sys.addaudithook(_audit)


SNIPPET_TESTS_RUN_HERE: set[str] = set()


def pytest_runtest_setup(item):
    _current["snippet_test"] = "/tests/snippets/" in Path(item.fspath).as_posix()
    if _current["snippet_test"]:
        SNIPPET_TESTS_RUN_HERE.add(item.nodeid)


def pytest_runtest_teardown(item):
    _current["snippet_test"] = False


def pytest_configure(config):
    """CI never regenerates snapshots: with LEXIGRAPH_UPDATE_SNAPSHOTS=1 a snapshot test writes what the
    server says and cannot fail, so a CI run (CI set, as GitHub Actions sets it) with it is refused."""
    if os.environ.get("LEXIGRAPH_UPDATE_SNAPSHOTS") and os.environ.get("CI", "").lower() not in ("", "0", "false"):
        raise pytest.UsageError("LEXIGRAPH_UPDATE_SNAPSHOTS is set in CI: snapshots are regenerated on a developer's "
                                "machine and the diff reviewed; unset it in the workflow")


BUILT_SITES = {"fixture_site", "real_site", "support_site"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """Run the coverage test last, after every snippet test had its chance, on the snippet tests' worker;
    a test that uses a built site is in the `build` tier. First of the hooks: xdist's own reads the
    `xdist_group` marks when it runs, so marks added after it would put snippet tests on other workers."""
    last = [i for i in items if i.nodeid.startswith("tests/test_snippet_coverage.py")]
    items[:] = [i for i in items if i not in last] + last
    last_ids = {id(i) for i in last}
    for item in items:
        if "/tests/snippets/" in Path(item.fspath).as_posix() or id(item) in last_ids:
            item.add_marker(pytest.mark.xdist_group("snippets"))
        if BUILT_SITES & set(getattr(item, "fixturenames", ())) or _calls(item, _BUILDS):
            item.add_marker(pytest.mark.build)
        if _calls(item, _BROWSES) or "real_pages" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if "real_pages" in getattr(item, "fixturenames", ()):     # one sweep: on one worker
            item.add_marker(pytest.mark.build)
            item.add_marker(pytest.mark.xdist_group("real-pages"))
        if _starts_processes(item):
            item.add_marker(pytest.mark.process)
    # Modules with a costly test (a tier mark) before the unit tests, each module kept whole (its module
    # fixtures set up once): xdist hands out single tests in this order, so the run ends on tests of
    # milliseconds and both workers finish together, not one of them alone on a build or a server.
    # The longest single tests of all lead (bench/README.md, "suite cost"), so that none starts near the end.
    heavy = {_module(i) for i in items if any(i.get_closest_marker(m) for m in ("build", "browser", "process", "slow"))}
    rest = [i for i in items if id(i) not in last_ids]
    items[:] = sorted(rest, key=lambda i: (_module(i) not in _LONGEST, _module(i) not in heavy)) + last


_LONGEST = ("tests/test_revision_flow.py", "tests/test_fuzz_check.py", "tests/test_validators.py",
            "tests/test_bench_generator.py")


def _module(item) -> str:
    return item.nodeid.split("::", 1)[0]


_BUILDS = re.compile(r"\bmkdocs_build\(|\"mkdocs\", \"(?:build|serve)\"|\"preview\"|_running\(")
_BROWSES = re.compile(r"\bchromium\(")


# Modules whose tests start real server or client processes: MCP servers over stdio and HTTP, the
# Inspector, the snippets' reference servers and hosts, the A2A server. Each start costs seconds
# (importing the MCP SDK alone is about 2 s), so they are a tier of their own, out of --fast.
_PROCESS_MODULES = ("tests/snippets/", "tests/test_mcp_", "tests/test_readme_mcp.py", "tests/test_upstream.py")


def _starts_processes(item) -> bool:
    return item.nodeid.startswith(_PROCESS_MODULES)


def _calls(item, pattern: re.Pattern) -> bool:
    """Whether the test function's own source builds a site or starts Chromium (one test of a mixed module)."""
    function = getattr(item, "function", None)
    try:
        return function is not None and bool(pattern.search(inspect.getsource(function)))
    except (OSError, TypeError):
        return False


def _build(content_root: Path, tmp_path_factory, name: str) -> Path:
    """Build ``content_root`` once per run: the first worker to ask builds it (a real ``mkdocs build
    --strict``, no warning allowed) in the run's shared temporary folder, under a file lock; a worker
    that asks later, or while it is being built, waits for that build and gets the same site. A build
    that failed is not shared: the next worker to ask tries again, and fails the same way."""
    import fcntl

    from tests.support.site import make_project, mkdocs_build

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):      # workers' basetemps are .../popen-gwN, in one folder per run
        shared = shared.parent
    project, done = shared / f"shared-{name}", shared / f"shared-{name}.built"
    with open(shared / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                shutil.rmtree(project, ignore_errors=True)
                make_project(content_root, project)
                result = mkdocs_build(project)
                assert result.returncode == 0, result.stderr
                assert "WARNING" not in result.stderr, result.stderr
                done.write_text(name, encoding="utf-8")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return project / "site"


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory) -> Path:
    """The valid fixture corpus, built once per run with the project's config (read-only for tests)."""
    return _build(Path(__file__).parent / "fixtures" / "valid", tmp_path_factory, "fixture-site")


@pytest.fixture(scope="session")
def support_site(tmp_path_factory) -> Path:
    """The valid fixture corpus with support blocks, probes and results (tests/fixtures/support), built once per run."""
    from tests.support.site import support_root

    return _build(support_root(tmp_path_factory.mktemp("support-root") / "root"), tmp_path_factory, "support-site")


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> Path:
    """The real lexicon, built once per run into a temporary folder (read-only for tests)."""
    return _build(Path(__file__).resolve().parents[1], tmp_path_factory, "real-site")


@pytest.fixture(scope="session")
def real_pages(real_site):
    """One visit per entry page (FR and EN) and per archived page of the real site, shared by the sweeps
    that assert on them (tests/support/page_sweep.py); their tests are grouped on one xdist worker."""
    from lexigraph.content.load import load_corpus
    from tests.support.page_sweep import sweep

    corpus = load_corpus(Path(__file__).resolve().parents[1])
    pages = [f"{lang}/{entry.text(lang, 'slug')}/" for entry in corpus.entries.values()
             if entry.status == "published" for lang in ("fr", "en")]
    return sweep(real_site, pages)
