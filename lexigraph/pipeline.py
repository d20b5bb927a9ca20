"""The build pipeline as MkDocs sees it: load → validate → render → (MkDocs builds) → publish extras.

The MkDocs hook (hooks/lexigraph_hooks.py) calls these functions and nothing else. One
MkDocs build serves both languages; the corpus is loaded and validated once per process
and content state (``mkdocs serve`` rebuilds only after an edit).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from lexigraph.check.validate import registry, validate
from lexigraph.content.load import load_corpus
from lexigraph.content.model import Corpus
from lexigraph.errors import LexigraphError
from lexigraph.render.urls import SiteMap

# MkDocs prints its own loggers' INFO lines (not with --quiet): what a long build is doing.
log = logging.getLogger("mkdocs.plugins.lexigraph")

DEFAULT_LANGUAGE = "fr"
CONTENT_DIRS = ("entries", "quizzes", "snippets", "archive")
CONTENT_FILES = ("specs.yml", "path.yml")


@dataclass
class Build:
    corpus: Corpus
    site: SiteMap
    pages: dict = field(default_factory=dict)   # src_uri → Page, for this build
    fragments: dict = field(default_factory=dict)  # src_uri → HTML fragments of its skeleton
    navs: dict = field(default_factory=dict)    # lang → Navigation
    rendered: int = 0                            # pages MkDocs has rendered so far, for progress lines
    started: float = 0.0                         # when MkDocs began rendering them (perf_counter)


_cache: dict[tuple, Build] = {}


@dataclass(frozen=True)
class Scope:
    """A writer's preview (lexigraph/preview.py): its in-memory build and the entries it shows."""
    build: Build
    entries: frozenset
    index_site: SiteMap    # the home, A–Z and Revisions pages list the preview's entries only


PREVIEW: Scope | None = None   # set only inside `lexigraph preview`; a normal build never sees it


def _signature(root: Path) -> tuple:
    """Changes whenever a content file or a word list (lexigraph/data/) is added, removed or edited
    (for `mkdocs serve`)."""
    from lexigraph.content import wordlists

    stats = [wordlists.stamp(word_list) for word_list in wordlists.LISTS]
    for name in CONTENT_DIRS:
        for path in sorted((root / name).rglob("*")):
            if path.is_file():
                st = path.stat()
                stats.append((str(path), st.st_mtime_ns, st.st_size))
    for name in CONTENT_FILES:
        path = root / name
        if path.is_file():
            stats.append((str(path), path.stat().st_mtime_ns, path.stat().st_size))
    return (str(root.resolve()), tuple(stats))


def prepare(root: Path, site_url: str) -> Build:
    """Load and validate the content once; raise LexigraphError listing every problem."""
    if PREVIEW is not None:
        return PREVIEW.build
    key = (_signature(root), site_url)
    if key not in _cache:
        started = time.perf_counter()
        corpus = load_corpus(root, use_cache=True)
        problems = validate(corpus)
        corpus.save_cache()
        if problems:
            raise LexigraphError(problems)
        _cache.clear()
        site = SiteMap.of(corpus, site_url or "https://www.lexigraph.org/", registry(corpus))
        _cache[key] = Build(corpus, site)
        log.info("Lexigraph: %d entries read and checked in %.1f s", len(corpus.entries), time.perf_counter() - started)
    return _cache[key]


def watched_data() -> str:
    """The folder of the writers' word lists, for `mkdocs serve` to watch beside the content."""
    from lexigraph.content import wordlists

    return str(wordlists.DATA)


