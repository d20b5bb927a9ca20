"""`lexigraph preview <id>`: a writer's live preview of one entry, rebuilt in about a second at any lexicon size.

The whole lexicon is read and checked once, at start. The preview site holds the entry's pages
(both languages), its neighbours' (the entries it links to and those that link to it) and the
home, A–Z and Revisions pages; links to other entries lead nowhere in the preview. On each save
of the entry's files, only those files are read again, the whole lexicon is checked again in
memory (cross-entry checks included), and MkDocs builds the preview's pages; the browser reloads.
With problems, they are printed and the previous preview stays. `mkdocs build` is unchanged:
the preview only narrows the pages while its own process runs (lexigraph.build.PREVIEW).
"""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path

from . import LANGUAGES
from . import build as pipeline
from .errors import LexigraphError
from .load import Corpus, _load_entry, _read, load_corpus
from .render import SiteMap
from .validate import registry, validate

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
    linked = {entry_id} | linked_ids(corpus.entries[entry_id].facts.data, ids)
    for other in corpus.entries.values():
        if other.ok and entry_id in linked_ids(other.facts.data, ids - {other.id}):
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
            raise SystemExit(f"lexigraph preview: no entry '{entry_id}' in {root / 'entries'}")
        self.scope = neighbourhood(self.corpus, entry_id)

    def watched(self) -> list[Path]:
        """The files a writer edits for this entry: its folder and its quiz files."""
        entry = self.corpus.entries[self.entry_id]
        quiz = entry.fact("quiz")
        return [entry.folder] + ([self.root / "quizzes" / f"{quiz}.{lang}.yml" for lang in LANGUAGES] if quiz else [])

    def reload(self) -> list:
        """Read the entry's files again and check the whole lexicon in memory; return the problems."""
        corpus = self.corpus
        corpus.problems = []
        entry = _load_entry(corpus, self.corpus.entries[self.entry_id].folder)
        quiz = entry.fact("quiz")
        if quiz:
            for lang in LANGUAGES:
                entry.quiz[lang] = _read(corpus, self.root / "quizzes" / f"{quiz}.{lang}.yml")
        corpus.entries[self.entry_id] = entry
        return validate(corpus)

    def build(self) -> None:
        """Build the neighbourhood's pages into site_dir with the project's mkdocs.yml."""
        from mkdocs.commands.build import build as mkdocs_build
        from mkdocs.config import load_config

        self.site = SiteMap.of(self.corpus, "https://www.lexigraph.org/", registry(self.corpus))
        pipeline.PREVIEW = pipeline.Scope(pipeline.Build(self.corpus, self.site), frozenset(self.scope))
        try:
            config = load_config(str(self.root / "mkdocs.yml"), site_dir=str(self.site_dir), strict=False)
            config.plugins.on_startup(command="build", dirty=False)
            try:
                mkdocs_build(config)
            finally:
                config.plugins.on_shutdown()
        finally:
            pipeline.PREVIEW = None

    def rebuild(self) -> None:
        """After a save: the new preview, or the problems (the previous preview stays)."""
        from .cli import print_problems

        problems = self.reload()
        if problems:
            print_problems(problems, out=sys.stderr)
            log.error("Preview not updated: fix the problems above and save again.")
            return
        self.build()


def serve(root: Path, entry_id: str, host: str = "127.0.0.1", port: int = 8001) -> int:
    """Build the preview, serve it with live reload until interrupted."""
    from mkdocs.livereload import LiveReloadServer

    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
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
