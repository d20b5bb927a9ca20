"""`lexigraph preview <id>` of an id that is no entry: a located problem with a suggestion, not an exit from
library code (the CLI is the only place that exits)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigraph.authoring.preview import Preview
from lexigraph.cli import main
from lexigraph.errors import LexigraphError

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def test_an_unknown_entry_is_a_located_problem_with_a_suggestion(tmp_path):
    with pytest.raises(LexigraphError) as raised:
        Preview(FIXTURE, "widgte", tmp_path)
    assert [str(p) for p in raised.value.problems] == [
        "entries/widgte:1: $: no entry 'widgte' to preview (did you mean 'widget'?): give the id of a folder in entries/"]


def test_the_cli_prints_it_and_exits_with_1(capsys):
    assert main(["--root", str(FIXTURE), "preview", "nowhere"]) == 1
    assert "entries/nowhere:1: $: no entry 'nowhere' to preview: give the id of a folder in entries/" in capsys.readouterr().out
