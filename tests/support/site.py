"""Build a real site from any content root (a fixture, a synthetic lexicon) with the
project's own mkdocs.yml, hooks, theme overrides and assets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
CONTENT = ("entries", "quizzes", "snippets")


def make_project(content_root: Path, workdir: Path, *, extra_files: dict[str, str] | None = None) -> Path:
    """A project folder in ``workdir``: project config and theme, ``content_root``'s content."""
    workdir.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml",):
        shutil.copy(PROJECT / name, workdir / name)
    for name in ("docs", "overrides", "hooks"):
        if not (workdir / name).exists():
            shutil.copytree(PROJECT / name, workdir / name)
    for name in CONTENT + ("specs.yml", "path.yml", "archive", "support"):
        source = content_root / name
        if source.is_dir():
            shutil.copytree(source, workdir / name, dirs_exist_ok=True)
        elif source.is_file():
            shutil.copy(source, workdir / name)
    for name, text in (extra_files or {}).items():
        (workdir / name).write_text(text, encoding="utf-8")
    return workdir


def support_root(workdir: Path) -> Path:
    """The valid fixture lexicon with the support overlay of tests/fixtures/support: support blocks appended to
    its entries' entry.yml, the probe files and their results (support/)."""
    fixtures = PROJECT / "tests" / "fixtures"
    shutil.copytree(fixtures / "valid", workdir)
    shutil.copytree(fixtures / "support" / "support", workdir / "support")
    for block in sorted((fixtures / "support").glob("*.support.yml")):
        entry = workdir / "entries" / block.name.split(".")[0] / "entry.yml"
        entry.write_text(entry.read_text(encoding="utf-8").rstrip("\n") + "\n" + block.read_text(encoding="utf-8"), encoding="utf-8")
    return workdir


def mkdocs_build(project: Path, *, strict: bool = True, site_dir: Path | None = None,
                 quiet: bool = True) -> subprocess.CompletedProcess:
    """Run the real ``mkdocs build`` in ``project``; returns the finished process (never raises)."""
    command = [sys.executable, "-m", "mkdocs", "build"] + (["--quiet"] if quiet else [])
    if strict:
        command.append("--strict")
    if site_dir is not None:
        command += ["--site-dir", str(site_dir)]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(PROJECT))
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600)
