"""What "the content" is, defined once: the folders and files of a content root, and the package's data files
(the word lists and interface labels in ``lexigraph/data/``). `mkdocs serve` (hooks/lexigraph_hooks.py:on_serve)
and `lexigraph preview` watch :func:`watched`; the pipeline's Build and the MCP server's saved lexicon
(agents/served_cache.py) are keyed on :func:`signature`, which changes whenever a file of any kind is added,
removed or edited."""

from __future__ import annotations

import os
from pathlib import Path

from lexigraph.content import wordlists

CONTENT_DIRS = ("entries", "quizzes", "snippets", "archive", "support")   # support/: probes and results.json (issue 29)
CONTENT_FILES = ("specs.yml", "path.yml")


def watched(root: Path) -> list[Path]:
    """Every folder and file whose change may change a page or an answer; those that do not exist are left out."""
    paths = [root / name for name in CONTENT_DIRS + CONTENT_FILES]
    return [path for path in paths if path.exists()] + [wordlists.DATA]


def signature(root: Path) -> tuple:
    """(the root, the stat of every content file and data file). Content paths are relative to the root, so that
    `--root .` and `--root /abs/path` give one signature; os.scandir, not pathlib, for its cost."""
    def walk(folder: str):
        with os.scandir(root / folder) as found:
            for item in found:
                if item.is_dir(follow_symlinks=False):
                    yield from walk(f"{folder}/{item.name}")
                else:
                    st = item.stat(follow_symlinks=False)
                    yield f"{folder}/{item.name}", st.st_mtime_ns, st.st_size

    stats = [item for name in CONTENT_DIRS if (root / name).is_dir() for item in walk(name)]
    for name in CONTENT_FILES:
        if os.path.lexists(root / name):
            st = os.lstat(root / name)
            stats.append((name, st.st_mtime_ns, st.st_size))
    data = tuple(wordlists.stamp(word_list) for word_list in wordlists.LISTS)
    return (str(root.resolve()), tuple(sorted(stats)), data)
