"""The GitHub workflows pass actionlint (expressions, permissions, action versions, job references), and a
broken one does not: the check can fail."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((PROJECT / ".github" / "workflows").glob("*.yml"))


def actionlint() -> str:
    """The actionlint binary of the [test] extras (ACTIONLINT overrides); missing fails under CI."""
    found = os.environ.get("ACTIONLINT") or shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    if not found:
        if os.environ.get("CI"):
            pytest.fail("actionlint is not installed: it comes with the [test] extras (scripts/setup)")
        pytest.skip("actionlint is not installed (scripts/setup installs the [test] extras)")
    return found


def lint(folder: Path) -> subprocess.CompletedProcess:
    files = sorted(str(p.relative_to(folder)) for p in (folder / ".github" / "workflows").glob("*.yml"))
    return subprocess.run([actionlint(), "-no-color", *files], cwd=folder, capture_output=True, text=True, timeout=120)


def test_there_are_workflows():
    assert [p.name for p in WORKFLOWS] == ["site.yml"]


def test_the_workflows_pass_actionlint():
    result = lint(PROJECT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_broken_workflow_fails_actionlint(tmp_path):
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    text = (PROJECT / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8")
    broken = text.replace("if: steps.suite.outcome == 'failure'", "if: steps.suit.outcome == 'failure'", 1)
    broken = broken.replace("      issues: write\n", "      issues: writ\n", 1)
    assert broken.count("steps.suit.") == 1 and "issues: writ\n" in broken
    (tmp_path / ".github" / "workflows" / "site.yml").write_text(broken, encoding="utf-8")
    result = lint(tmp_path)
    assert result.returncode == 1
    assert 'property "suit" is not defined' in result.stdout
    assert '"writ" is invalid' in result.stdout and "issues" in result.stdout


def test_the_weekly_job_may_open_issues_and_pull_requests_are_checked_against_their_base():
    text = (PROJECT / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8")
    assert "      issues: write\n" in text and "lexigraph upstream --open-issues" in text
    assert 'lexigraph check --strict --base "origin/$BASE"' in text and "fetch-depth: 0" in text
