"""Snapshots of what agents see of `lexigraph mcp`: tools/list, prompts/list and
resources/templates/list, as JSON in tests/snapshots/. Any change (a tool renamed, a description
reworded, a schema limit moved) fails here until the snapshot is regenerated and the diff reviewed.

Regenerate after a deliberate change, then review `git diff tests/snapshots/`:

    LEXIGRAPH_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest -q tests/test_mcp_snapshots.py
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys

import pytest

from tests.support.lexigraph_mcp import ROOT, connect, inprocess_target

SNAPSHOTS = ROOT / "tests" / "snapshots"
UPDATE = os.environ.get("LEXIGRAPH_UPDATE_SNAPSHOTS") == "1"


@pytest.fixture(scope="module")
def server():
    """The server `lexigraph mcp` builds, in this process (test_mcp_server's smoke tests run the real one)."""
    return inprocess_target(ROOT)


@pytest.fixture(scope="module", params=["auto", "legacy"])
def client(request, server):
    with connect(server, request.param) as connected:
        yield connected


def listed(client, what: str) -> list[dict]:
    if what == "tools":
        items = client.list_tools().tools
    elif what == "prompts":
        items = client.list_prompts().prompts
    else:
        items = client.list_resource_templates().resource_templates
    return [item.model_dump(mode="json", by_alias=True, exclude_none=True) for item in items]


def snapshot_diff(name: str, text: str) -> str:
    """The unified diff from the saved snapshot ``name`` to ``text`` ("" when they agree)."""
    saved = (SNAPSHOTS / name).read_text(encoding="utf-8")
    return "".join(difflib.unified_diff(saved.splitlines(True), text.splitlines(True), f"{name} (snapshot)", f"{name} (server)"))


@pytest.mark.parametrize("what, name", [("tools", "tools-list.json"), ("prompts", "prompts-list.json"),
                                        ("templates", "resources-templates-list.json")])
def test_what_agents_see_matches_its_snapshot(client, what, name):
    """The same snapshot holds in both eras (2026-07-28 and 2025-11-25)."""
    text = json.dumps(listed(client, what), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    path = SNAPSHOTS / name
    if UPDATE:          # written, not compared: the test says so rather than pass against itself
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"{path.relative_to(ROOT)} written (LEXIGRAPH_UPDATE_SNAPSHOTS=1): review `git diff tests/snapshots/`")
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run LEXIGRAPH_UPDATE_SNAPSHOTS=1 pytest {__file__}"
    diff = snapshot_diff(name, text)
    assert not diff, (f"what agents see changed; if this is deliberate, regenerate with "
                      f"LEXIGRAPH_UPDATE_SNAPSHOTS=1 and review the diff:\n{diff}")


def test_a_one_word_change_is_a_diff():
    saved = (SNAPSHOTS / "prompts-list.json").read_text(encoding="utf-8")
    changed = saved.replace('"Quiz me"', '"Quiz me now"')
    assert snapshot_diff("prompts-list.json", saved) == ""
    diff = snapshot_diff("prompts-list.json", changed)
    assert '-    "title": "Quiz me"\n' in diff and '+    "title": "Quiz me now"\n' in diff


@pytest.mark.parametrize("ci, refused", [("true", True), ("false", False)])
def test_ci_refuses_to_regenerate_snapshots(ci, refused, tmp_path):
    """With LEXIGRAPH_UPDATE_SNAPSHOTS=1 under CI, pytest stops before collecting anything (a usage error)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(LEXIGRAPH_UPDATE_SNAPSHOTS="1", CI=ci)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "--collect-only",
                           "tests/test_compact.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    if refused:
        assert done.returncode == 4, done.stdout + done.stderr
        assert "LEXIGRAPH_UPDATE_SNAPSHOTS is set in CI" in done.stderr
    else:
        assert done.returncode == 0, done.stdout + done.stderr
        assert "test_compact.py::" in done.stdout
