"""Suite-wide: record which snippet files the snippet tests really used.

An audit hook sees every file this process opens (the static servers that feed
Chromium included) and every process it starts; while a test under
tests/snippets/ runs, each snippets/ path among them counts as exercised.
tests/test_snippet_coverage.py, moved to the end of the run, checks that every
snippet shown on the site was exercised or carries an `untested` reason.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

SNIPPETS = (Path(__file__).resolve().parents[1] / "snippets").as_posix() + "/"
EXERCISED: set[str] = set()
_current = {"snippet_test": False}


def _note(value) -> None:
    if isinstance(value, (str, bytes, os.PathLike)):
        text = os.fsdecode(value)
        text = os.path.abspath(text) if not text.startswith(SNIPPETS) else text
        if text.startswith(SNIPPETS):
            EXERCISED.add(text[len(SNIPPETS):])


def _audit(event: str, args) -> None:
    if not _current["snippet_test"]:
        return
    if event == "open":
        _note(args[0])
    elif event == "subprocess.Popen":
        for arg in args[1] or ():
            _note(arg)


sys.addaudithook(_audit)


def pytest_runtest_setup(item):
    _current["snippet_test"] = "/tests/snippets/" in Path(item.fspath).as_posix()


def pytest_runtest_teardown(item):
    _current["snippet_test"] = False


def pytest_collection_modifyitems(session, config, items):
    """Run the coverage test last, after every snippet test had its chance."""
    last = [i for i in items if i.nodeid.startswith("tests/test_snippet_coverage.py")]
    items[:] = [i for i in items if i not in last] + last


def _build(content_root: Path, tmp_path_factory, name: str) -> Path:
    from tests.support.site import make_project, mkdocs_build

    project = make_project(content_root, tmp_path_factory.mktemp(name))
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory) -> Path:
    """The valid fixture corpus, built once per run with the project's config (read-only for tests)."""
    return _build(Path(__file__).parent / "fixtures" / "valid", tmp_path_factory, "fixture-site")


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> Path:
    """The real lexicon, built once per run into a temporary folder (read-only for tests)."""
    return _build(Path(__file__).resolve().parents[1], tmp_path_factory, "real-site")
