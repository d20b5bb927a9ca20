"""The writer's path: the CI workflow, editor schemas, pre-commit, and live reload in `mkdocs serve`."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import yaml

from tests.support.site import PROJECT, make_project

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
WORKFLOW = PROJECT / ".github" / "workflows" / "site.yml"


def test_workflow_is_valid_against_the_github_workflow_schema():
    result = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflow_has_the_pull_request_main_and_weekly_jobs():
    workflow = yaml.safe_load(WORKFLOW.read_text())
    triggers = workflow[True]          # YAML 1.1 reads the key `on` as true
    assert {"pull_request", "push", "schedule"} <= set(triggers)
    assert triggers["push"]["branches"] == ["main"]
    jobs = workflow["jobs"]
    test_steps = " ".join(step.get("run", "") for step in jobs["test"]["steps"])
    assert "lexigraph check --strict" in test_steps and "scripts/test" in test_steps and "mkdocs build --strict" in test_steps
    assert any(step.get("uses", "").startswith("actions/deploy-pages") for step in jobs["deploy"]["steps"])
    assert jobs["deploy"]["needs"] == "test"
    weekly = " ".join(step.get("run", "") for step in jobs["upstream"]["steps"])
    assert "pip install --upgrade mcp" in weekly and "scripts/test" in weekly and "lexigraph stale" in weekly
    assert "lexigraph upstream --open-issues" in weekly and jobs["upstream"]["permissions"]["issues"] == "write"


def test_workflow_runs_the_readme_test_command():
    readme = (PROJECT / "README.md").read_text()
    assert "scripts/test" in readme and "scripts/serve" in readme
    assert "scripts/test" in (PROJECT / ".ci" / "run").read_text()


def test_editor_schemas_cover_every_content_file():
    mapping = json.loads((PROJECT / ".vscode" / "settings.json").read_text())["yaml.schemas"]
    for schema in mapping:
        assert (PROJECT / schema).is_file(), schema
    globs = [g for value in mapping.values() for g in ([value] if isinstance(value, str) else value)]
    content = [*PROJECT.glob("entries/*/*.yml"), *PROJECT.glob("quizzes/*.yml"), PROJECT / "specs.yml"]
    for path in content:
        assert any(path.relative_to(PROJECT).match(g) for g in globs), path


def test_pre_commit_runs_the_code_gates_scripts_test_runs():
    hooks = {h["id"]: h for repo in yaml.safe_load((PROJECT / ".pre-commit-config.yaml").read_text())["repos"] for h in repo["hooks"]}
    assert hooks["ruff"]["entry"] == ".venv/bin/ruff check" and hooks["ruff"]["types"] == ["python"]
    assert hooks["mypy"]["entry"] == ".venv/bin/mypy" and hooks["mypy"]["pass_filenames"] is False
    script = (PROJECT / "scripts" / "test").read_text()
    assert ".venv/bin/ruff check ." in script and ".venv/bin/mypy" in script


def test_pre_commit_runs_lexigraph_check():
    config = yaml.safe_load((PROJECT / ".pre-commit-config.yaml").read_text())
    hooks = [h for repo in config["repos"] for h in repo["hooks"]]
    assert any(h["entry"].endswith("lexigraph check --strict") for h in hooks)
    files = re.compile(next(h["files"] for h in hooks if h["id"] == "lexigraph-check"))
    for path in ("entries/mcp/fr.yml", "quizzes/mcp.en.yml", "snippets/mcp/x.json", "specs.yml",
                 "lexigraph/data/terminology.yml", "archive/mcp/v2026-08/en.md"):
        assert files.search(path), path
    assert not files.search("README.md") and not files.search("lexigraph/cli.py")
    setup = (PROJECT / "scripts" / "setup").read_text()
    assert "git rev-parse --is-inside-work-tree" in setup and ".venv/bin/pre-commit install" in setup


def test_contributing_guide_exists_in_both_languages():
    text = (PROJECT / "CONTRIBUTING.md").read_text()
    for needle in ("lexigraph new", "lexigraph check --strict", "scripts/serve", "« guillemets »", "## Français", "## English"):
        assert needle in text, needle


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    # mkdocs serve holds a request until the rebuild under way is done: allow for a slow machine.
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def test_mkdocs_serve_rebuilds_when_an_entry_changes(tmp_path):
    project = make_project(FIXTURE, tmp_path / "p")
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(PROJECT))
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}/en/widget/"
        deadline = time.monotonic() + 60
        page = None
        while time.monotonic() < deadline and page is None:
            try:
                page = _get(url)
            except OSError:
                time.sleep(0.3)
        assert page is not None and "What the widget declares" in page
        prose = project / "entries" / "widget" / "en.yml"
        prose.write_text(prose.read_text().replace("What the widget declares", "What the widget announces"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and "What the widget announces" not in page:
            time.sleep(0.5)
            try:
                page = _get(url)
            except OSError:       # the server may drop a request while it rebuilds; ask again
                pass
        assert "What the widget announces" in page
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert server.returncode is not None
