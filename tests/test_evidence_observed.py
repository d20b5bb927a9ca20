"""`[^observed:step]` is checkable (lexigraph/check/observed.py, FORMAT.md "Evidence markers"): a step records
what its run shows (`shows`), each recorded value is in the run's record, and a sentence carrying the marker
names no code span, number or error code the step does not record."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexigraph.check import observed
from lexigraph.cli import main
from lexigraph.content.load import load_corpus

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
PROJECT = Path(__file__).resolve().parents[1]
INTRO = "        The declaration is one JSON object.[^observed:declare]\n"
INTRO_FR = "        La déclaration tient en un objet JSON[^observed:declare].\n"
STEP = '     observed_with: {implementation: Widget runner, version: "1.0"}}'


def lexicon(tmp_path: Path, en: str | None = None, fr: str | None = None, shows: str = "", record: str = "") -> Path:
    """The fixture lexicon with the step's intro sentence replaced (in each language) and shows/record on its step."""
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    (root / "tests" / "snippets").mkdir(parents=True)      # where the snippet tests live: records are checked only there
    (root / "tests" / "snippets" / "mcp_cases.yml").write_text("[]\n", encoding="utf-8")
    widget = root / "entries" / "widget"
    for lang, old, new in (("en", INTRO, en), ("fr", INTRO_FR, fr if fr is not None else en)):
        if new is not None:
            text = (widget / f"{lang}.yml").read_text(encoding="utf-8")
            assert old in text
            (widget / f"{lang}.yml").write_text(text.replace(old, f"        {new}\n"), encoding="utf-8")
    facts = (widget / "entry.yml").read_text(encoding="utf-8")
    assert STEP in facts
    extra = "".join(f", {k}: {v}" for k, v in (("shows", shows), ("record", record)) if v)
    (widget / "entry.yml").write_text(facts.replace(STEP, STEP[:-1] + extra + "}"), encoding="utf-8")
    return root


def check(root: Path, capsys) -> tuple[int, list[str]]:
    code = main(["--root", str(root), "check", "--strict"])
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return code, [line.strip() for line in out.splitlines() if line.startswith("  ")]


def test_a_sentence_naming_only_what_its_step_records_passes(tmp_path, capsys):
    root = lexicon(tmp_path, en="The declaration names `widget` and points at `ui://widget/view`.[^observed:declare]",
                   fr="La déclaration nomme `widget` et pointe vers `ui://widget/view`[^observed:declare].",
                   shows='["widget", "ui://widget/view"]')
    assert check(root, capsys) == (0, [])


def test_a_marker_whose_step_does_not_show_its_sentence_fails(tmp_path, capsys):
    """The review's EVIDENCE failures in small: the step's run shows a view link, the sentence claims another."""
    root = lexicon(tmp_path, en="The declaration points at `ui://widget/settings`.[^observed:declare]",
                   fr="La déclaration pointe vers `ui://widget/settings`[^observed:declare].",
                   shows='["ui://widget/view"]')
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == [
        f"entries/widget/{lang}.yml:{line}: $.under_the_hood.steps.declare.intro: LX704 [^observed:declare]: the sentence names "
        f"code span 'ui://widget/settings', which step 'declare' does not record in shows (“{excerpt}”): if the run "
        "shows it, add it to the step's shows in entry.yml; otherwise cite the source that says it, or rewrite the sentence"
        for lang, line, excerpt in (("en", 22, "The declaration points at `ui://widget/settings`."),
                                    ("fr", 23, "La déclaration pointe vers `ui://widget/settings`."))]


@pytest.mark.parametrize(("sentence", "kind", "value"), [
    ("The declaration names `widget-pro`.", "code span", "widget-pro"),
    ("The declaration names `widg`.", "code span", "widg"),                 # a part of a recorded name is not that name
    ("The declaration takes 40 ms to arrive.", "number", "40"),
    ("A wrong name gets -32602 back.", "error code", "-32602"),
    ("A wrong name gets `-32601` back.", "error code", "-32601"),
    ("Over HTTP the answer is HTTP 404.", "error code", "404"),
])
def test_each_kind_of_mismatch_is_named(tmp_path, capsys, sentence, kind, value):
    root = lexicon(tmp_path, en=sentence[:-1] + ".[^observed:declare]", shows='["widget", "ui://widget/view"]')
    code, lines = check(root, capsys)
    assert code == 1
    assert len(lines) == 2                                 # the same sentence in fr.yml and en.yml
    assert all(f"the sentence names {kind} '{value}', which step 'declare' does not record in shows" in line for line in lines)


def test_the_same_values_recorded_pass_and_a_version_of_the_implementation_needs_no_record(tmp_path, capsys):
    root = lexicon(tmp_path, en="Widget runner 1.0 answers -32602 within 40 ms, as `widget`.[^observed:declare]",
                   shows='["-32602", "40", "widget"]', record="[snippets/widget/run.txt]")
    (root / "snippets" / "widget" / "run.txt").write_text("widget: error -32602 after 40 ms\n", encoding="utf-8")
    assert check(root, capsys) == (0, [])


def test_a_sentence_that_also_cites_a_source_needs_one_value_of_its_own_shown(tmp_path, capsys):
    both = "[^spec-widget][^observed:declare]"
    passes = lexicon(tmp_path / "a", en=f"Revision 2026-07-28 names it `widget`.{both}", shows='["widget"]')
    assert check(passes, capsys) == (0, [])
    fails = lexicon(tmp_path / "b", en=f"Revision 2026-07-28 names it `gizmo`.{both}", shows='["widget"]')
    code, lines = check(fails, capsys)
    assert code == 1 and len(lines) == 2
    assert "step 'declare' shows none of what this sentence names (number '2026-07-28', code span 'gizmo';" in lines[0]
    assert "remove the marker and let the source carry the sentence" in lines[0]


def test_dates_are_left_out_but_a_revision_is_checked(tmp_path, capsys):
    dated = lexicon(tmp_path / "a", en="Observed on 1 December 2026 and on 2026-12-01.[^observed:declare]")
    assert check(dated, capsys) == (0, [])
    revision = lexicon(tmp_path / "b", en="Observed under 2026-07-28.[^observed:declare]")
    code, lines = check(revision, capsys)
    assert code == 1 and "names number '2026-07-28'" in lines[0]


def test_a_recorded_value_the_record_does_not_hold_fails(tmp_path, capsys):
    root = lexicon(tmp_path, shows='["widget", "ui://widget/elsewhere"]')
    code, lines = check(root, capsys)
    assert code == 1
    assert lines == ["entries/widget/entry.yml:13: $.steps[0].shows[1]: LX703 'ui://widget/elsewhere' is not in the run's record "
                     "(snippets/widget/declare.json, and its case in tests/snippets/mcp_cases.yml if any): record only what "
                     "the run shows; fix the value, or add the transcript that shows it under record"]


def test_a_record_file_outside_the_allowed_folders_or_missing_fails(tmp_path, capsys):
    root = lexicon(tmp_path, shows='["widget"]', record="[entries/widget/en.yml]")
    code, lines = check(root, capsys)
    assert code == 1
    assert [line.split(": ", 2)[1:] for line in lines] == [
        ["$.steps[0].record[0]", "LX103 must be a path under snippets/, tests/snippets/ or tests/support/ "
         "(a transcript the test compares with the run, the test module that asserts it, or the harness that runs it)"]]
    missing = lexicon(tmp_path / "b", shows='["widget"]', record="[snippets/widget/gone.txt]")
    code, lines = check(missing, capsys)
    assert code == 1
    assert lines == ["entries/widget/entry.yml:13: $.steps[0].record[0]: LX703 record file 'snippets/widget/gone.txt' does not exist "
                     "or may not be read"]


def test_without_the_snippet_tests_the_record_is_not_checked(tmp_path, capsys):
    root = lexicon(tmp_path, shows='["widget", "ui://widget/elsewhere"]')
    shutil.rmtree(root / "tests")
    assert check(root, capsys) == (0, [])


def test_absent_records_what_the_record_does_not_hold(tmp_path, capsys):
    root = lexicon(tmp_path, en="The declaration carries no `tasks` key.[^observed:declare]", shows='["absent: tasks"]')
    assert check(root, capsys) == (0, [])
    wrong = lexicon(tmp_path / "b", en="The declaration carries no `name` key.[^observed:declare]", shows='["absent: name"]')
    code, lines = check(wrong, capsys)
    assert code == 1
    assert lines == ["entries/widget/entry.yml:13: $.steps[0].shows[0]: LX703 'name' is in the run's record, so the run does "
                     "not show it absent: remove 'absent: name'"]


def _copy_of_the_lexicon(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    for part in ("entries", "snippets", "quizzes", "archive", "support", "tests/snippets", "tests/support"):
        shutil.copytree(PROJECT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("specs.yml", "path.yml"):
        if (PROJECT / name).is_file():
            shutil.copy(PROJECT / name, root / name)
    return root


def test_the_lexicon_records_only_what_its_runs_show_and_a_changed_run_breaks_it(tmp_path):
    """The tie between recorded values and the run: each JSON snippet is compared with the reference server's
    live answer (tests/snippets/mcp_cases.yml), each transcript with the live run (tests/snippets/); if a run
    changed and its snippet were updated to match, every value the step records from it fails the check
    (and with it every sentence naming that value, once the value is dropped from shows)."""
    corpus = load_corpus(PROJECT)
    assert observed.record_problems(corpus) == []
    entry_id, step, value = next((e.id, s, v) for e in sorted(corpus.entries.values(), key=lambda e: e.id)
                                 if e.status == "published" for s in e.fact("steps") or []
                                 if isinstance(s, dict) and s.get("shows") and not s.get("record")
                                 for v in s["shows"] if len(v) >= 4 and not v.startswith("absent:")
                                 and v not in yaml_cases_text())
    root = _copy_of_the_lexicon(tmp_path)
    snippet = root / "snippets" / step["snippet"]
    snippet.write_text(snippet.read_text(encoding="utf-8").replace(value, "zzzz"), encoding="utf-8")
    problems = [str(p) for p in observed.record_problems(load_corpus(root))]
    assert any(p.startswith(f"entries/{entry_id}/entry.yml:") and f"'{value}' is not in the run's record "
               f"(snippets/{step['snippet']}" in p for p in problems), problems


def yaml_cases_text() -> str:
    return (PROJECT / "tests" / "snippets" / "mcp_cases.yml").read_text(encoding="utf-8")


def test_every_observed_sentence_of_the_lexicon_is_shown_by_its_steps():
    corpus = load_corpus(PROJECT)
    assert [str(p) for p in observed.claim_problems(corpus)] == []
    steps = [s for e in corpus.entries.values() if e.status == "published" for s in e.fact("steps") or []
             if isinstance(s, dict) and s.get("observed_with")]
    assert len(steps) >= 90 and sum(1 for s in steps if s.get("shows")) >= 70
