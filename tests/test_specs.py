"""The spec registry drives the lexicon: stale entries are reported, flagged on the site,
and a protocol revision the registry does not know fails the suite with instructions.

`lexigraph check`, `stale` and `new` run in this process (tests/support/cli.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import yaml

from lexigraph.content.load import load_corpus
from lexigraph.content.specs import parse_registry
from tests.support.cli import lexigraph as run_lexigraph
from tests.support.site import make_project, mkdocs_build

PROJECT = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def lexigraph(root: Path, *args: str, today: str | None = None) -> subprocess.CompletedProcess:
    return run_lexigraph("--root", str(root), *args, env={"LEXIGRAPH_TODAY": today} if today else None)


def bump_current(root: Path, spec_id: str, date: str, note_en: str, note_fr: str) -> None:
    """Publish a new revision in the copy's registry, as a maintainer would."""
    path = root / "specs.yml"
    registry = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec = next(s for s in registry["specs"] if s["id"] == spec_id)
    spec["revisions"].append({"date": date, "note": {"en": note_en, "fr": note_fr}})
    spec["current"] = date
    path.write_text(yaml.safe_dump(registry, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_registry_lists_every_specification_the_entries_cite():
    corpus = load_corpus(PROJECT)
    specs = parse_registry(corpus.registry)
    cited = {c["spec"] for e in corpus.entries.values() if e.ok for c in e.fact("checked_against") or []}
    assert cited <= set(specs)
    assert {"mcp", "mcp-apps", "mcp-tasks", "webmcp"} <= set(specs)
    assert {"2025-11-25", "2026-07-28"} <= set(specs["mcp"].dates())
    assert specs["mcp"].current == "2026-07-28"


def test_sdk_serves_no_protocol_revision_the_registry_does_not_know():
    from mcp_types.version import SUPPORTED_PROTOCOL_VERSIONS

    known = set(parse_registry(load_corpus(PROJECT).registry)["mcp"].dates())
    unknown = [v for v in SUPPORTED_PROTOCOL_VERSIONS if v not in known]
    assert not unknown, (
        f"The installed mcp SDK serves protocol revision(s) {', '.join(unknown)} that specs.yml does not know. "
        "Add each under the 'mcp' spec's revisions with a note of what changed, set 'current' if it is the newest, "
        "then run `lexigraph stale` and re-read the entries it lists.")


def test_a_new_revision_makes_entries_stale_everywhere(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    assert lexigraph(root, "check", "--strict").returncode == 0
    bump_current(root, "mcp", "2026-12-01", "Hypothetical: tools/list paginates by default.",
                 "Hypothétique\u00a0: tools/list pagine par défaut.")

    lenient = lexigraph(root, "check", today="2027-01-05")
    assert lenient.returncode == 0
    # Until the review is due (2026-12-01 + 30 days), the stale entry is a warning even with --strict.
    due = lexigraph(root, "check", "--strict", today="2026-12-31")
    assert due.returncode == 0, due.stdout
    assert "review due by 2026-12-31 (a warning until then, even with --strict)" in due.stdout
    strict = lexigraph(root, "check", "--strict", today="2027-01-05")
    assert strict.returncode == 1
    assert ("entries/widget/entry.yml:9: $.checked_against[0].revision: LX505 'widget' was checked against MCP 2026-07-28; "
            "the current revision is 2026-12-01. What changed since: 2026-12-01: Hypothetical: tools/list paginates by default."
            ) in strict.stdout

    report = lexigraph(root, "stale", today="2026-12-02")
    assert report.stdout.splitlines()[:4] == [
        "MCP (mcp) — current revision 2026-12-01: 1 stale entry",
        "  2026-12-01: Hypothetical: tools/list paginates by default.",
        "  Re-read first the entries whose text touches most of what changed:",
        "  entries/widget/entry.yml:9: widget checked against 2026-07-28, due by 2026-12-31; touches 0: none of the notes’ terms",
    ]
    assert lexigraph(root, "stale", "--strict", today="2026-12-02").returncode == 0
    assert lexigraph(root, "stale", "--strict", today="2027-01-01").returncode == 1

    project = make_project(root, tmp_path / "site-project")
    assert mkdocs_build(project).returncode == 0
    fr = (project / "site" / "fr" / "bidule" / "index.html").read_text(encoding="utf-8")
    en = (project / "site" / "en" / "widget" / "index.html").read_text(encoding="utf-8")
    assert ("<p>Cette fiche a été vérifiée contre la révision de MCP du 28\u00a0juillet 2026\u202f; MCP a publié depuis\u00a0:</p>"
            '<ul><li><a href="../revisions/#mcp-2026-12-01">la révision du 1er\u00a0décembre 2026</a>\u00a0: '
            "Hypothétique\u00a0: tools/list pagine par défaut.</li></ul>") in fr
    assert ("<p>This entry was checked against the MCP revision of 28\u00a0July 2026; MCP has published since:</p>"
            '<ul><li><a href="../revisions/#mcp-2026-12-01">the revision of 1\u00a0December 2026</a>: '
            "Hypothetical: tools/list paginates by default.</li></ul>") in en
    assert "(superseded by 2026-12-01)" in en and "(remplacée par 2026-12-01)" in fr
    revisions = (project / "site" / "en" / "revisions" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<dt id="mcp-2026-12-01"><time datetime="2026-12-01">2026-12-01</time> <span class="lx-badge">current revision</span>', revisions)


def test_up_to_date_entries_carry_no_notice(tmp_path):
    project = make_project(FIXTURE, tmp_path / "p")
    assert mkdocs_build(project).returncode == 0
    en = (project / "site" / "en" / "widget" / "index.html").read_text(encoding="utf-8")
    assert "lx-stale" not in en
    assert "MCP <time datetime=\"2026-07-28\">2026-07-28</time> (current revision)" in en


def test_checked_against_must_name_a_known_revision(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    entry = root / "entries" / "widget" / "entry.yml"
    entry.write_text(entry.read_text().replace("revision: 2026-07-28", "revision: 2026-07-29"), encoding="utf-8")
    result = lexigraph(root, "check")
    assert result.returncode == 1
    assert ("entries/widget/entry.yml:9: $.checked_against[0].revision: LX503 '2026-07-29' is not a revision of MCP "
            "in specs.yml (known: 2025-11-25, 2026-07-28)") in result.stdout


def test_new_entry_fails_strict_until_placeholders_are_filled(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    created = lexigraph(root, "new", "tool-result")
    assert created.returncode == 0, created.stderr
    assert "created entries/tool-result/fr.yml" in created.stdout
    assert lexigraph(root, "check").returncode == 0          # schema-valid: editors can validate it
    strict = lexigraph(root, "check", "--strict")
    assert strict.returncode == 1
    assert "entries/tool-result/fr.yml:3: $.title: LX902 placeholder text left: replace the TODO before merging" in strict.stdout
    assert "quizzes/tool-result.en.yml:7: $.questions[0].concept: LX902 placeholder text left: replace the TODO before merging" in strict.stdout

    # A writer fills every placeholder in (here mechanically) and the entry passes.
    for path in [*(root / "entries" / "tool-result").iterdir(), *(root / "quizzes").glob("tool-result.*"),
                 *(root / "snippets" / "tool-result").iterdir()]:
        text = path.read_text(encoding="utf-8")
        text = text.replace("https://example.org/TODO", "https://example.org/tool-result")
        text = text.replace('"TODO: add a test case for this snippet (see tests/snippets/), then delete this line"',
                            '"Shown as an illustration of the format only; nothing to run."')
        text = text.replace("todo-tool-result-", "result-")          # the placeholder concept ids
        path.write_text(text.replace("TODO", "Result"), encoding="utf-8")
    filled = lexigraph(root, "check", "--strict")
    assert filled.returncode == 0, filled.stdout
    assert lexigraph(root, "new", "tool-result").returncode == 1   # never overwrites
