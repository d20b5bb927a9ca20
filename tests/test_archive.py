"""Archiving a version before a bump keeps its permalink alive with its old content."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.site import PROJECT, make_project, mkdocs_build

pytestmark = pytest.mark.build

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def lexigraph(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(project), *args],
                          cwd=PROJECT, capture_output=True, text=True, timeout=120)


def bump(project: Path) -> None:
    """What a writer does for a new version: new text, new version, one more line in versions."""
    entry, en = project / "entries/widget/entry.yml", project / "entries/widget/en.yml"
    facts = entry.read_text(encoding="utf-8").replace("version: v2026-08\n", "version: v2026-11\n", 1)
    last = facts.rindex("  - {version: ")
    end = facts.index("\n", last) + 1     # after the last item of versions (other fields may follow it)
    entry.write_text(facts[:end] + "  - {version: v2026-11, date: 2026-11-20, changed: [main-text, examples]}\n" + facts[end:], encoding="utf-8")
    text = en.read_text(encoding="utf-8").replace("A widget is a test piece", "A widget is a revised test piece")
    en.write_text(text + "  v2026-11: The definition now says revised.\n", encoding="utf-8")


def test_archive_bump_rebuild_keeps_old_permalink_with_old_content(tmp_path):
    project = make_project(FIXTURE, tmp_path / "project")
    result = lexigraph(project, "archive", "widget", "--from-worktree")   # not a git repository
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(p.name for p in (project / "archive/widget/v2026-08").iterdir()) == ["en.md", "fr.md", "version.yml"]
    again = lexigraph(project, "archive", "widget", "--from-worktree")
    assert again.returncode == 1 and "already exists" in again.stdout

    bump(project)
    built = mkdocs_build(project)
    assert built.returncode == 0, built.stderr
    site = project / "site"
    old = (site / "en/widget/v2026-08/index.html").read_text(encoding="utf-8")
    new = (site / "en/widget/v2026-11/index.html").read_text(encoding="utf-8")
    current = (site / "en/widget/index.html").read_text(encoding="utf-8")
    assert "A widget is a test piece" in old and "revised test piece" not in old
    assert "Archived version v2026-08 of 2026-08-15." in old and '<a href="../">See the current version (v2026-11)</a>' in old
    assert "A widget is a revised test piece" in current
    # The current version's permalink names its version and leads to the entry page.
    assert "<h1>Widget · v2026-11</h1>" in new and '<meta http-equiv="refresh" content="0; url=../">' in new
    assert '<link rel="canonical" href="https://www.lexigraph.org/en/widget/">' in new
    assert "https://www.lexigraph.org/en/widget/v2026-11/" in current
    assert ('<li data-version="v2026-11"><a href="v2026-11/">v2026-11</a> · <time datetime="2026-11-20">2026-11-20</time> · '
            "changes to: main text, examples — The definition now says revised.</li>") in current
    assert '<li data-version="v2026-08"><a href="v2026-08/">v2026-08</a>' in current
    assert (site / "fr/bidule/v2026-08/index.html").is_file() and (site / "fr/bidule/v2026-11/index.html").is_file()
    feed = (site / "en/feed.xml").read_text(encoding="utf-8")
    assert feed.index("Widget — v2026-11 (revised entry)") < feed.index("Widget — v2026-08 (new entry)")
