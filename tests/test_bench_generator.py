"""bench/generate.py: a synthetic lexicon of 100 entries is valid and builds with the project's config."""

from __future__ import annotations

import subprocess
import sys

import yaml

from bench.generate import generate
from tests.support.site import PROJECT, make_project, mkdocs_build

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
    assert check.stdout.strip().splitlines()[-1] == f"lexigraph check: {SIZE} entries, no problems."

    project = make_project(content, tmp_path / "project")
    built = mkdocs_build(project)
    assert built.returncode == 0, built.stderr
    for id_ in (ids[0], ids[-1]):
        slug = yaml.safe_load((content / "entries" / id_ / "en.yml").read_text(encoding="utf-8"))["slug"]
        assert (project / "site" / "en" / slug / "index.html").is_file()
