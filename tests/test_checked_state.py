"""check() returns one checked content state (check/validate.Checked), and the pipeline, the preview and the
CLI take that object: a corpus with errors is never handed on to rendering (issue 32, item 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph.check.validate import Checked, check
from lexigraph.errors import LexigraphError
from lexigraph.pipeline import prepare

FIXTURES = Path(__file__).parent / "fixtures"


def test_the_valid_fixture_is_one_checked_state_with_no_error(tmp_path):
    root = tmp_path / "valid"
    shutil.copytree(FIXTURES / "valid", root)
    state = check(root)
    assert isinstance(state, Checked) and state.ok and state.errors == []
    assert state.corpus.entries                      # the corpus the rules saw is the one handed on
    assert prepare(root, "https://example.org/").corpus.entries.keys() == state.corpus.entries.keys()


def test_errors_stay_with_the_state_and_prepare_refuses_it(tmp_path):
    root = tmp_path / "dangling"                     # an invalid case is an overlay of valid/
    shutil.copytree(FIXTURES / "valid", root)
    shutil.copytree(FIXTURES / "invalid" / "dangling-relation" / "files", root, dirs_exist_ok=True)
    state = check(root)
    assert not state.ok
    assert {p.code for p in state.errors} == {"LX204"}
    with pytest.raises(LexigraphError) as raised:
        prepare(root, "https://example.org/")
    assert raised.value.problems == state.errors


def test_a_build_asks_for_errors_only(tmp_path):
    root = tmp_path / "valid"
    shutil.copytree(FIXTURES / "valid", root)
    assert check(root, with_warnings=False).warnings == []
