"""The registry of check rules (lexigraph/check/rules.py, rows in check/validate.py) and check's reports.

A rule cannot exist without a code, a title and a severity; codes are unique and stable (rule_codes.txt);
no problem is left out of a report, whatever its kind; --format json and github print the same problems
with their codes; --select and --ignore take codes and prefixes; CONTRIBUTING.md's table is the registry's.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from lexigraph.check.report import _data, _property
from lexigraph.check.rules import ERROR, NOTICE, SEVERITIES, WARNING, BadRule, Registry, Rule
from lexigraph.check.rules_table import with_table
from lexigraph.check.validate import RULES
from lexigraph.cli import main
from lexigraph.errors import KIND_TITLES, PARSE, SCHEMA, Problem, print_problems

FIXTURES = Path(__file__).parent / "fixtures"
PROJECT = Path(__file__).parent.parent
CODES_FILE = Path(__file__).parent / "rule_codes.txt"


def nothing(inputs):
    return []


# -- a rule cannot exist without its parts ---------------------------------------------------------------------------

@pytest.mark.parametrize("change, refusal", [
    ({"title": ""}, "needs a title"),
    ({"title": "   "}, "needs a title"),
    ({"fix": ""}, "needs a fix"),
    ({"code": "LX12"}, "must be LX and three digits"),
    ({"code": "E501"}, "must be LX and three digits"),
    ({"code": "LX001"}, "must be LX and three digits"),
    ({"severity": "fatal"}, "severity 'fatal' is not one of"),
    ({"kind": "new-kind"}, "kind 'new-kind' has no title in errors.KIND_TITLES"),
    ({"function": None}, "not callable"),
], ids=["no title", "blank title", "no fix", "short code", "foreign code", "family 0", "unknown severity",
        "kind without a title", "no function"])
def test_a_rule_without_its_parts_cannot_be_built(change, refusal):
    row = {"code": "LX299", "severity": ERROR, "kind": SCHEMA, "title": "A title", "fix": "What to do", "function": nothing}
    Rule(**row)                                     # the complete row is accepted
    with pytest.raises(BadRule, match=refusal):
        Rule(**{**row, **change})


def test_a_code_is_registered_once():
    registry = Registry([Rule("LX299", ERROR, SCHEMA, "One", "Fix it", nothing)])
    with pytest.raises(BadRule, match="LX299 is already the code of 'One'"):
        registry.add(Rule("LX299", WARNING, SCHEMA, "Two", "Fix it", nothing))
    with pytest.raises(BadRule, match="is not a Rule"):
        registry.add(("LX298", ERROR, SCHEMA, "Three", "Fix it", nothing))


def test_every_registered_rule_has_a_code_a_title_a_severity_and_a_heading():
    assert len(RULES) >= 30
    for rule in RULES:
        assert rule.code.startswith("LX") and len(rule.code) == 5, rule
        assert rule.title.strip() and rule.fix.strip(), rule.code
        assert rule.severity in SEVERITIES, rule.code
        assert rule.kind in KIND_TITLES, rule.code
    assert len({rule.code for rule in RULES}) == len(RULES)
    assert len({rule.title for rule in RULES}) == len(RULES)          # a title tells one rule from another


def test_codes_are_stable():
    """rule_codes.txt is every code with its rule's title. A rule renumbered, removed or retitled fails
    here: a code is what writers search the docs for and CI configurations --select; a new rule takes
    a new code (add its line), and a code is never given to another rule."""
    listed = dict(line.split(" ", 1) for line in CODES_FILE.read_text(encoding="utf-8").splitlines() if line.strip())
    registered = {rule.code: rule.title for rule in RULES}
    assert registered == listed


def test_severities_keep_errors_warnings_and_notices_apart():
    """Errors are what validate() ran before the registry, warnings what warnings() ran; a review not yet
    due is the one notice (a warning that --strict never fails on)."""
    by_severity = {severity: {rule.code for rule in RULES if rule.severity == severity} for severity in SEVERITIES}
    assert by_severity[NOTICE] == {"LX506"}
    assert by_severity[WARNING] == {"LX404", "LX405", "LX505", "LX702", "LX703", "LX704", "LX705", "LX706", "LX801", "LX802", "LX803", "LX804", "LX901", "LX902", "LX903", "LX904"}


# -- no problem is left out ------------------------------------------------------------------------------------------

def test_a_problem_of_a_kind_without_a_title_is_printed_not_dropped():
    """The review's reproduction: print_problems used to iterate KIND_TITLES, so 'new-kind' was counted
    by check but never shown."""
    out = io.StringIO()
    print_problems([Problem("a.yml", 1, "$", "shown", SCHEMA), Problem("b.yml", 2, "$", "never printed", "new-kind"),
                    Problem("c.yml", 3, "$", "also shown", PARSE)], out=out)
    assert out.getvalue().splitlines() == [
        "YAML parse errors (1):", "  c.yml:3: $: also shown",
        "Schema errors (1):", "  a.yml:1: $: shown",
        "Other problems (new-kind) (1):", "  b.yml:2: $: never printed",
    ]


def valid_copy(tmp_path: Path) -> Path:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURES / "valid", root)
    return root


def check(capsys, root: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--root", str(root), "check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_and_counts_every_problem_a_rule_returns(tmp_path, capsys, monkeypatch):
    """A rule whose function returns a problem of another kind than its own (a kind nobody titled):
    check shows it, with the rule's code, and the count is the number of lines shown."""
    stray = Rule("LX299", ERROR, SCHEMA, "A rule for this test", "Nothing",
                 lambda inputs: [Problem("entries/widget/entry.yml", 1, "$", "from a rule nobody titled", "new-kind")])
    monkeypatch.setitem(RULES._rules, "LX299", stray)
    code, out, _ = check(capsys, valid_copy(tmp_path))
    assert code == 1
    assert "Other problems (new-kind) (1):\n  entries/widget/entry.yml:1: $: LX299 from a rule nobody titled\n" in out
    assert "lexigraph check: 1 problem(s) in 2 entries." in out


# -- formats ---------------------------------------------------------------------------------------------------------

def broken(tmp_path: Path) -> Path:
    """A copy of valid/ with a dangling relation (LX204, error) and a straight apostrophe (LX903, warning)."""
    root = valid_copy(tmp_path)
    facts = root / "entries" / "widget" / "entry.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace("runs_in: [gadget]", "runs_in: [gadjet]"), encoding="utf-8")
    prose = root / "entries" / "widget" / "fr.yml"
    prose.write_text(prose.read_text(encoding="utf-8").replace("Il sert à vérifier que chaque section s’affiche.",
                                                               "Il sert à vérifier qu'une section s’affiche."), encoding="utf-8")
    return root


RELATION = ("entries/widget/entry.yml", 15, "$.relations.runs_in[0]", "LX204", "'gadjet' is not an entry (did you mean 'gadget'?)")
APOSTROPHE = ("entries/widget/fr.yml", 15, "$.in_depth[1].body", "LX903", "straight apostrophe: write ’")


def test_text_lines_carry_the_code(tmp_path, capsys):
    code, out, _ = check(capsys, broken(tmp_path))
    assert code == 1
    assert out.splitlines() == [
        "Cross-entry errors (1):",
        "  entries/widget/entry.yml:15: $.relations.runs_in[0]: LX204 'gadjet' is not an entry (did you mean 'gadget'?)",
        "Typography (warnings; errors with --strict) (1):",
        "  entries/widget/fr.yml:15: $.in_depth[1].body: LX903 straight apostrophe: write ’",
        "cue-only solver: 0/3 (fr), 0/3 (en); chance: 1.5/3 (fr), 1.5/3 (en)",
        "lexigraph check: 1 problem(s) in 2 entries.",
    ]


@pytest.mark.parametrize("strict", [False, True])
def test_json_prints_the_same_problems_with_their_codes(tmp_path, capsys, strict):
    root = broken(tmp_path)
    args = ("--strict",) if strict else ()
    text_code, text, _ = check(capsys, root, *args)
    code, out, err = check(capsys, root, "--format", "json", *args)
    report = json.loads(out)                      # stdout is one JSON document, nothing else
    assert code == text_code == 1 and err == ""
    assert [(p["path"], p["line"], p["field"], p["code"], p["message"]) for p in report["problems"]] == [RELATION, APOSTROPHE]
    assert [(p["severity"], p["fails"], p["kind"]) for p in report["problems"]] == [
        ("error", True, "cross-entry"), ("warning", strict, "typography")]
    assert report["problems"][0]["title"] == RULES["LX204"].title
    assert report["summary"] == {"entries": 2, "errors": 1, "warnings": 1, "notices": 0, "failing": 1 + strict, "strict": strict}
    assert report["version"] == 1 and report["solver"]["fr"] == {"right": 0, "questions": 3, "chance": 1.5}
    shown = [line.strip() for line in text.splitlines() if line.startswith("  ")]
    assert shown == [f"{p['path']}:{p['line']}: {p['field']}: {p['code']} {p['message']}" for p in report["problems"]]


def test_json_of_a_clean_lexicon(capsys):
    code, out, _ = check(capsys, FIXTURES / "valid", "--format", "json", "--evidence")
    report = json.loads(out)
    assert code == 0 and report["problems"] == [] and report["summary"]["failing"] == 0
    assert report["evidence"] and all(isinstance(line, str) for line in report["evidence"])


def test_github_prints_workflow_commands_for_pull_request_annotations(tmp_path, capsys):
    root = broken(tmp_path)
    code, out, _ = check(capsys, root, "--format", "github")
    assert code == 1
    assert out.splitlines()[:2] == [
        "::error file=entries/widget/entry.yml,line=15,title=LX204 Relations and shown_elsewhere name existing entries::"
        "$.relations.runs_in[0]: 'gadjet' is not an entry (did you mean 'gadget'?)",
        "::warning file=entries/widget/fr.yml,line=15,title=LX903 French typography and each language's quotes::"
        "$.in_depth[1].body: straight apostrophe: write ’",
    ]
    assert out.splitlines()[-1] == "lexigraph check: 1 problem(s) in 2 entries."
    _, strict, _ = check(capsys, root, "--format", "github", "--strict")
    assert strict.splitlines()[1].startswith("::error file=entries/widget/fr.yml,line=15,title=LX903 ")   # --strict fails on it


def test_github_escapes_what_would_end_a_command_early():
    assert _data("100% sure\nnext\rline") == "100%25 sure%0Anext%0Dline"
    assert _property("a,b:c%") == "a%2Cb%3Ac%25"


# -- --select and --ignore -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, codes, exit_code", [
    (("--select", "LX2"), ["LX204"], 1),
    (("--select", "lx903", "--strict"), ["LX903"], 1),
    (("--select", "LX903"), ["LX903"], 0),                    # a warning alone does not fail without --strict
    (("--ignore", "LX204"), ["LX903"], 0),
    (("--ignore", "LX204,LX9", "--strict"), [], 0),
    (("--select", "LX2", "--select", "LX903", "--ignore", "LX20"), ["LX903"], 0),
])
def test_select_and_ignore_take_codes_and_prefixes(tmp_path, capsys, args, codes, exit_code):
    code, out, _ = check(capsys, broken(tmp_path), "--format", "json", *args)
    assert [p["code"] for p in json.loads(out)["problems"]] == codes
    assert code == exit_code


@pytest.mark.parametrize("value, message", [
    ("LX209x", "unknown rule code 'LX209x' (did you mean"),
    ("LX999", "unknown rule code 'LX999' (did you mean LX9"),
    ("LX0", "unknown rule code 'LX0'"),
    ("E501", "unknown rule code 'E501'"),
])
def test_an_unknown_code_is_refused_with_the_nearest(capsys, value, message):
    code, out, err = check(capsys, FIXTURES / "valid", "--select", value)
    assert code == 2 and out == ""
    assert err.startswith(f"lexigraph check: {message}") and "CONTRIBUTING.md lists them" in err


# -- the docs ------------------------------------------------------------------------------------------------------------

def test_contributing_lists_every_rule_as_the_registry_has_it():
    """Regenerate with `python -m lexigraph.check.rules_table --write CONTRIBUTING.md`."""
    document = (PROJECT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert with_table(document, RULES) == document
    for rule in RULES:
        assert f"| `{rule.code}` |" in document


def test_the_docs_table_follows_a_changed_registry():
    changed = Registry([Rule("LX101", ERROR, SCHEMA, "Only rule", "Do this", nothing)])
    document = (PROJECT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert with_table(document, changed) != document
    assert "| `LX101` | error | Only rule | Do this |" in with_table(document, changed)


def test_the_workflow_annotates_pull_requests_and_names_registered_codes():
    """Every `lexigraph check` of the CI workflow parses, prints GitHub annotations, and selects codes
    that exist (a renumbered code would otherwise make a step select nothing)."""
    import re
    import shlex

    from lexigraph.cli import _codes, build_parser

    text = (PROJECT / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8")
    commands = [shlex.split(line) for line in re.findall(r"lexigraph (check [^\n]*)", text)]
    assert len(commands) == 2
    for command in commands:
        args = build_parser().parse_args(command)
        assert args.format == "github" and args.strict
        for option in (args.select, args.ignore):
            if option:
                assert RULES.matching(_codes(option))
    assert [build_parser().parse_args(c).select for c in commands] == [None, ["LX209"]]
