"""`lexigraph check` on support data (issue 29, item 3 and "Bad input"): each rule fails on bad input with
`file:line: $.path: LXnnn message` and a next step, never a traceback. The content is
tests/support/support_data.py's tiny root (the valid fixture, a `support:` block of two features, two probes,
a results file), which passes; each case breaks one thing."""

from __future__ import annotations

import copy
import subprocess

import pytest
import yaml

from lexigraph.cli import main
from tests.support.support_data import ENTRY, LINE, MEASURED, RESULTS, edit, probe_digest, support_root, write_results

E = ENTRY


@pytest.fixture
def root(tmp_path):
    return support_root(tmp_path / "root")


def check(root, capsys, *args: str) -> tuple[int, list[str]]:
    code = main(["--root", str(root), "check", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, [line.strip() for line in captured.out.splitlines() if line.startswith("  ")]


def test_the_support_fixture_passes(root, capsys):
    assert check(root, capsys) == (0, [])


# -- the three cases the issue names ----------------------------------------------------------

def test_a_claim_the_results_contradict(root, capsys):
    """The issue's example: it says "since 1.9", and the results say 1.9 fails the probe."""
    write_results(root, [m if m[1:3] != ("mcp", "1.9.0") else (*m[:3], "unsupported", "tools/call answered -32601") for m in MEASURED])
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.version_added: LX707 claims mcp since 1.9.0, but 1.9.0 fails "
        "the probe widget-call (\"tools/call answered -32601\"); the results support 1.10.0: run `lexigraph support propose`"])


def test_a_result_with_no_probe(root, capsys):
    """The Node probe is deleted: its results stay in results.json, and ts-sdk's claim has nothing to run."""
    (root / "support/probes/widget-call.mjs").unlink()
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['ts-sdk']}: $.support[0].implementations.ts-sdk: LX711 ts-sdk runs support/probes/widget-call.mjs "
        "(its runner is node), which does not exist (there is widget-call.py): write it, or give ts-sdk unmeasured: "
        "{fr: …, en: …} instead of version_added, saying why nothing measures it",
        f"{RESULTS}:85: $.results[3]: LX709 results of the probe widget-call on ts-sdk (3 versions, 1.5.0 to 1.13.0), but "
        "support/probes/widget-call.mjs does not exist: restore the probe (git checkout), or re-run `lexigraph support collect`, "
        "which keeps only the results of existing probes"])


def test_a_feature_with_neither_probe_nor_reason(root, capsys):
    edit(root, E, "    probe: widget-call\n", "")
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['feature0']}: $.support[0]: LX103 a feature needs either probe: <id> (the file support/probes/<id>.py, "
        ".mjs or .html that measures it) or unmeasured: {fr: …, en: …} saying why no probe can measure it, not both"])


def test_a_feature_with_both_probe_and_reason(root, capsys):
    edit(root, E, "    probe: widget-call\n", "    probe: widget-call\n    unmeasured: {fr: aucun, en: none}\n")
    code, lines = check(root, capsys)
    assert code == 1 and lines == [f"{E}:{LINE['feature0']}: $.support[0]: LX103 a feature needs either probe: <id> (the file "
                                   "support/probes/<id>.py, .mjs or .html that measures it) or unmeasured: {fr: …, en: …} "
                                   "saying why no probe can measure it, not both"]


# -- claims against results (LX707, LX708) ------------------------------------------------------

CONTRADICTED = [
    # (claim of mcp in entry.yml, key at fault, message after "LX707 ")
    ('mcp: {version_added: "1.10.0"}', "version_added",
     'claims mcp since 1.10.0, but 1.9.0 passes the probe widget-call ("tools/call returned the widget") already; '
     "the results support 1.9.0: run `lexigraph support propose`"),
    ('mcp: {version_added: "1.7.0"}', "version_added",
     "claims mcp since 1.7.0, but 1.7.0 was not measured; measured: 1.6.0, 1.9.0, 1.10.0; the results support 1.9.0: run "
     "`lexigraph support propose`, or add 1.7.0 to support/versions.yml and run "
     "`lexigraph support collect --probe widget-call --implementation mcp`"),
    ('mcp: {version_added: "1.0.0"}', "version_added",
     "claims mcp since 1.0.0, but 1.0.0 was not measured (its install failed: no wheel for this Python); measured: 1.6.0, "
     "1.9.0, 1.10.0; the results support 1.9.0: run `lexigraph support propose`, or add 1.0.0 to support/versions.yml and "
     "run `lexigraph support collect --probe widget-call --implementation mcp`"),
    ("mcp: {version_added: false}", "version_added",
     'claims mcp never passes (version_added: false), but 1.9.0 passes the probe widget-call ("tools/call returned the '
     'widget"); the results support 1.9.0: run `lexigraph support propose`'),
    ('mcp: {version_added: "1.9.0", version_removed: "1.10.0"}', "version_removed",
     'claims mcp since 1.9.0 until 1.10.0, but 1.10.0 passes the probe widget-call ("tools/call returned the widget") still; '
     "the results support 1.9.0: run `lexigraph support propose`"),
    ('mcp: {version_added: "1.9.0", partial: {fr: sans rien, en: nothing}}', "partial",
     'claims mcp since 1.9.0 (partial), but every measured version from 1.9.0 passes the probe widget-call in full; '
     "the results support 1.9.0: run `lexigraph support propose`"),
]


@pytest.mark.parametrize("claim, key, message", CONTRADICTED, ids=[c[0] for c in CONTRADICTED])
def test_each_way_a_claim_can_disagree_with_the_results(root, capsys, claim, key, message):
    edit(root, E, 'mcp: {version_added: "1.9.0"}', claim)
    assert check(root, capsys) == (1, [f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.{key}: LX707 {message}"])


def test_a_full_claim_over_partial_results(root, capsys):
    edit(root, E, 'ts-sdk: {version_added: "1.10.0", partial: {fr: sans annulation, en: no cancellation}}',
         'ts-sdk: {version_added: "1.10.0"}')
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['ts-sdk']}: $.support[0].implementations.ts-sdk.version_added: LX707 claims ts-sdk since 1.10.0, but "
        "1.10.0 passes only in part the probe widget-call (\"callWidget works, cancellation is ignored\"); the results support "
        "1.10.0 (partial): run `lexigraph support propose`"])


def test_results_that_go_back_and_forth_support_no_single_claim(root, capsys):
    write_results(root, [m if m[1:3] != ("mcp", "1.10.0") else (*m[:3], "unsupported", "gone") for m in MEASURED]
                  + [("widget-call", "mcp", "2.0.0", "supported", "back")])
    code, lines = check(root, capsys)
    assert code == 1 and lines == [
        f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.version_added: LX707 claims mcp since 1.9.0, but 1.10.0 fails "
        "the probe widget-call (\"gone\"); the results support no single claim (results go back and forth (1.6.0 unsupported, "
        "1.9.0 supported, 1.10.0 unsupported, 2.0.0 supported): read the probe's notes): run `lexigraph support propose`"]


def test_a_claim_with_no_measured_result(root, capsys):
    edit(root, E, '      mcp: {version_added: "1.9.0"}\n', '      mcp: {version_added: "1.9.0"}\n      a2a-sdk: {version_added: "1.0.0"}\n')
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['mcp'] + 1}: $.support[0].implementations.a2a-sdk.version_added: LX708 no measured result of the probe "
        "widget-call on a2a-sdk: run `lexigraph support collect --probe widget-call --implementation a2a-sdk`"])


def test_no_results_file_at_all(root, capsys):
    (root / RESULTS).unlink()
    code, lines = check(root, capsys)
    assert code == 1 and [line.split(" LX")[1][:3] for line in lines] == ["708", "708"]
    assert lines[0].startswith(f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.version_added: LX708 no measured result")


# -- results.json against the probes (LX709, LX710) ------------------------------------------------

def test_results_older_than_the_probe(root, capsys):
    path = root / "support/probes/widget-call.py"
    path.write_text(path.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    assert check(root, capsys) == (1, [
        f"{RESULTS}:55: $.results[0]: LX710 results older than the probe: 3 versions, 1.6.0 to 1.10.0 of mcp were measured "
        "with another support/probes/widget-call.py (or its _helpers) than the one there now: re-run "
        "`lexigraph support collect --probe widget-call`"])


def test_a_changed_helper_makes_its_runners_results_older_than_the_probe(root, capsys):
    helper = root / "support/probes/_shared.py"
    helper.write_text(helper.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    code, lines = check(root, capsys)
    assert code == 1 and len(lines) == 1 and "LX710 results older than the probe" in lines[0] and "of mcp" in lines[0]
    assert probe_digest(root, "widget-call.mjs") in (root / RESULTS).read_text(encoding="utf-8")     # Node's are intact


def test_a_result_of_an_unknown_implementation(root, capsys):
    write_results(root, [*MEASURED, ("widget-call", "ts-skd", "1.0.0", "supported", "ok")])
    assert check(root, capsys) == (1, [
        f"{RESULTS}:123: $.results[6]: LX709 results of the probe widget-call on 'ts-skd' (1.0.0), an implementation "
        "lexigraph/data/implementations.yml does not list (did you mean 'ts-sdk'?): add it there, or re-run "
        "`lexigraph support collect`, which records only listed implementations"])


# -- the block's own rules (LX210, LX211, LX507, LX711) ----------------------------------------------

def test_a_probe_that_names_no_file(root, capsys):
    edit(root, E, "    probe: widget-call\n", "    probe: widget-cal\n")
    code, lines = check(root, capsys)
    assert code == 1 and lines == [
        f"{E}:{LINE['probe0']}: $.support[0].probe: LX711 the probe 'widget-cal' has no file (did you mean 'widget-call'?): "
        "write support/probes/widget-cal.py (Python packages), .mjs (npm packages) or .html (Chromium), or replace probe with "
        "unmeasured: {fr: …, en: …} saying why nothing measures it"]


def test_an_implementation_whose_runner_has_no_probe_file(root, capsys):
    edit(root, E, '      mcp: {version_added: "1.9.0"}\n',
         '      mcp: {version_added: "1.9.0"}\n      chromium: {version_added: "156.0.8078.114", flag: --enable-features=WebMCPTesting}\n')
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['mcp'] + 1}: $.support[0].implementations.chromium: LX711 chromium runs support/probes/widget-call.html "
        "(its runner is chromium), which does not exist (there is widget-call.py, widget-call.mjs): write it, or give chromium "
        "unmeasured: {fr: …, en: …} instead of version_added, saying why nothing measures it"])


def test_an_unknown_implementation_gets_the_nearest_name(root, capsys):
    edit(root, E, "ts-sdk: {version_added", "ts-skd: {version_added")
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['ts-sdk']}: $.support[0].implementations.ts-skd: LX211 unknown implementation 'ts-skd' (did you mean "
        "'ts-sdk'?): name one of mcp, ts-sdk, ext-apps, a2a-sdk, chromium (lexigraph/data/implementations.yml)"])


SHAPES = [
    ('mcp: {version_added: "1.9.0", version_removed: "1.9.0"}', "mcp.version_removed",
     "version_removed 1.9.0 is not after version_added 1.9.0: the first version that no longer passes comes after the first "
     "that passes; run `lexigraph support propose`"),
    ('mcp: {version_added: false, version_removed: "1.9.0"}', "mcp.version_removed",
     "version_removed 1.9.0 without a version_added version: a feature is removed from a version that had it; give "
     "version_added, or drop version_removed"),
    ("mcp: {version_added: false, partial: {fr: rien, en: nothing}}", "mcp.partial",
     "partial goes with a version_added version (it says how that version supports it), but mcp has version_added: false: "
     "drop partial"),
    ('mcp: {version_added: "1.9.0", flag: --enable-features=Widget}', "mcp.flag",
     "flag is a browser's command-line flag, and mcp is not a browser (MCP Python SDK (PyPI: mcp)): drop flag"),
]


@pytest.mark.parametrize("claim, path, message", SHAPES, ids=[s[1] + "-" + str(i) for i, s in enumerate(SHAPES)])
def test_versions_partial_and_flag_of_a_claim(root, capsys, claim, path, message):
    edit(root, E, 'mcp: {version_added: "1.9.0"}', claim)
    code, lines = check(root, capsys)
    assert code == 1
    assert f"{E}:{LINE['mcp']}: $.support[0].implementations.{path}: LX211 {message}" in lines
    assert all(" LX211 " in line or " LX707 " in line for line in lines)   # the claim is also checked against the results


def test_a_flag_on_an_unmeasured_cell(root, capsys):
    edit(root, E, "chromium: {unmeasured:", "chromium: {flag: --enable-features=X, unmeasured:")
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['chromium']}: $.support[1].implementations.chromium.flag: LX211 flag goes with a version_added version "
        "(it says how that version supports it), but chromium has unmeasured: drop flag"])


def test_a_feature_id_used_twice(root, capsys):
    facts = root / "entries/gadget/entry.yml"
    facts.write_text(facts.read_text(encoding="utf-8") + "support:\n  - feature: widget-call\n"
                     "    label: {fr: Autre, en: Other}\n    spec: {spec: mcp, added: 2025-11-25}\n"
                     "    unmeasured: {fr: rien, en: nothing}\n    implementations:\n      mcp: {unmeasured: {fr: rien, en: nothing}}\n",
                     encoding="utf-8")
    assert check(root, capsys) == (1, [
        f"{E}:{LINE['feature0']}: $.support[0].feature: LX210 feature 'widget-call' is already a feature of 'gadget' "
        "(entries/gadget/entry.yml:5): feature ids are unique across the lexicon; rename one (its probe may keep its name)"])


SPECS = [
    ("{spec: mcp, added: 2025-11-25}", "{spec: mpc, added: 2025-11-25}", "spec0", "spec.spec",
     "LX507 unknown specification 'mpc' (did you mean 'mcp'?): name one of specs.yml (mcp)"),
    ("{spec: mcp, added: 2025-11-25}", "{spec: mcp, added: 2025-06-18}", "spec0", "spec.added",
     "LX507 2025-06-18 is not a revision of MCP (did you mean '2026-07-28'?); its revisions: 2025-11-25, 2026-07-28 (record a new revision in specs.yml first)"),
    ("{spec: mcp, added: 2025-11-25}", "{spec: mcp, added: 2026-07-28, removed: 2025-11-25}", "spec0", "spec.removed",
     "LX507 removed 2025-11-25 comes before added 2026-07-28: a feature is added, then changed, deprecated and removed, in that order"),
    ("{spec: mcp, added: 2025-11-25}", "{spec: mcp, added: 2026-07-28, changed: [2025-11-25]}", "spec0", "spec.changed[0]",
     "LX507 changed[0] 2025-11-25 comes before added 2026-07-28: a feature is added, then changed, deprecated and removed, in that order"),
]


@pytest.mark.parametrize("old, new, line, path, message", SPECS, ids=[s[3] for s in SPECS])
def test_the_spec_history_names_revisions_in_order(root, capsys, old, new, line, path, message):
    edit(root, E, f"    spec: {old}\n    probe", f"    spec: {new}\n    probe")
    assert check(root, capsys) == (1, [f"{E}:{LINE[line]}: $.support[0].{path}: {message}"])


# -- malformed blocks and files: one problem each, never a traceback ---------------------------------

MALFORMED = [
    ("a mapping instead of a list", "support:\n  - feature: widget-call", "support:\n  feature: widget-call\n  x:\n  - feature: widget-call",
     [f"{E}:{LINE['support']}: $.support: LX103 expected a list, got a mapping of fields"]),
    ("implementations as a list", '      mcp: {version_added: "1.9.0"}\n      ts-sdk: {', '      - mcp: {version_added: "1.9.0"}\n      - ts-sdk: {',
     None),
    ("a number as version", 'mcp: {version_added: "1.9.0"}', "mcp: {version_added: 1.10}",
     [f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.version_added: LX103 must be a version in quotes, such as "
      "\"1.9.0\" (a number such as 1.10 would lose its zero), or false when no measured version passes"]),
    ("a number as version_removed", 'mcp: {version_added: "1.9.0"}', 'mcp: {version_added: "1.9.0", version_removed: 2.0}',
     [f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp.version_removed: LX103 must be a version in quotes, such as "
      "\"2.0.0\": the first measured version that no longer passes the probe"]),
    ("a cell with neither version nor reason", 'mcp: {version_added: "1.9.0"}', "mcp: {}",
     [f"{E}:{LINE['mcp']}: $.support[0].implementations.mcp: LX103 an implementation needs either version_added (the first "
      "measured version that passes the probe, or false) or unmeasured: {fr: …, en: …} saying why no probe measures it, not both"]),
    ("a label without its English", "label: {fr: Appel de bidule, en: Widget call}", "label: {fr: Appel de bidule}",
     [f"{E}:{LINE['label0']}: $.support[0].label.en: LX103 missing required field"]),
    ("an unknown key", "    clients: tools\n", "    client: tools\n",
     [f"{E}:{LINE['clients0']}: $.support[0].client: LX103 unknown field 'client' (did you mean 'clients'?)"]),
    ("an unknown clients capability", "    clients: tools\n", "    clients: tool\n",
     [f"{E}:{LINE['clients0']}: $.support[0].clients: LX103 must be one of tools, resources, prompts, roots, sampling, "
      "elicitation, tasks (the clients declaring that capability), or protocolVersion>=YYYY-MM-DD (those declaring at least "
      "that revision)"]),
]


@pytest.mark.parametrize("what, old, new, expected", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_support_block_is_a_schema_error(root, capsys, what, old, new, expected):
    edit(root, E, old, new)
    code, lines = check(root, capsys)
    assert code == 1 and lines
    assert all(line.startswith(f"{E}:") and ": LX103 " in line for line in lines), lines
    if expected is not None:
        assert lines == expected


RESULTS_FILES = [
    ("not JSON", "{\n \"format\": \"lexigraph-support-results/1\",\n \"results\": [\n", "4",
     "$: LX102 not JSON (Expecting value); restore it with `git checkout support/results.json`, or run `lexigraph support collect`"),
    ("another format", '{"format": "bcd-results/2", "results": []}\n', "1",
     "$.format: LX102 expected format 'lexigraph-support-results/1'; restore it with `git checkout support/results.json`, "
     "or run `lexigraph support collect`"),
    ("a record of the wrong shape", '{"format": "lexigraph-support-results/1", "results": [\n {"probe": 5}\n]}\n', "1",
     "$.results[0]: LX102 not a result record of lexigraph-support-results/1; restore it with `git checkout "
     "support/results.json`, or run `lexigraph support collect`"),
    ("an unknown outcome", None, "55",
     "$.results[0].result: LX102 result 'maybe' is not one of supported, partial, unsupported; restore it with "
     "`git checkout support/results.json`, or run `lexigraph support collect`"),
]


@pytest.mark.parametrize("what, text, line, message", RESULTS_FILES, ids=[r[0] for r in RESULTS_FILES])
def test_a_broken_results_file_is_one_problem_and_the_claims_wait(root, capsys, what, text, line, message):
    path = root / RESULTS
    if text is None:
        text = path.read_text(encoding="utf-8").replace('"result": "unsupported"', '"result": "maybe"', 1)
    path.write_text(text, encoding="utf-8")
    code, lines = check(root, capsys)
    assert code == 1 and lines[0] == f"{RESULTS}:{line}: {message}"
    assert all(" LX708 " in line for line in lines[1:])      # the claims then have no result: said, not crashed


@pytest.mark.parametrize("what", ["huge", "not UTF-8"])
def test_a_huge_or_non_utf8_results_file_is_refused_unread(root, capsys, what):
    path = root / RESULTS
    if what == "huge":
        path.write_text('{"format": "lexigraph-support-results/1", "results": [' + " " * (9 * 1024 * 1024) + "]}", encoding="utf-8")
    else:
        path.write_bytes(path.read_bytes().replace(b"tools/call", b"tools\xff\xfecall", 1))
    code, lines = check(root, capsys)
    assert code == 1 and lines[0].startswith(f"{RESULTS}:1: $: LX101 ")
    assert ("over the 8 MB limit for the support results file" in lines[0]) if what == "huge" else ("UTF-8" in lines[0])
    assert all(" LX708 " in line for line in lines[1:])


# -- wrong types in every support field, and a sweep of values: never a traceback ---------------------

def _support_paths(value, path=()):
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _support_paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _support_paths(item, path + (i,))


VALUES = [{"a": 1}, ["a", "b"], 5, None, True, "x" * 5000, "", "\u202e\u200b"]


def test_every_support_field_with_every_kind_of_value_is_reported_never_a_crash(root, capsys):
    """Each field of the block (as the fixture has it) given each kind of value, or deleted: check exits 0 or 1
    with problem lines only (`file:line: $.path: LXnnn message`), and a 1 names entry.yml or results.json."""
    facts = root / E
    original = facts.read_text(encoding="utf-8")
    data = yaml.safe_load(original)
    counts = {0: 0, 1: 0}
    for path in _support_paths(data["support"], ("support",)):
        for value in [*VALUES, "DELETE"]:
            mutated = copy.deepcopy(data)
            parent = mutated
            for part in path[:-1]:
                parent = parent[part]
            if value == "DELETE":
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            facts.write_text(yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False), encoding="utf-8")
            code, lines = check(root, capsys)
            assert code in (0, 1), (path, value)
            counts[code] += 1
            for line in lines:
                assert line.split(":", 1)[0] in (E, RESULTS), (path, value, line)
                assert ": $" in line and " LX" in line, line
            assert code == 0 or lines
    facts.write_text(original, encoding="utf-8")
    assert counts[1] > 100 and counts[0] > 5, counts


# -- the published-text rule ignores support data ---------------------------------------------------

def test_a_changed_support_block_needs_no_bump(root, capsys):
    """Support data is measured and moves with each collection: `check --base` does not ask for a new version."""
    def git(*args):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "add", "-A")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "base")
    edit(root, E, 'mcp: {version_added: "1.9.0"}', 'mcp: {version_added: "1.9.0"}\n      a2a-sdk: {unmeasured: {fr: aucun, en: none}}')
    edit(root, E, "label: {fr: Appel de bidule, en: Widget call}", "label: {fr: Appel du bidule, en: Calling a widget}")
    assert check(root, capsys, "--base", "HEAD") == (0, [])
    edit(root, "entries/widget/en.yml", "title: Widget", "title: Widgets")
    code, lines = check(root, capsys, "--base", "HEAD")
    assert code == 1 and " LX209 " in lines[0]       # the text itself still does


# -- a browser's flag ---------------------------------------------------------------------------------

CHROMIUM = '      chromium: {version_added: "156.0.8078.114", flag: --enable-features=WebMCPTesting}\n'


def with_chromium(root, flag: str | None) -> None:
    """widget-call also measured in Chromium 156, whose environment ran with ``flag``."""
    from lexigraph.content import support

    (root / "support/probes/widget-call.html").write_text("<output id=probe></output>\n", encoding="utf-8")
    edit(root, E, '      mcp: {version_added: "1.9.0"}\n', '      mcp: {version_added: "1.9.0"}\n' + CHROMIUM)
    write_results(root, [*MEASURED, ("widget-call", "chromium", "156.0.8078.114", "supported", "registerTool is there")])
    results = support.parse_results((root / RESULTS).read_text(encoding="utf-8"))
    for environment in results.environments:
        if environment["implementation"] == "chromium":
            environment["flag"] = flag
    (root / RESULTS).write_text(support.results_to_json(results, "2026-12-02"), encoding="utf-8")


def test_a_flag_the_browser_ran_with(root, capsys):
    with_chromium(root, "--enable-features=WebMCPTesting")
    assert check(root, capsys) == (0, [])


@pytest.mark.parametrize("flag, message", [
    (None, "claims chromium since 156.0.8078.114 with flag --enable-features=WebMCPTesting, but 156.0.8078.114 was measured "
           "with no flag: drop flag, or re-run `lexigraph support collect` with the flag the claim needs"),
    ("--enable-features=WebMCP", "claims chromium since 156.0.8078.114 with flag --enable-features=WebMCPTesting, but "
     "156.0.8078.114 was measured with --enable-features=WebMCP: give flag: --enable-features=WebMCP, or re-run "
     "`lexigraph support collect` with the flag the claim needs")])
def test_a_flag_the_browser_did_not_run_with(root, capsys, flag, message):
    with_chromium(root, flag)
    assert check(root, capsys) == (1, [f"{E}:{LINE['mcp'] + 1}: $.support[0].implementations.chromium.flag: LX707 {message}"])


def test_a_huge_version_is_quoted_short(root, capsys):
    """A 5,001-character version_removed breaks its pattern (LX103) but keeps the block's shape, so the claim
    is still compared with the results: the message quotes it cut short."""
    edit(root, E, 'mcp: {version_added: "1.9.0"}', f'mcp: {{version_added: "1.9.0", version_removed: "{"1." * 2500}0"}}')
    code, lines = check(root, capsys)
    assert code == 1 and max(len(line) for line in lines) < 600, lines
    assert [line.split(": ")[2][:5] for line in lines] == ["LX103", "LX707", "LX211"]
    assert "LX707 claims mcp since 1.9.0 until 1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.… (5001 characters), but" in lines[1]
    assert "LX211 version_removed 1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.… (5001 characters) is not after" in lines[2]


def test_an_unmeasured_feature_with_measured_claims(root, capsys):
    """No probe, so no version is measured: a cell may not claim one."""
    edit(root, E, "    probe: widget-call\n", "    unmeasured: {fr: aucune sonde, en: no probe}\n")
    code, lines = check(root, capsys)
    assert code == 1 and lines and all("LX103 an unmeasured feature has no probe" in line for line in lines), lines
