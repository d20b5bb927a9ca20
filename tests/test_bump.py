"""`lexigraph bump` freezes what was published (git HEAD) and gives the next version; `--reviewed`
records a re-check; `check --base` catches a text change without a version or a correction.

The command runs in this process (tests/support/cli.py); git runs as git."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.support.cli import lexigraph as run_lexigraph
from tests.test_check_fixtures import problem_lines

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
TODAY = "2026-12-05"


def lexigraph(root: Path, *args: str, today: str = TODAY) -> subprocess.CompletedProcess:
    return run_lexigraph("--root", str(root), *args, env={"LEXIGRAPH_TODAY": today})


def git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
                                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org"))
    assert done.returncode == 0, done.stderr
    return done.stdout


def repo(tmp_path: Path) -> Path:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "lexicon")
    return root


def facts(root: Path) -> dict:
    return yaml.load((root / "entries/widget/entry.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def add_revision(root: Path, date: str = "2026-12-01") -> None:
    path = root / "specs.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["specs"][0]["revisions"].append({"date": date, "note": {"en": "Hypothetical paginated tools/list.",
                                                                  "fr": "Pagination hypothétique de tools/list."}})
    data["specs"][0]["current"] = date
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_bump_freezes_the_committed_text_and_gives_the_next_version(tmp_path):
    root = repo(tmp_path)
    add_revision(root)
    git(root, "commit", "-qam", "MCP 2026-12-01")
    done = lexigraph(root, "bump", "widget", "--changed", "main-text,quiz")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0] == (
        "lexigraph bump: widget v2026-08 frozen in archive/widget/v2026-08/ from git HEAD; the entry is now v2026-12 "
        "(changed: main-text, quiz), checked against mcp 2026-12-01.")
    assert "  4. commit entry.yml, the texts and archive/widget/v2026-08/ together (the old permalink needs that folder)." in done.stdout
    after = facts(root)
    assert after["version"] == "v2026-12"
    assert after["versions"][-1] == {"version": "v2026-12", "date": "2026-12-05", "changed": ["main-text", "quiz"]}
    assert after["checked_against"] == [{"spec": "mcp", "revision": "2026-12-01"}]
    frozen = (root / "archive/widget/v2026-08/en.md").read_text(encoding="utf-8")
    assert frozen.startswith("# Widget\n") and "A widget is a test piece" in frozen
    assert yaml.safe_load((root / "archive/widget/v2026-08/version.yml").read_text())["archived"] == "2026-12-05"
    assert lexigraph(root, "check", "--strict").returncode == 0

    # A second version in the same month: v2026-12-2, and both old addresses keep their archive.
    git(root, "add", "-A")
    git(root, "commit", "-qm", "v2026-12")
    again = lexigraph(root, "bump", "widget", "--changed", "examples")
    assert again.returncode == 0, again.stdout
    assert facts(root)["version"] == "v2026-12-2"
    assert sorted(p.name for p in (root / "archive/widget").iterdir()) == ["v2026-08", "v2026-12"]
    assert lexigraph(root, "check", "--strict").returncode == 0


def test_bump_refuses_uncommitted_changes_unless_from_worktree(tmp_path):
    root = repo(tmp_path)
    en = root / "entries/widget/en.yml"
    en.write_text(en.read_text(encoding="utf-8").replace("A widget is a test piece", "A widget is an edited piece"), encoding="utf-8")
    refused = lexigraph(root, "bump", "widget", "--changed", "main-text")
    assert refused.returncode == 1
    assert refused.stdout.strip() == (
        "lexigraph bump: entries/widget/en.yml: uncommitted changes. Bump freezes the published version from git HEAD, "
        "so commit or stash them first (edit the text after the bump), or pass --from-worktree to freeze the files as they are now.")
    assert not (root / "archive").exists() and facts(root)["version"] == "v2026-08"
    forced = lexigraph(root, "bump", "widget", "--changed", "main-text", "--from-worktree")
    assert forced.returncode == 0, forced.stdout
    assert "an edited piece" in (root / "archive/widget/v2026-08/en.md").read_text(encoding="utf-8")


def test_bump_says_which_changed_values_exist(tmp_path):
    root = repo(tmp_path)
    wrong = lexigraph(root, "bump", "widget", "--changed", "main_text")
    assert wrong.returncode == 1
    assert wrong.stdout.strip() == ("lexigraph bump: --changed 'main_text': unknown value 'main_text'; write one or more of "
                                    "main-text, under-the-hood, examples, relations, quiz, sources, separated by commas "
                                    "(e.g. --changed main-text,quiz).")
    missing = lexigraph(root, "bump", "widgte", "--reviewed")
    assert missing.stdout.strip() == ("lexigraph bump: no published entry 'widgte' (did you mean 'widget'?) "
                                      "(or its entry.yml has errors: lexigraph check lists them).")


def test_bump_outside_git_needs_from_worktree(tmp_path):
    root = tmp_path / "plain"
    shutil.copytree(FIXTURE, root)
    refused = lexigraph(root, "bump", "widget", "--changed", "main-text")
    assert refused.returncode == 1 and "is not in a git repository: bump freezes the published version from git HEAD" in refused.stdout


def test_reviewed_records_the_recheck_and_clears_stale(tmp_path):
    root = repo(tmp_path)
    add_revision(root)
    stale = lexigraph(root, "check", "--strict", today="2027-01-05")
    assert stale.returncode == 1 and "its review was due by 2026-12-31" in stale.stdout
    done = lexigraph(root, "bump", "widget", "--reviewed", today="2027-01-05")
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[0] == ("lexigraph bump: widget re-checked on 2027-01-05, nothing to change "
                                           "(MCP 2026-07-28 → 2026-12-01); its version stays v2026-08.")
    assert facts(root)["checked_against"] == [{"spec": "mcp", "revision": "2026-12-01", "reviewed": "2027-01-05"}]
    assert facts(root)["versions"] == [{"version": "v2026-08", "date": "2026-08-15", "changed": ["first-version"]}]
    assert lexigraph(root, "check", "--strict", today="2027-01-05").returncode == 0
    again = lexigraph(root, "bump", "widget", "--reviewed", today="2027-01-05")
    assert again.returncode == 1
    assert again.stdout.strip() == "lexigraph bump: widget is already checked against every current revision: nothing to record."


def test_base_catches_a_text_change_without_a_version_or_a_correction(tmp_path):
    root = repo(tmp_path)
    en = root / "entries/widget/en.yml"
    en.write_text(en.read_text(encoding="utf-8").replace("A widget is a test piece", "A widget is a changed piece"), encoding="utf-8")
    assert lexigraph(root, "check", "--strict").returncode == 0          # without --base nothing compares
    caught = lexigraph(root, "check", "--base", "main")
    assert caught.returncode == 1
    assert problem_lines(caught.stdout) == [
        "entries/widget/en.yml:3: $.definition: LX209 the EN text changed since main, but the version is still 'v2026-08', so the text "
        "a citation of v2026-08 points to would change: run `lexigraph bump widget --changed …` (it freezes the committed text, "
        "so run it before editing), or for a typo or a broken link log a dated one-line note per language under `corrections:` in entry.yml"]

    # A logged correction is enough (a typo); it is shown under Versions.
    entry = root / "entries/widget/entry.yml"
    entry.write_text(entry.read_text(encoding="utf-8") + "corrections:\n  - {date: 2026-12-04, note: {fr: Coquille corrigée dans la définition., "
                     "en: Typo fixed in the definition.}}\n", encoding="utf-8")
    assert lexigraph(root, "check", "--strict", "--base", "main").returncode == 0


def test_base_catches_a_snippet_change_and_accepts_a_bump(tmp_path):
    root = repo(tmp_path)
    snippet = root / "snippets/widget/declare.json"
    snippet.write_text(snippet.read_text(encoding="utf-8").replace("{", "{ ", 1), encoding="utf-8")
    caught = lexigraph(root, "check", "--base", "main")
    assert problem_lines(caught.stdout)[0].startswith(
        "entries/widget/entry.yml:12: $.steps[0].snippet: LX209 the snippet widget/declare.json changed since main, but the version is still 'v2026-08'")
    git(root, "stash", "-q")
    assert lexigraph(root, "bump", "widget", "--changed", "under-the-hood").returncode == 0
    git(root, "stash", "pop", "-q")
    assert lexigraph(root, "check", "--strict", "--base", "main").returncode == 0


def test_base_names_a_missing_commit(tmp_path):
    root = repo(tmp_path)
    result = lexigraph(root, "check", "--base", "origin/nope")
    assert result.returncode == 2
    assert result.stderr.strip() == ("lexigraph check: --base origin/nope: no such commit or branch here "
                                     "(in CI, fetch it first: git fetch origin origin/nope)")


def test_a_correction_must_be_one_line_and_is_typography_checked(tmp_path):
    root = tmp_path / "c"
    shutil.copytree(FIXTURE, root)
    entry = root / "entries/widget/entry.yml"
    entry.write_text(entry.read_text(encoding="utf-8") + "corrections:\n  - date: 2026-12-04\n    note:\n"
                     "      fr: \"Coquille : corrigée\"\n      en: \"Typo fixed.\\nTwice.\"\n", encoding="utf-8")
    result = lexigraph(root, "check", "--strict")
    assert problem_lines(result.stdout) == [
        "entries/widget/entry.yml:30: $.corrections[0].note.en: LX103 'Typo fixed.\\nTwice.' must be one line (no line break): a correction is a one-line note",
        "entries/widget/entry.yml:29: $.corrections[0].note.fr: LX903 ordinary space before ':': use a no-break space (U+00A0)",
    ]


def _non_utf8(root: Path) -> None:
    en = root / "entries/widget/en.yml"
    en.write_bytes(en.read_bytes().replace(b"A widget is a test piece", b"A widget is a t\xe9st piece"))


def _oversized(root: Path) -> None:
    snippet = root / "snippets/widget/declare.json"
    snippet.write_text(snippet.read_text(encoding="utf-8") + " " * (256 * 1024), encoding="utf-8")


def _link_out(root: Path) -> None:
    snippet = root / "snippets/widget/declare.json"
    snippet.unlink()
    snippet.symlink_to("../../entries/widget/entry.yml")


@pytest.mark.parametrize("spoil, expected", [
    (_non_utf8, "entries/widget/en.yml:1: $: LX209 entries/widget/en.yml cannot be compared with main: there, file is not valid UTF-8 "
                "(invalid continuation byte at byte {at}): compare with a commit where it was readable, or give the entry a new "
                "version (`lexigraph bump widget --changed …`)"),
    (_oversized, "entries/widget/entry.yml:12: $.steps[0].snippet: LX209 snippets/widget/declare.json cannot be compared with main: "
                 "there, file is {size} bytes, over the 256 KB limit for a snippet (262144 bytes): compare with a commit where it "
                 "was readable, or give the entry a new version (`lexigraph bump widget --changed …`)"),
    (_link_out, "entries/widget/entry.yml:12: $.steps[0].snippet: LX209 snippets/widget/declare.json cannot be compared with main: "
                "there, file is a symbolic link that leads outside snippets/; a link must point to a file inside snippets/: compare "
                "with a commit where it was readable, or give the entry a new version (`lexigraph bump widget --changed …`)"),
], ids=["not UTF-8", "over the size limit", "a link out of its folder"])
def test_base_reads_the_commit_through_the_safe_reader(tmp_path, spoil, expected):
    """A file the working tree would refuse (not UTF-8, too large, a link out of its folder) is refused
    at the base commit too: a located problem, never a traceback, never a read of what it leads to."""
    root = repo(tmp_path)
    clean = {rel: (root / rel).read_bytes() for rel in ("entries/widget/en.yml", "snippets/widget/declare.json")}
    spoil(root)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a spoiled base")
    at = (root / "entries/widget/en.yml").read_bytes().find(b"\xe9")       # where the bad byte is, if this case put one
    size = (root / "snippets/widget/declare.json").lstat().st_size
    for rel, data in clean.items():          # the working tree is as the fixture: valid
        (root / rel).unlink()
        (root / rel).write_bytes(data)
    assert lexigraph(root, "check", "--strict").returncode == 0
    result = lexigraph(root, "check", "--base", "main")
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 1, result.stdout + result.stderr
    assert problem_lines(result.stdout) == [expected.format(at=at, size=size)]


def test_base_follows_a_link_inside_its_folder_at_the_commit(tmp_path):
    """A snippet that is a link inside snippets/ at the base commit is compared through its target, as
    the working tree reads it: a changed target is a changed snippet."""
    root = repo(tmp_path)
    snippet = root / "snippets/widget/declare.json"
    shared = root / "snippets/shared.json"
    shared.write_bytes(snippet.read_bytes())
    snippet.unlink()
    snippet.symlink_to("../shared.json")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a linked snippet")
    assert lexigraph(root, "check", "--strict", "--base", "main").returncode == 0
    shared.write_text(shared.read_text(encoding="utf-8").replace("{", "{ ", 1), encoding="utf-8")
    caught = lexigraph(root, "check", "--base", "main")
    assert problem_lines(caught.stdout)[0].startswith(
        "entries/widget/entry.yml:12: $.steps[0].snippet: LX209 the snippet widget/declare.json changed since main, but the version is still 'v2026-08'")
