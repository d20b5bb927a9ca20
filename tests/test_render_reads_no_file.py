"""Rendering does no file I/O: everything a page shows (entries, quizzes, snippets, archived pages, specs.yml,
path.yml, word lists, interface labels) is read when the content is loaded and checked, so nothing can be
rendered that was not checked. Every page of the real lexicon, both languages, and the Markdown and JSON copies
are rendered while every way of opening a file is replaced by one that records the call."""

from __future__ import annotations

import builtins
import io
import os
import pathlib

from lexigraph import LANGUAGES
from lexigraph.check.validate import registry, validate
from lexigraph.content import safefile
from lexigraph.content.load import load_corpus
from lexigraph.render import cite
from lexigraph.render.indexes import render_root
from lexigraph.render.json_record import entry_json
from lexigraph.render.markdown_copy import markdown_copy
from lexigraph.render.pages import plan_language
from lexigraph.render.urls import UrlMap
from tests.support.site import PROJECT


def checked_site(root) -> UrlMap:
    corpus = load_corpus(root)
    assert validate(corpus) == []
    return UrlMap.of(corpus, "https://www.lexigraph.org/", registry(corpus))


def render_everything(site: UrlMap) -> int:
    rendered = 0
    for lang in LANGUAGES:
        for page in plan_language(site, lang):
            page.render()
            rendered += 1
        for entry in site.corpus.entries.values():
            markdown_copy(site, entry, lang)
            if entry.status == "published":
                entry_json(site, entry, lang)
                cite.head(site, entry, lang, {other: site.urls[(other, entry.id)] for other in LANGUAGES})
    render_root(site)
    return rendered


def test_rendering_every_page_of_the_real_lexicon_opens_no_file(monkeypatch):
    render_everything(checked_site(PROJECT))    # first: the libraries' own lazy loading (lexers, extensions)
    site = checked_site(PROJECT)                # a new content state: nothing derived from the first one
    with monkeypatch.context() as patch:
        calls = _record(patch)
        pages = render_everything(site)
    assert pages > 100 and site.corpus.reading_path is not None and site.corpus.snippets and site.corpus.archived_pages
    assert calls == []


def _record(patch) -> list[str]:
    calls: list[str] = []

    def recording(name, real):
        def record(*args, **kwargs):
            calls.append(f"{name}({args[0] if args else ''!s})")
            return real(*args, **kwargs)
        return record

    patch.setattr(builtins, "open", recording("open", builtins.open))
    patch.setattr(io, "open", recording("io.open", io.open))
    patch.setattr(os, "open", recording("os.open", os.open))
    for method in ("open", "read_text", "read_bytes"):
        patch.setattr(pathlib.Path, method, recording(f"Path.{method}", getattr(pathlib.Path, method)))
    return calls


def test_the_recorder_sees_each_way_of_opening_a_file(monkeypatch, tmp_path):
    """The check above cannot pass for want of seeing: a snippet read at render time, as before, is seen."""
    file = tmp_path / "x.txt"
    file.write_text("x", encoding="utf-8")
    with monkeypatch.context() as patch:
        calls = _record(patch)
        seen = []
        for read in (lambda: open(file).close(), lambda: file.read_text(encoding="utf-8"), file.read_bytes,
                     lambda: os.close(os.open(file, os.O_RDONLY)),
                     lambda: safefile.read_text(file, tmp_path, tmp_path, safefile.SNIPPET)):
            before = len(calls)
            read()
            seen.append(len(calls) > before)
    assert seen == [True] * 5
