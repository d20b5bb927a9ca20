"""The served cache behind `lexigraph mcp`: the checked lexicon saved on disk (an index and one file per entry), keyed on the content and the code, so a warm start reads no YAML."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.agents.lexicon import EntryStore, Lexicon
from lexigraph.content import archive
from lexigraph.content.cache import CACHE_DIR, code_digest
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.signature import signature
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.render.urls import UrlMap

# relations: pages list who points at them; support: the `support` tool finds a feature by its id
SUMMARY_FACTS = ("number", "status", "version", "versions", "checked_against", "quiz", "relations", "support")
SUMMARY_TEXT = ("slug", "title", "definition", "analogy", "aliases")


def load(root: Path, site_url: str) -> Lexicon:
    """The lexicon under ``root``; raises LexigraphError listing every content problem."""
    from lexigraph.check.validate import registry

    key = hashlib.blake2b(repr((code_digest(), signature(root), site_url)).encode(), digest_size=12).hexdigest()
    folder = root / CACHE_DIR / f"served-{key}"
    try:
        with (folder / "index.pickle").open("rb") as handle:
            summary, archived = pickle.load(handle)
        store = EntryStore(folder / "entries")
    except Exception:  # none yet, or unreadable: validate, then write it
        corpus, archived, pages = _validated(root, site_url)
        summary = _summary(corpus)
        store = EntryStore(loaded={entry_id: (entry, pages.get(entry_id, {})) for entry_id, entry in corpus.entries.items()})
        _save(folder, (summary, archived), store.loaded)
    return Lexicon(UrlMap.of(summary, site_url, registry(summary)), archived, store)


def _validated(root: Path, site_url: str) -> tuple[Corpus, dict, dict]:
    """The validated corpus (without line maps), archived versions' records, and their pages."""
    from lexigraph.pipeline import prepare

    build = prepare(root, site_url)
    slim = lambda doc: YamlDoc(doc.path, doc.data) if doc is not None else None  # noqa: E731 - line maps are not served
    shown = {step["snippet"] for entry in build.corpus.entries.values() for step in entry.fact("steps") or []
             if isinstance(step, dict) and step.get("snippet") in build.corpus.snippets}
    # The snippets the entries show, as read with the content: the Markdown copy shows them without opening a file.
    corpus = Corpus(root=build.corpus.root, registry=slim(build.corpus.registry),
                    snippets={name: build.corpus.snippets[name] for name in sorted(shown)},
                    support_results=build.corpus.support_results, probes=build.corpus.probes)
    for entry in build.corpus.entries.values():
        corpus.entries[entry.id] = Entry(entry.id, entry.folder, slim(entry.facts),
                                         {k: slim(v) for k, v in entry.prose.items()},
                                         {k: slim(v) for k, v in entry.quiz.items()})
    archived, pages = {}, {}
    for entry_id in corpus.entries:
        versions = archive.snapshots(build.corpus, entry_id)   # read and checked with the corpus (safefile)
        if versions:
            archived[entry_id] = {version: snap.meta for version, snap in versions.items()}
            pages[entry_id] = {version: {lang: snap.markdown(lang) for lang in LANGUAGES} for version, snap in versions.items()}
    return corpus, archived, pages


def _summary(corpus: Corpus) -> Corpus:
    """The corpus with only what listing, lookup and search read: a small index to load at start-up."""
    def part(doc, keys):
        return YamlDoc(doc.path, {k: doc.data[k] for k in keys if k in doc.data}) if doc is not None else None

    summary = Corpus(root=corpus.root, registry=corpus.registry, snippets=corpus.snippets,
                     support_results=corpus.support_results, probes=corpus.probes)
    for entry in corpus.entries.values():
        summary.entries[entry.id] = Entry(entry.id, entry.folder, part(entry.facts, SUMMARY_FACTS),
                                          {k: part(v, SUMMARY_TEXT) for k, v in entry.prose.items()})
    return summary


def _save(folder: Path, index, entries: dict) -> None:
    """Write the snapshot next to the build cache, replacing older ones; a failure leaves none."""
    temporary = folder.with_name(f"{folder.name}.tmp-{os.getpid()}")
    try:
        (temporary / "entries").mkdir(parents=True)
        for entry_id, item in entries.items():
            with (temporary / "entries" / f"{entry_id}.pickle").open("wb") as handle:
                pickle.dump(item, handle, protocol=pickle.HIGHEST_PROTOCOL)
        with (temporary / "index.pickle").open("wb") as handle:
            pickle.dump(index, handle, protocol=pickle.HIGHEST_PROTOCOL)
        for old in folder.parent.glob("served-*"):
            if old != temporary:
                shutil.rmtree(old, ignore_errors=True)
        temporary.rename(folder)
    except OSError:
        shutil.rmtree(temporary, ignore_errors=True)  # a read-only checkout serves without a snapshot
