"""`lexigraph preview <id>`: a writer's live preview of one entry, rebuilt in about a second at any lexicon size.

The whole lexicon is read and checked once, at start. The preview site holds the entry's pages
(both languages), its neighbours' (the entries it links to and those that link to it) and the
home, A–Z and Revisions pages (listing the preview's entries); links to other entries lead nowhere
in the preview. On each save of a content file (the entry's, a neighbour's, any other), the
lexicon is read again into a new corpus (the per-file cache spares the parsing of unchanged
files) and checked whole (cross-entry checks included), and MkDocs builds the entry's pages and
the indexes (the neighbours' too when the entry's name changed); the browser reloads. With
problems, they are printed and the previous preview stays. Nothing derived from the content is
kept from one save to the next but the per-file cache. `mkdocs build` is unchanged: the preview
hands its own Build, which names the pages it holds, to the MkDocs hook in its config
(pipeline.PREVIEW_BUILD).
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from lexigraph import DEFAULT_SITE_URL, LANGUAGES, pipeline
from lexigraph.check.common import did_you_mean
from lexigraph.check.validate import registry, validate
from lexigraph.content import signature
from lexigraph.content.load import load_corpus
from lexigraph.content.model import Corpus
from lexigraph.errors import LAYOUT, LexigraphError, Problem, print_problems
from lexigraph.render.urls import UrlMap

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

log = logging.getLogger("lexigraph.preview")


def linked_ids(value, ids: set[str]) -> set[str]:
    """Every entry id that appears as a value anywhere in a parsed YAML tree."""
    if isinstance(value, str):
        return {value} & ids
    if isinstance(value, dict):
        return set().union(*(linked_ids(v, ids) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(linked_ids(v, ids) for v in value))
    return set()


def neighbourhood(corpus: Corpus, entry_id: str) -> set[str]:
    """The entry, the entries its facts link to, and the entries whose facts link to it."""
    ids = set(corpus.entries)
    linked = {entry_id} | linked_ids(corpus.entries[entry_id].facts_data(), ids)
    for other in corpus.entries.values():
        if other.ok and entry_id in linked_ids(other.facts_data(), ids - {other.id}):
            linked.add(other.id)
    return linked


class Preview:
    """The corpus kept in memory, and the build of one entry's neighbourhood."""

    def __init__(self, root: Path, entry_id: str, site_dir: Path):
        self.root, self.entry_id, self.site_dir = root, entry_id, site_dir
        self.corpus = load_corpus(root, use_cache=True)
        problems = validate(self.corpus)
        self.corpus.save_cache()
        if problems:
            raise LexigraphError(problems)
        if entry_id not in self.corpus.entries:
            raise LexigraphError([Problem(f"entries/{entry_id}", 1, "$", f"no entry '{entry_id}' to preview"
                                          f"{did_you_mean(entry_id, self.corpus.entries)}: give the id of a folder in entries/", LAYOUT)])
        self.scope = neighbourhood(self.corpus, entry_id)
        self.config: MkDocsConfig | None = None

    def watched(self) -> list[Path]:
        """What a save in may change the preview: the whole content (content/signature.py), as for `mkdocs serve`.

        A neighbour's file counts as much as the entry's: a problem the entry has may be fixed there.
        """
        return signature.watched(self.root)

    def reload(self) -> list:
        """Read the lexicon again into a new corpus and check it whole; keep it when it has no problem.

        Returns the problems (the previous corpus, and so the previous preview, stays with them).
        """
        corpus = load_corpus(self.root, use_cache=True, cache=self.corpus.cache)
        problems = validate(corpus)
        corpus.save_cache()
        if problems:
            return problems
        if self.entry_id not in corpus.entries:
            return [Problem(f"entries/{self.entry_id}", 1, "$", "the previewed entry's folder is gone; restore it or stop the preview", LAYOUT)]
        self.corpus = corpus
        self.scope = neighbourhood(corpus, self.entry_id)
        return []

    def names(self) -> tuple:
        """What the neighbours' pages show of the entry: its number, status, titles, slugs and aliases."""
        entry = self.corpus.entries[self.entry_id]
        return (entry.fact("number"), entry.status,
                *((entry.text(lang, "title"), entry.text(lang, "slug"), entry.text(lang, "aliases")) for lang in LANGUAGES))

    def build(self, neighbours: bool = True) -> None:
        """Build the entry's pages and the indexes into site_dir, and the neighbours' pages unless told not to."""
        from mkdocs.commands.build import build as mkdocs_build

        self.site = UrlMap.of(self.corpus, DEFAULT_SITE_URL, registry(self.corpus))
        shown = dataclasses.replace(self.corpus, entries={i: self.corpus.entries[i] for i in sorted(self.scope)})
        pages = frozenset(self.scope if neighbours else {self.entry_id})
        scope = pipeline.Scope(pages, dataclasses.replace(self.site, corpus=shown))
        first = self.config is None
        config = self.config = self._config() if self.config is None else self.config
        config[pipeline.PREVIEW_BUILD] = pipeline.Build(self.corpus, self.site, preview=scope)
        mkdocs_build(config, dirty=not first)   # dirty: theme assets are copied once

    def _config(self) -> MkDocsConfig:
        """The project's mkdocs.yml, loaded once: its theme templates are compiled once, not per save."""
        from mkdocs.config import load_config

        config = load_config(str(self.root / "mkdocs.yml"), site_dir=str(self.site_dir), strict=False)
        config.plugins.on_startup(command="serve", dirty=True)
        env = config.theme.get_env()
        loader = env.loader
        assert loader is not None   # a theme's environment always has its loader
        templates = loader.list_templates()   # Material's theme holds thousands of files: list them once
        # Deliberate instance patches of MkDocs' and Jinja's methods, which mypy refuses by default.
        config.theme.get_env = lambda: env  # type: ignore[method-assign]
        loader.list_templates = lambda: templates  # type: ignore[method-assign]
        return config

    def rebuild(self) -> None:
        """After a save: the new preview, or the problems (the previous preview stays)."""
        before = self.names()
        started = time.perf_counter(), time.process_time()
        problems = self.reload()
        if problems:
            print_problems(problems, out=sys.stderr)
            log.error("Preview not updated: fix the problems above and save again.")
            return
        # The neighbours' pages (left from the last build) change only when the entry's name does.
        self.build(neighbours=self.names() != before)
        log.info("Preview rebuilt in %.2f s (%.2f s CPU)", time.perf_counter() - started[0], time.process_time() - started[1])


def _not_dirty_warning(record: logging.LogRecord) -> bool:
    """MkDocs warns that a dirty build may leave stale links; the preview's own rebuilds take care of them."""
    return not record.getMessage().startswith("A 'dirty' build")


def serve(root: Path, entry_id: str, host: str = "127.0.0.1", port: int = 8001) -> int:
    """Build the preview, serve it with live reload until interrupted."""
    from mkdocs.livereload import LiveReloadServer

    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    logging.getLogger("mkdocs.commands.build").addFilter(_not_dirty_warning)
    with tempfile.TemporaryDirectory(prefix="lexigraph-preview-") as tmp:
        preview = Preview(root.resolve(), entry_id, Path(tmp))
        preview.build()
        server = LiveReloadServer(builder=preview.rebuild, host=host, port=port, root=tmp, polling_interval=0.2)
        for path in preview.watched():
            server.watch(str(path))
        pages = " and ".join(f"{server.url}{preview.site.urls[(lang, entry_id)]}" for lang in LANGUAGES)
        log.info("Preview of %s at %s, with its neighbours %s", entry_id, pages,
                 ", ".join(sorted(preview.scope - {entry_id})) or "(none)")
        try:
            server.serve()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    return 0
