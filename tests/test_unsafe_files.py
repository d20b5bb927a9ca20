"""Content is read from inside the repository only: a snippet, a YAML file or an archived page
that is a link leading out of its folder, a link to a directory, a named pipe, too large or not
UTF-8 fails `lexigraph check` with an exact message naming it, and `mkdocs build` refuses it
too, leaving the previous site byte for byte as it was.

The special files are made at test time: git cannot store a named pipe, and a link out of
the repository must point at a real file of this machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import lexigraph
from tests.support.site import PROJECT, make_project, mkdocs_build

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
SNIPPET = "snippets/widget/declare.json"
LEAK = "LEAKED-FROM-OUTSIDE-THE-REPOSITORY"


def run_check(root: Path) -> subprocess.CompletedProcess:
    """`lexigraph check` in this process (mkdocs build, below, runs as a process)."""
    return lexigraph("--root", str(root), "check")


def problem_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if line.startswith("  ")]


def add_archive(root: Path) -> None:
    """A past version of the widget, as `lexigraph archive` leaves it."""
    folder = root / "archive" / "widget" / "v2026-07"
    folder.mkdir(parents=True)
    (folder / "version.yml").write_text(
        "id: widget\nversion: v2026-07\ndate: '2026-07-01'\nchanged: [first-version]\narchived: '2026-08-01'\n"
        "fr: {slug: bidule, title: Bidule}\nen: {slug: widget, title: Widget}\n", encoding="utf-8")
    for lang, text in (("fr", "Un bidule, première version."), ("en", "A widget, first version.")):
        (folder / f"{lang}.md").write_text(f"# {lang.upper()} v2026-07\n\n{text}\n", encoding="utf-8")


def outside(root: Path, name: str, text: str) -> Path:
    """A file next to the repository, not in it."""
    path = root.parent / "elsewhere" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def link_snippet_outside(root: Path) -> None:
    """The issue's case: the same code plus one line, in a file elsewhere on the machine."""
    snippet = root / SNIPPET
    target = outside(root, "declare.json", snippet.read_text(encoding="utf-8").replace("{", '{"leak": "' + LEAK + '",', 1))
    snippet.unlink()
    snippet.symlink_to(target)


def link_snippet_to_directory(root: Path) -> None:
    (root / "snippets/widget/folder").mkdir()
    (root / SNIPPET).unlink()
    (root / SNIPPET).symlink_to("folder")


def snippet_fifo(root: Path) -> None:
    (root / SNIPPET).unlink()
    os.mkfifo(root / SNIPPET)


def snippet_too_large(root: Path) -> None:
    text = (root / SNIPPET).read_text(encoding="utf-8")
    (root / SNIPPET).write_text(text + " " * (256 * 1024 + 1 - len(text.encode())), encoding="utf-8")


def snippet_not_utf8(root: Path) -> None:
    (root / SNIPPET).write_bytes(b'{"x": "caf\xe9"}\n')   # Latin-1, not UTF-8


def link_yaml_outside(root: Path) -> None:
    prose = root / "entries/widget/en.yml"
    target = outside(root, "en.yml", prose.read_text(encoding="utf-8"))
    prose.unlink()
    prose.symlink_to(target)


def yaml_too_large(root: Path) -> None:
    prose = root / "entries/widget/en.yml"
    text = prose.read_text(encoding="utf-8") + "# "
    prose.write_text(text + "x" * (1024 * 1024 + 1 - len(text.encode())), encoding="utf-8")


def link_archived_page_outside(root: Path) -> None:
    page = root / "archive/widget/v2026-07/fr.md"
    target = outside(root, "fr.md", f"# FR v2026-07\n\n{LEAK}\n")
    page.unlink()
    page.symlink_to(target)


def snippet_named_by_absolute_path(root: Path) -> None:
    facts = root / "entries/widget/entry.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace("snippet: widget/declare.json", "snippet: /etc/hostname"),
                     encoding="utf-8")


CASES = {
    "snippet link out of the repository": (link_snippet_outside,
        "snippets/widget/declare.json:1: $: LX101 file is a symbolic link that leads outside snippets/; "
        "a link must point to a file inside snippets/"),
    "snippet link to a directory": (link_snippet_to_directory,
        "snippets/widget/declare.json:1: $: LX101 file is a symbolic link to a directory, not a file"),
    "snippet FIFO": (snippet_fifo,
        "snippets/widget/declare.json:1: $: LX101 file is a named pipe (FIFO), not a regular file"),
    "snippet over 256 KB": (snippet_too_large,
        "snippets/widget/declare.json:1: $: LX101 file is 262145 bytes, over the 256 KB limit for a snippet (262144 bytes)"),
    "snippet not UTF-8": (snippet_not_utf8,
        "snippets/widget/declare.json:1: $: LX101 file is not valid UTF-8 (invalid continuation byte at byte 10)"),
    "YAML link out of the repository": (link_yaml_outside,
        "entries/widget/en.yml:1: $: LX101 file is a symbolic link that leads outside entries/; "
        "a link must point to a file inside entries/"),
    "YAML over 1 MB": (yaml_too_large,
        "entries/widget/en.yml:1: $: LX101 file is 1048577 bytes, over the 1 MB limit for a YAML file (1048576 bytes)"),
    "archived page link out of the repository": (link_archived_page_outside,
        "archive/widget/v2026-07/fr.md:1: $: LX101 file is a symbolic link that leads outside archive/; "
        "a link must point to a file inside archive/"),
    "snippet named by an absolute path": (snippet_named_by_absolute_path,
        "entries/widget/entry.yml:12: $.steps[0].snippet: LX207 '/etc/hostname' must be a path inside snippets/ (no leading '/', no '..')"),
}


def content_copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(FIXTURE, root)
    add_archive(root)
    return root


def test_the_fixture_with_its_archive_passes(tmp_path):
    result = run_check(content_copy(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("case", CASES)
def test_check_names_the_unsafe_file(case, tmp_path):
    root = content_copy(tmp_path)
    make, expected = CASES[case]
    make(root)
    result = run_check(root)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 1
    assert problem_lines(result.stdout) == [expected]


def test_a_link_inside_its_own_folder_is_read(tmp_path):
    root = content_copy(tmp_path)
    shared = root / "snippets/shared/declare.json"
    shared.parent.mkdir()
    shutil.move(root / SNIPPET, shared)
    (root / SNIPPET).symlink_to("../shared/declare.json")
    result = run_check(root)
    assert result.returncode == 0, result.stdout


def test_the_issue_case_on_the_real_lexicon(tmp_path):
    """snippets/api/call_forecast.py replaced by a link to the same code plus one line, elsewhere."""
    root = tmp_path / "repo"
    for name in ("entries", "quizzes", "snippets", "support", "specs.yml", "archive"):
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, root / name)
        elif source.is_file():
            shutil.copy(source, root / name)
    snippet = root / "snippets/api/call_forecast.py"
    target = outside(root, "call_forecast.py", snippet.read_text(encoding="utf-8") + f"print('{LEAK}')\n")
    snippet.unlink()
    snippet.symlink_to(target)
    result = run_check(root)
    assert result.returncode == 1
    assert problem_lines(result.stdout) == [
        "snippets/api/call_forecast.py:1: $: LX101 file is a symbolic link that leads outside snippets/; "
        "a link must point to a file inside snippets/"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """A project built once, with its archive, and the bytes of every file of its site."""
    project = make_project(content_copy(tmp_path_factory.mktemp("unsafe-base")), tmp_path_factory.mktemp("unsafe-project"))
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project, site_bytes(project / "site")


def site_bytes(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("case", CASES)
def test_mkdocs_build_refuses_and_leaves_the_previous_site_intact(case, built, tmp_path):
    base, before = built
    project = tmp_path / "project"
    shutil.copytree(base, project, symlinks=True)
    assert "fr/bidule/v2026-07/index.html" in before      # the archived page is part of the site
    make, expected = CASES[case]
    make(project)
    result = mkdocs_build(project)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert expected in result.stderr.splitlines()
    assert site_bytes(project / "site") == before
    assert not any(LEAK.encode() in data for data in site_bytes(project / "site").values())
