"""A deprecated feature is shown as such (issue 22): at the top of its page in FR and EN, in A–Z,
in the Markdown copy and the JSON export (what agents get); check refuses a deprecation that names
an unknown revision or an unknown replacement."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.site import PROJECT, make_project, mkdocs_build

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
DEPRECATED = "deprecated: {spec: mcp, revision: 2026-07-28, replaced_by: [gadget]}\n"


def _lexicon(tmp_path: Path, line: str = DEPRECATED) -> Path:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    facts = root / "entries" / "widget" / "entry.yml"
    text = facts.read_text(encoding="utf-8")
    assert "\nstatus: published\n" in text
    facts.write_text(text.replace("\nstatus: published\n", "\nstatus: published\n" + line, 1), encoding="utf-8")
    return root


def _check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), "check", "--strict"],
                          capture_output=True, text=True, timeout=120, cwd=PROJECT)


@pytest.mark.build
def test_a_deprecated_entry_says_so_on_its_page_in_az_and_in_its_copies(tmp_path):
    root = _lexicon(tmp_path)
    assert _check(root).returncode == 0, _check(root).stdout
    project = make_project(root, tmp_path / "project")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    fr = (site / "fr" / "bidule" / "index.html").read_text(encoding="utf-8")
    en = (site / "en" / "widget" / "index.html").read_text(encoding="utf-8")
    assert 'class="admonition danger lx-deprecated" role="note"' in fr
    assert 'Déclaré obsolète par la révision du <a href="../revisions/#mcp-2026-07-28">28\u00a0juillet 2026</a> de MCP.' in fr
    assert "Ce qui le remplace\u00a0:" in fr and 'href="../gadget/"' in fr.split("lx-deprecated", 1)[1].split("</div>", 1)[0]
    assert 'Deprecated by the MCP revision of <a href="../revisions/#mcp-2026-07-28">28\u00a0July 2026</a>.' in en
    assert "What replaces it:" in en
    assert '<span class="lx-badge lx-deprecated-mark">obsolète</span>' in (site / "fr" / "a-z" / "index.html").read_text(encoding="utf-8")
    assert '<span class="lx-badge lx-deprecated-mark">deprecated</span>' in (site / "en" / "a-z" / "index.html").read_text(encoding="utf-8")
    copy = (site / "en" / "widget" / "index.md").read_text(encoding="utf-8")
    assert "**Deprecated by the MCP revision of 28\u00a0July 2026.** What replaces it: [Gadget](" in copy
    record = json.loads((site / "en" / "widget" / "index.json").read_text(encoding="utf-8")) \
        if (site / "en" / "widget" / "index.json").exists() else None
    exported = record or next(e for e in json.loads((site / "en" / "lexicon.json").read_text(encoding="utf-8"))["entries"] if e["id"] == "widget")
    assert exported["facts"]["deprecated"] == {"spec": "mcp", "revision": "2026-07-28", "replaced_by": ["gadget"]}
    other = (site / "en" / "gadget" / "index.html").read_text(encoding="utf-8")
    assert "lx-deprecated" not in other


@pytest.mark.parametrize("line, message", [
    ("deprecated: {spec: mcp, revision: 2026-07-29, replaced_by: [gadget]}\n",
     "entries/widget/entry.yml:4: $.deprecated.revision: LX504 MCP has no revision 2026-07-29 in specs.yml (did you mean '2026-07-28'?): record the revision first, or correct the date"),
    ("deprecated: {spec: mpc, revision: 2026-07-28, replaced_by: [gadget]}\n",
     "entries/widget/entry.yml:4: $.deprecated.spec: LX504 'mpc' is not a specification of specs.yml (did you mean 'mcp'?)"),
    ("deprecated: {spec: mcp, revision: 2026-07-28, replaced_by: [gadgte]}\n",
     "entries/widget/entry.yml:4: $.deprecated.replaced_by[0]: LX504 'gadgte' is not an entry (did you mean 'gadget'?)"),
])
def test_a_deprecation_must_name_a_known_revision_and_known_entries(tmp_path, line, message):
    result = _check(_lexicon(tmp_path, line))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert f"  {message}" in result.stdout.splitlines(), result.stdout
