"""Every snippet shown on the site ran in a test, or its step says why none can."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigraph.content.load import load_corpus
from tests.conftest import EXERCISED

PROJECT = Path(__file__).resolve().parents[1]


def shown_snippets():
    """(entry file, step id, snippet, untested reason) for every step of every published entry."""
    corpus = load_corpus(PROJECT)
    for entry in corpus.entries.values():
        if entry.ok and entry.status == "published":
            for step in entry.fact("steps") or []:
                yield entry.facts.path, step["id"], step["snippet"], step.get("untested")


def test_every_snippet_shown_was_exercised_or_says_why_not(request):
    snippet_items = [i for i in request.session.items if "/tests/snippets/" in Path(i.fspath).as_posix()]
    collected_all = len(request.session.items) == request.session.testscollected and not request.config.option.keyword \
        and not request.config.option.markexpr and any(True for _ in snippet_items)
    if not collected_all:
        pytest.skip("snippet coverage is measured on a full run of the suite (scripts/test)")
    missing = [f"{path} step '{step}': snippets/{snippet} was shown but no test under tests/snippets/ used it; "
               "add a test case (tests/snippets/mcp_cases.yml or a test module) or an `untested:` reason"
               for path, step, snippet, reason in shown_snippets() if not reason and snippet not in EXERCISED]
    assert not missing, "\n".join(missing)


def test_untested_snippets_are_really_not_run():
    """An `untested` reason on a snippet that a test does run would be a stale claim."""
    if not EXERCISED:
        pytest.skip("measured on a full run of the suite")
    stale = [f"{path} step '{step}': snippets/{snippet} says untested ({reason!r}) but a test ran it"
             for path, step, snippet, reason in shown_snippets() if reason and snippet in EXERCISED]
    assert not stale, "\n".join(stale)
