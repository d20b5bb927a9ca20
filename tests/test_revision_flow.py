"""Done means (issue 19): a specification revision flows from specs.yml to readers, and no cited version
breaks. On a copy of the real lexicon (a git repository): record MCP 2027-01-15; check --strict passes with
reviews due; the site shows the notices and their links; past the due date strict fails; one entry bumped
with new text, the others re-checked; strict passes; every old permalink still serves its frozen text."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.support.site import PROJECT, make_project, mkdocs_build

pytestmark = pytest.mark.build

NEW = "2027-01-15"
BEFORE_DUE, DUE, AFTER_DUE = "2027-01-20", "2027-02-14", "2027-02-20"
NOTE_EN = "Sampling, Roots and Logging removed from the core; input_required results carry a deadline (expiresAt)."
NOTE_FR = "Échantillonnage, racines et journalisation retirés du cœur\u202f; les résultats input_required portent une échéance (expiresAt)."
NEW_DEFINITION = "A tool call is what a model writes to ask for an action, as revised for the new MCP revision."


def run(root: Path, *args: str, today: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), *args], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, LEXIGRAPH_TODAY=today, PYTHONPATH=str(PROJECT)))


def git(root: Path, *args: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="w", GIT_AUTHOR_EMAIL="w@example.org", GIT_COMMITTER_NAME="w",
               GIT_COMMITTER_EMAIL="w@example.org")
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr


def build(root: Path, today: str, monkeypatch) -> Path:
    monkeypatch.setenv("LEXIGRAPH_TODAY", today)
    done = mkdocs_build(root)
    assert done.returncode == 0, done.stderr[-3000:]
    return root / "site"


def record_revision(root: Path) -> None:
    """What a maintainer pastes from `lexigraph upstream`, notes written."""
    text = (root / "specs.yml").read_text(encoding="utf-8")
    mcp_block = text.index("  - id: mcp\n")
    end = text.index("  - id: mcp-apps\n")
    block = text[mcp_block:end].replace("current: 2026-07-28", f"current: {NEW}")
    block += (f"      - date: {NEW}\n        review_within_days: 30\n        note:\n"
              f"          en: {NOTE_EN}\n          fr: {NOTE_FR}\n")
    (root / "specs.yml").write_text(text[:mcp_block] + block + text[end:], encoding="utf-8")


def plain_lines(markdown: str) -> list[str]:
    """Lines of frozen Markdown made of words only: they appear as they are in the built page."""
    return [line.strip()[:40] for line in markdown.splitlines()
            if re.fullmatch(r"[A-Za-z ,]{40,}", line.strip()[:40] or "") and len(line.strip()) >= 40]


def permalinks(root: Path) -> dict[tuple[str, str, str], str]:
    """(lang, entry id, version) → the page path under site/ of each archived version, with its slug."""
    out = {}
    for meta_file in sorted((root / "archive").glob("*/*/version.yml")):
        meta = yaml.safe_load(meta_file.read_text(encoding="utf-8"))
        for lang in ("fr", "en"):
            out[(lang, meta["id"], meta["version"])] = f"{lang}/{meta[lang]['slug']}/{meta['version']}/index.html"
    return out


def test_a_revision_flows_to_readers_and_no_cited_version_breaks(tmp_path, monkeypatch):
    root = make_project(PROJECT, tmp_path / "lexicon")
    (root / "node_modules").symlink_to(PROJECT / "node_modules") if (PROJECT / "node_modules").exists() else None
    (root / ".gitignore").write_text("site/\n.cache/\nnode_modules\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "the lexicon")
    before = yaml.safe_load((root / "entries/tool-call/entry.yml").read_text(encoding="utf-8"))["version"]
    old_definition = yaml.safe_load((root / "entries/tool-call/en.yml").read_text(encoding="utf-8"))["definition"]

    # 1. Record MCP 2027-01-15.
    record_revision(root)
    git(root, "commit", "-qam", "specs.yml: MCP 2027-01-15")
    dependent = sorted(p.parent.name for p in (root / "entries").glob("*/entry.yml")
                       if re.search(r"\{spec: mcp, revision: 2026-07-28\}", p.read_text(encoding="utf-8")))
    assert "tool-call" in dependent and len(dependent) >= 10

    # 2. check --strict passes, with a review due for each dependent entry.
    strict = run(root, "check", "--strict", today=BEFORE_DUE)
    assert strict.returncode == 0, strict.stdout
    assert f"Reviews due (warnings, even with --strict, until the due date) ({len(dependent)}):" in strict.stdout
    assert (f"entries/tool-call/entry.yml:10: $.checked_against[0].revision: LX506 'tool-call' was checked against MCP 2026-07-28; "
            f"the current revision is {NEW}. What changed since: {NEW}: {NOTE_EN} — review due by {DUE}") in strict.stdout
    assert run(root, "check", "--strict", "--base", "HEAD~1", today=BEFORE_DUE).returncode == 0   # the revision PR is green
    stale = run(root, "stale", today=BEFORE_DUE).stdout
    assert stale.splitlines()[3].split(":")[0] == "  entries/mcp/entry.yml"   # the MCP entry touches most of the note

    # 3. The site shows the notices, their links, and the marks in A–Z and on the home page.
    site = build(root, BEFORE_DUE, monkeypatch)
    en = (site / "en/tool-call/index.html").read_text(encoding="utf-8")
    fr_slug = yaml.safe_load((root / "entries/tool-call/fr.yml").read_text(encoding="utf-8"))["slug"]
    fr = (site / f"fr/{fr_slug}/index.html").read_text(encoding="utf-8")
    assert ("<p>This entry was checked against the MCP revision of 28\u00a0July 2026; MCP has published since:</p>"
            f'<ul><li><a href="../revisions/#mcp-{NEW}">the revision of 15\u00a0January 2027</a>: {NOTE_EN}</li></ul>'
            '<p class="lx-due">A review is due by 14\u00a0February 2027.</p>') in en
    assert ("<p>Cette fiche a été vérifiée contre la révision de MCP du 28\u00a0juillet 2026\u202f; MCP a publié depuis\u00a0:</p>"
            f'<ul><li><a href="../revisions/#mcp-{NEW}">la révision du 15\u00a0janvier 2027</a>\u00a0: {NOTE_FR}</li></ul>'
            '<p class="lx-due">Relecture prévue d’ici le 14\u00a0février 2027.</p>') in fr
    for lang in ("en", "fr"):
        revisions = (site / lang / "revisions/index.html").read_text(encoding="utf-8")
        assert f'<dt id="mcp-{NEW}">' in revisions and '<dt id="mcp-2026-07-28">' in revisions
        for page in ("a-z/index.html", "index.html"):
            marks = (site / lang / page).read_text(encoding="utf-8").count('class="lx-badge lx-stale-mark"')
            assert marks == len(dependent), (lang, page)
    assert 'lx-stale' not in (site / "en/a2a/index.html").read_text(encoding="utf-8")   # A2A did not move
    archived_before = {key: (site / path).read_text(encoding="utf-8") for key, path in permalinks(root).items()}
    assert archived_before

    # 4. Past the due date, strict fails.
    late = run(root, "check", "--strict", today=AFTER_DUE)
    assert late.returncode == 1
    assert f"Stale entries past their review date (warnings; errors with --strict) ({len(dependent)}):" in late.stdout
    assert f"its review was due by {DUE}" in late.stdout

    # 5. One entry gets a new version and new text; the others are re-checked, nothing to change.
    bumped = run(root, "bump", "tool-call", "--changed", "main-text", today=AFTER_DUE)
    assert bumped.returncode == 0, bumped.stdout
    assert f"the entry is now v2027-02 (changed: main-text), checked against mcp {NEW}." in bumped.stdout
    en_file = root / "entries/tool-call/en.yml"
    en_file.write_text(en_file.read_text(encoding="utf-8").replace(old_definition, NEW_DEFINITION), encoding="utf-8")
    for entry_id in dependent:
        if entry_id != "tool-call":
            done = run(root, "bump", entry_id, "--reviewed", today=AFTER_DUE)
            assert done.returncode == 0, done.stdout
    # A typo fixed in a re-checked entry is logged as a correction, shown under Versions.
    host_en, host_facts = root / "entries/mcp-host/en.yml", root / "entries/mcp-host/entry.yml"
    host_text = host_en.read_text(encoding="utf-8")
    assert "\ndefinition: >-\n  The MCP host " in host_text
    host_en.write_text(host_text.replace("\ndefinition: >-\n  The MCP host ", "\ndefinition: >-\n  The MCP  host ", 1), encoding="utf-8")
    unlogged = run(root, "check", "--base", "HEAD", today=AFTER_DUE)
    assert unlogged.returncode == 1 and "entries/mcp-host/en.yml:5: $.definition: LX209 the EN text changed since HEAD" in unlogged.stdout
    host_facts.write_text(host_facts.read_text(encoding="utf-8") + "corrections:\n  - {date: 2027-02-19, note: "
                          "{fr: Coquille corrigée dans le titre., en: Typo fixed in the title.}}\n", encoding="utf-8")
    strict = run(root, "check", "--strict", today=AFTER_DUE)
    assert strict.returncode == 0, strict.stdout
    assert "Reviews due" not in strict.stdout and "Stale" not in strict.stdout
    assert run(root, "check", "--strict", "--base", "HEAD", today=AFTER_DUE).returncode == 0
    assert run(root, "stale", "--strict", today=AFTER_DUE).stdout.splitlines()[-1] == "0 stale entries."

    # 6. Every old permalink resolves, with its frozen text.
    site = build(root, AFTER_DUE, monkeypatch)
    for key, path in permalinks(root).items():
        assert (site / path).is_file(), path
        if key in archived_before:
            body = (site / path).read_text(encoding="utf-8")
            assert _main(body) == _main(archived_before[key]), path
    frozen = (site / f"en/tool-call/{before}/index.html").read_text(encoding="utf-8")
    assert f"Archived version {before} of " in frozen and NEW_DEFINITION not in frozen
    assert any(line in frozen for line in plain_lines(old_definition)) or old_definition[:60] in frozen
    for line in plain_lines((root / f"archive/tool-call/{before}/en.md").read_text(encoding="utf-8"))[:5]:
        assert line in frozen
    current = (site / "en/tool-call/index.html").read_text(encoding="utf-8")
    assert NEW_DEFINITION in current and "lx-stale" not in current
    assert f'<a href="{before}/">{before}</a>' in current                      # listed under Versions, linked
    assert (site / "en/tool-call/v2027-02/index.html").is_file()                # the new version's own permalink
    for entry_id in dependent:                                                   # re-checked entries keep their address
        version = yaml.safe_load((root / f"entries/{entry_id}/entry.yml").read_text(encoding="utf-8"))["version"]
        slug = yaml.safe_load((root / f"entries/{entry_id}/en.yml").read_text(encoding="utf-8"))["slug"]
        assert (site / f"en/{slug}/{version}/index.html").is_file(), entry_id
    for lang in ("en", "fr"):
        assert 'lx-stale-mark' not in (site / lang / "a-z/index.html").read_text(encoding="utf-8")
    host_slug = yaml.safe_load(host_en.read_text(encoding="utf-8"))["slug"]
    assert ('<ul class="lx-corrections"><li><time datetime="2027-02-19">2027-02-19</time> — Typo fixed in the title.</li></ul>'
            in (site / f"en/{host_slug}/index.html").read_text(encoding="utf-8"))


def _main(html: str) -> str:
    """The article of a page (the frozen text), without the navigation that lists every entry and the
    archive notice (which names the current version, so it moves on with a bump)."""
    match = re.search(r"<article.*?</article>", html, re.S)
    return re.sub(r'<p class="lx-notice lx-archived">.*?</p>', "", match.group(0) if match else html, flags=re.S)
