"""`lexigraph upstream` reads the installed reference implementations and names what specs.yml lacks,
with a stanza to paste; the weekly job's issues are opened once per specification and revision."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parents[1]


def upstream(root: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), "upstream", *args],
                          capture_output=True, text=True, timeout=120, env=dict(os.environ, **env))


def copy(tmp_path: Path) -> Path:
    root = tmp_path / "lexicon"
    for name in ("entries", "quizzes", "snippets", "archive", "support"):
        shutil.copytree(PROJECT / name, root / name)
    shutil.copy(PROJECT / "specs.yml", root / "specs.yml")
    return root


def drop_revision(root: Path, spec_id: str, date: str) -> None:
    """specs.yml as it was before a revision was recorded (entries checked against it now point back)."""
    path = root / "specs.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec = next(s for s in data["specs"] if s["id"] == spec_id)
    spec["revisions"] = [r for r in spec["revisions"] if str(r["date"]) != date]
    spec["current"] = str(spec["revisions"][-1]["date"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_the_real_registry_knows_every_installed_revision():
    result = upstream(PROJECT)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"mcp: mcp SDK {metadata.version('mcp')} ") and "known 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28" in lines[0]
    assert lines[1].startswith("mcp-apps: @modelcontextprotocol/ext-apps ")
    assert lines[2].startswith("a2a: a2a-sdk 1.")
    assert lines[3].startswith("webmcp: Chromium ") or lines[3].startswith("webmcp: not read")
    assert lines[-1] == "specs.yml knows every revision the installed reference implementations know."


def test_a_revision_missing_from_specs_yml_is_reported_with_a_stanza(tmp_path):
    root = copy(tmp_path)
    drop_revision(root, "mcp", "2026-07-28")
    result = upstream(root)
    assert result.returncode == 1
    out = result.stdout
    assert "1 revision(s) specs.yml does not know." in out
    assert (f"specs.yml: record MCP revision 2026-07-28 (from mcp SDK {metadata.version('mcp')}), under `- id: mcp` → `revisions:`\n"
            "      - date: 2026-07-28\n"
            "        review_within_days: 30\n"
            "        note:\n"
            '          en: "TODO: what this revision changes, in one line"\n'
            '          fr: "TODO\u00a0: ce que cette révision change, en une ligne"') in out
    # The stanza pastes as it is: put back under revisions, the registry is whole again.
    stanza = out.split("`revisions:`\n", 1)[1]
    registry = yaml.safe_load(stanza.replace("      - ", "- ", 1).replace("\n        ", "\n  "))
    assert registry[0]["review_within_days"] == 30 and registry[0]["note"]["en"].startswith("TODO")


def test_a_newer_chromium_and_a2a_version_are_new_revisions(tmp_path):
    root = copy(tmp_path)
    drop_revision(root, "a2a", "2026-03-12")
    chromium = tmp_path / "chromium"
    chromium.write_text("#!/bin/sh\necho 'Chromium 157.0.1.2 built on Debian'\n")
    chromium.chmod(0o755)
    result = upstream(root, LEXIGRAPH_CHROMIUM=str(chromium), LEXIGRAPH_TODAY="2027-02-02")
    assert result.returncode == 1
    assert "specs.yml: record A2A revision 1.0 (from a2a-sdk " in result.stdout
    assert ('      - date: 2027-02-02   # TODO: the revision\'s own date\n        version: "Chromium 157"\n') in result.stdout
    as_json = json.loads(upstream(root, "--json", LEXIGRAPH_CHROMIUM=str(chromium)).stdout)
    assert [(x["spec"], x["revision"], x["title"]) for x in as_json] == [
        ("a2a", "1.0", "specs.yml: record A2A revision 1.0"), ("webmcp", "Chromium 157", "specs.yml: record WebMCP revision Chromium 157")]


FAKE_GH = """#!/usr/bin/env python3
import json, os, sys
log = os.environ["GH_LOG"]
with open(log, "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\\n")
if sys.argv[1:3] == ["issue", "list"]:
    print(open(os.environ["GH_ISSUES"]).read())
elif sys.argv[1:3] == ["issue", "create"]:
    print("https://github.com/o/r/issues/7")
"""


def test_issues_are_opened_once_then_updated(tmp_path):
    root = copy(tmp_path)
    drop_revision(root, "mcp", "2026-07-28")
    gh, log, issues = tmp_path / "gh", tmp_path / "gh.log", tmp_path / "issues.json"
    gh.write_text(FAKE_GH)
    gh.chmod(0o755)
    issues.write_text(json.dumps([{"number": 3, "title": "specs.yml: record MCP revision 2026-07-2", "state": "OPEN"}]))
    env = dict(LEXIGRAPH_GH=str(gh), GH_LOG=str(log), GH_ISSUES=str(issues))
    first = upstream(root, "--open-issues", **env)
    assert first.returncode == 1, first.stderr
    assert "opened https://github.com/o/r/issues/7: specs.yml: record MCP revision 2026-07-28" in first.stdout
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert [c[:2] for c in calls] == [["label", "create"], ["issue", "list"], ["issue", "create"]]
    assert calls[1][calls[1].index("--search") + 1] == '"specs.yml: record MCP revision 2026-07-28" in:title'
    assert calls[1][calls[1].index("--state") + 1] == "all"

    # Next week the same revision is still missing: the issue (even closed) is updated, never opened again.
    log.unlink()
    issues.write_text(json.dumps([{"number": 7, "title": "specs.yml: record MCP revision 2026-07-28", "state": "CLOSED"}]))
    second = upstream(root, "--open-issues", **env)
    assert "updated #7: specs.yml: record MCP revision 2026-07-28" in second.stdout
    assert [json.loads(line)[:3] for line in log.read_text().splitlines()] == [
        ["label", "create", "upstream-revision"], ["issue", "list", "--state"], ["issue", "edit", "7"]]


def test_nothing_new_opens_no_issue(tmp_path):
    gh, log = tmp_path / "gh", tmp_path / "gh.log"
    gh.write_text(FAKE_GH)
    gh.chmod(0o755)
    result = upstream(PROJECT, "--open-issues", LEXIGRAPH_GH=str(gh), GH_LOG=str(log), GH_ISSUES=str(tmp_path / "none"))
    assert result.returncode == 0 and not log.exists()


def test_the_weekly_support_summary_goes_into_the_revision_issue(tmp_path):
    root = copy(tmp_path)
    drop_revision(root, "mcp", "2026-07-28")
    gh, log, bodies = tmp_path / "gh", tmp_path / "gh.log", tmp_path / "bodies.txt"
    gh.write_text(FAKE_GH + 'if "--body-file" in sys.argv:\n    open(os.environ["GH_BODIES"], "a").write(sys.stdin.read())\n')
    gh.chmod(0o755)
    (tmp_path / "issues.json").write_text("[]")
    summary = tmp_path / "summary.txt"
    summary.write_text("80 results (60 supported, 5 partial, 15 unsupported), 1 failures, 0 skipped, in 412 s\n"
                       "  failure (probe): tasks on mcp 1.0.0: timed out after 60 s (process group killed)\n")
    result = upstream(root, "--open-issues", "--support-summary", str(summary), LEXIGRAPH_GH=str(gh), GH_LOG=str(log),
                      GH_ISSUES=str(tmp_path / "issues.json"), GH_BODIES=str(bodies))
    assert result.returncode == 1, result.stderr
    body = bodies.read_text()
    assert body.startswith("mcp SDK ") and "## What the probes measured this week (`lexigraph support collect`)" in body
    assert "```\n80 results (60 supported, 5 partial, 15 unsupported), 1 failures" in body and "tasks on mcp 1.0.0: timed out" in body
