"""The pipeline's entry: load → check, once per content state, into the Build that rendering,
MkDocs (mkdocs_glue) and publishing share.

The CLI, the MkDocs hook (hooks/lexigraph_hooks.py), the preview and the agents' cache call
:func:`prepare`. One MkDocs build serves both languages; ``mkdocs serve`` prepares a new Build
(a new corpus) only after an edit, as told by :func:`lexigraph.content.signature.signature`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from lexigraph import DEFAULT_SITE_URL
from lexigraph.check.validate import registry, validate
from lexigraph.content.load import load_corpus
from lexigraph.content.model import Corpus
from lexigraph.content.signature import signature
from lexigraph.errors import LexigraphError
from lexigraph.render.urls import UrlMap

# MkDocs prints its own loggers' INFO lines (not with --quiet): what a long build is doing.
log = logging.getLogger("mkdocs.plugins.lexigraph")

DEFAULT_LANGUAGE = "fr"


@dataclass
class Build:
    corpus: Corpus
    site: UrlMap
    pages: dict = field(default_factory=dict)   # src_uri → Page, for this build
    fragments: dict = field(default_factory=dict)  # src_uri → HTML fragments of its skeleton
    navs: dict = field(default_factory=dict)    # lang → Navigation
    rendered: int = 0                            # pages MkDocs has rendered so far, for progress lines
    started: float = 0.0                         # when MkDocs began rendering them (perf_counter)
    preview: Scope | None = None                 # a writer's preview: only these pages; None for the site


@dataclass(frozen=True)
class Scope:
    """What a writer's preview (authoring/preview.py) builds: its entries' pages and indexes of them."""
    entries: frozenset
    index_site: UrlMap    # the home, A–Z and Revisions pages list the preview's entries only


# The key under which `lexigraph preview` hands its own Build to the MkDocs hook, in the config it
# builds with; a normal build has no such key and prepares its Build from the content root.
PREVIEW_BUILD = "lexigraph_preview_build"

_cache: dict[tuple, Build] = {}


def prepare(root: Path, site_url: str) -> Build:
    """Load and validate the content once per content state; raise LexigraphError listing every problem."""
    key = (signature(root), site_url)
    if key not in _cache:
        started = time.perf_counter()
        corpus = load_corpus(root, use_cache=True)
        problems = validate(corpus)
        corpus.save_cache()
        if problems:
            raise LexigraphError(problems)
        _cache.clear()
        site = UrlMap.of(corpus, site_url or DEFAULT_SITE_URL, registry(corpus))
        _cache[key] = Build(corpus, site)
        log.info("Lexigraph: %d entries read and checked in %.1f s", len(corpus.entries), time.perf_counter() - started)
    return _cache[key]
