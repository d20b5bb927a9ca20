"""bench/generate.py: a synthetic lexicon of 100 entries is valid and builds with the project's config,
and the build says how far it is."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml

from bench.generate import generate
from tests.support.site import PROJECT, make_project, mkdocs_build

pytestmark = [pytest.mark.build, pytest.mark.slow]

SIZE = 100


def test_generated_lexicon_checks_and_builds(tmp_path):
    content = tmp_path / "content"
    ids = generate(SIZE, content)
    assert len(ids) == len(set(ids)) == SIZE
    assert sorted(p.name for p in (content / "entries").iterdir()) == sorted(ids)
    assert len(list((content / "quizzes").glob("*.yml"))) == 2 * SIZE
    numbers = [yaml.safe_load((content / "entries" / i / "entry.yml").read_text(encoding="utf-8"))["number"] for i in ids]
    assert sorted(numbers) == list(range(1, SIZE + 1))

    check = subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(content), "check"],
                           cwd=PROJECT, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout
    # No errors; a few quiz-cue warnings may remain, since the clones' made-up rewordings can echo by chance.
    last = check.stdout.strip().splitlines()[-1]
    assert last == f"lexigraph check: {SIZE} entries, no problems." or last.startswith(f"lexigraph check: {SIZE} entries, no errors, "), last
    assert "Relations (" not in check.stdout and "Evidence markers (" not in check.stdout, check.stdout

    project = make_project(content, tmp_path / "project")
    built = mkdocs_build(project, quiet=False)
    assert built.returncode == 0, built.stderr
    assert "WARNING" not in built.stderr
    lines = [line.split("-  ", 1)[1] for line in built.stderr.splitlines() if "-  Lexigraph: " in line]
    assert re.fullmatch(rf"Lexigraph: {SIZE} entries read and checked in \d+\.\d s", lines[0])
    total = int(re.fullmatch(r"Lexigraph: (\d+) pages to build, in French and English", lines[1]).group(1))
    rendered = [path for path in (project / "site").rglob("*.html")     # not 404.html, not the version pointers
                if path.name != "404.html" and 'http-equiv="refresh"' not in path.read_text(encoding="utf-8")]
    assert total == len(rendered)
    step = max(100, -(-total // 10))
    progress = [int(m.group(1)) for line in lines if (m := re.fullmatch(rf"Lexigraph: (\d+) of {total} pages rendered \(\d+ s\)", line))]
    assert progress == list(range(step, total + 1, step)) and len(progress) >= 2
    assert f"Lexigraph: search index (Pagefind) of {2 * SIZE} entry pages, one per language, in " in lines[-1]
    for id_ in (ids[0], ids[-1]):
        slug = yaml.safe_load((content / "entries" / id_ / "en.yml").read_text(encoding="utf-8"))["slug"]
        assert (project / "site" / "en" / slug / "index.html").is_file()
