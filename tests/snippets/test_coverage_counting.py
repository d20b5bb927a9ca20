"""What counts as running a snippet (tests/conftest.py's audit hook): opening it from a test or a
program the test starts does; copying it to build a site, or reading it to check or render a page, does not."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from lexigraph.content.load import load_corpus
from lexigraph.render.entry import render_entry
from lexigraph.render.urls import UrlMap
from tests.conftest import EXERCISED

PROJECT = Path(__file__).resolve().parents[2]


def _recorded(action) -> set[str]:
    """The snippets the hook records while ``action`` runs (what earlier tests recorded is kept)."""
    kept = set(EXERCISED)
    EXERCISED.clear()
    try:
        action()
        return set(EXERCISED)
    finally:
        EXERCISED.update(kept)


def test_copying_and_rendering_snippets_runs_none_of_them(tmp_path):
    def copy_and_render():
        shutil.copytree(PROJECT / "snippets", tmp_path / "snippets")
        corpus = load_corpus(PROJECT)
        site = UrlMap.of(corpus, "https://example.org/")
        for lang in ("fr", "en"):
            render_entry(site, corpus.entries["tool-call"], lang)

    assert _recorded(copy_and_render) == set()


def test_opening_a_snippet_or_passing_it_to_a_program_runs_it():
    def open_one():
        (PROJECT / "snippets" / "mcp" / "tools-call.json").read_text(encoding="utf-8")

    def start_one():
        subprocess.run([sys.executable, "-c", "pass", str(PROJECT / "snippets" / "mcp" / "tools-list.json")], check=True)

    assert _recorded(open_one) == {"mcp/tools-call.json"}
    assert _recorded(start_one) == {"mcp/tools-list.json"}
