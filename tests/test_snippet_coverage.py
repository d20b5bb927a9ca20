"""Every snippet shown on the site ran in a test, or its step says why none can."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph.content.load import load_corpus
from tests.conftest import EXERCISED, SNIPPET_TESTS_RUN_HERE

PROJECT = Path(__file__).resolve().parents[1]


def shown_snippets(root: Path = PROJECT):
    """(entry file, step id, snippet, untested reason) for every step of every published entry."""
    corpus = load_corpus(root)
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
    elsewhere = [i.nodeid for i in snippet_items if i.nodeid not in SNIPPET_TESTS_RUN_HERE]
    assert not elsewhere, (
        f"{len(elsewhere)} of {len(snippet_items)} snippet tests ran in another process (first: {elsewhere[0]}), "
        "so what they opened cannot be counted here: pytest-xdist's `--dist loadgroup` did not keep the "
        "xdist_group('snippets') together (pytest-xdist 3.8 on pytest 9.2 ignores it; pyproject.toml pins pytest <9.2)")
    missing = unexercised(shown_snippets(), EXERCISED)
    assert not missing, "\n".join(missing)


def unexercised(shown, exercised: set[str]) -> list[str]:
    """What the coverage test reports: each snippet shown, with no `untested` reason, that no snippet test ran."""
    return [f"{path} step '{step}': snippets/{snippet} was shown but no test under tests/snippets/ used it; "
            "add a test case (tests/snippets/mcp_cases.yml or a test module) or an `untested:` reason"
            for path, step, snippet, reason in shown if not reason and snippet not in exercised]


FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def test_a_shown_snippet_that_no_test_ran_fails_coverage_and_an_untested_one_passes(tmp_path):
    """The coverage rule itself, on the fixture lexicon: widget shows snippets/widget/declare.json."""
    shown = list(shown_snippets(FIXTURE))
    assert [s[2] for s in shown] == ["widget/declare.json"]
    assert unexercised(shown, set()) == [
        "entries/widget/entry.yml step 'declare': snippets/widget/declare.json was shown but no test under "
        "tests/snippets/ used it; add a test case (tests/snippets/mcp_cases.yml or a test module) or an `untested:` reason"]
    assert unexercised(shown, {"widget/declare.json"}) == []
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    facts = root / "entries" / "widget" / "entry.yml"
    text = facts.read_text(encoding="utf-8")
    assert "snippet: widget/declare.json, " in text
    facts.write_text(text.replace("snippet: widget/declare.json, ",
                                  "snippet: widget/declare.json, untested: a declaration no program reads, ", 1), encoding="utf-8")
    assert unexercised(list(shown_snippets(root)), set()) == []


def test_untested_snippets_are_really_not_run():
    """An `untested` reason on a snippet that a test does run would be a stale claim."""
    if not EXERCISED:
        pytest.skip("measured on a full run of the suite")
    stale = [f"{path} step '{step}': snippets/{snippet} says untested ({reason!r}) but a test ran it"
             for path, step, snippet, reason in shown_snippets() if reason and snippet in EXERCISED]
    assert not stale, "\n".join(stale)
