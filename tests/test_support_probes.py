"""Every probe of support/probes/ re-run against the versions the project installs (the .venv's mcp and
a2a-sdk, node_modules' @modelcontextprotocol/sdk and ext-apps, Debian's Chromium), compared with the record
support/results.json holds for that exact probe, implementation and version: the Support tables a reader
sees are checked on every change. The full multi-version collection is a command (`lexigraph support
collect`), not a test. The probes run 4 at a time, once for the whole module."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest

from lexigraph.authoring import support_collect as sc
from lexigraph.content import support

# one worker runs them all (--dist loadgroup), so the module fixture re-runs the probes once, not once per worker
pytestmark = [pytest.mark.process, pytest.mark.xdist_group("support-probes")]

PROJECT = Path(__file__).resolve().parents[1]
NODE_PACKAGES = {"ts-sdk": "@modelcontextprotocol/sdk", "ext-apps": "@modelcontextprotocol/ext-apps"}


def installed_version(root: Path, impl: str) -> str:
    """The version of ``impl`` the project installs (what this test runs the probes against)."""
    if impl in ("mcp", "a2a-sdk"):
        return metadata.version(impl)
    if impl in NODE_PACKAGES:
        manifest = root / "node_modules" / NODE_PACKAGES[impl] / "package.json"
        return json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.is_file() else ""
    return sc.chromium_environment().version


@dataclass(frozen=True)
class Target:
    probe: str
    file: Path
    implementation: str


def targets(root: Path) -> list[Target]:
    """Every probe file, with the implementations it measures: those the entries' claims name, and those
    the results file has a record of; a probe with neither still appears (implementation "")."""
    impls = support.implementations()
    probes_dir = root / support.PROBES_DIR
    planned = sc.plan(root, [], [])
    results = support.load_results(root) or support.Results()
    out = []
    for file in sorted(probes_dir.glob("*")) if probes_dir.is_dir() else []:
        runner = {suffix: name for name, suffix in support.PROBE_SUFFIX.items()}.get(file.suffix)
        if file.name.startswith("_") or runner is None:
            continue
        names = {i for i in planned.targets.get(file.stem, set()) if impls[i].runner == runner}
        names |= {r.implementation for r in results.results if r.probe == file.stem and impls.get(r.implementation)
                  and impls[r.implementation].runner == runner}
        out += [Target(file.stem, file, name) for name in sorted(names)] or [Target(file.stem, file, "")]
    return out


def rerun(root: Path, chosen: list[Target], timeout: float = 60) -> dict[Target, str]:
    """Run each probe once per environment (4 at a time) and compare with the results file: target → "" when
    the record agrees, else what differs."""
    results = support.load_results(root) or support.Results()
    planned = sc.plan(root, [], [])
    versions = {t.implementation: installed_version(root, t.implementation) for t in chosen if t.implementation}
    node_dir = Path(tempfile.mkdtemp(prefix="lexigraph-probes-"))
    (node_dir / "node_modules").symlink_to(root / "node_modules")

    def one(target: Target) -> sc.Outcome:
        runner = support.implementations()[target.implementation].runner
        if runner == "python":
            return sc.run_python_probe(target.file, Path(sys.executable), timeout)
        if runner == "node":
            return sc.run_node_probe(target.file, node_dir, timeout)
        with sc.ProbeServer(target.file.parent) as server:
            return sc.run_chromium_probe(target.file, server, planned.flags.get(target.probe, []), timeout)

    # one run per probe file and environment: ts-sdk and ext-apps share the project's node_modules
    runs: dict[tuple[Path, str], Target] = {}
    for t in chosen:
        if t.implementation:
            env = support.implementations()[t.implementation].runner
            runs.setdefault((t.file, env if env == "node" else t.implementation), t)
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            outcomes = dict(zip(runs, pool.map(one, runs.values()), strict=True))
    finally:
        shutil.rmtree(node_dir)
    verdicts = {}
    for t in chosen:
        if not t.implementation:
            verdicts[t] = f"no entry names {t.file.name} and no result records it: name it in an entry's support block, then run `lexigraph support collect --probe {t.probe}`"
            continue
        version = versions[t.implementation]
        runner = support.implementations()[t.implementation].runner
        outcome = outcomes[(t.file, runner if runner == "node" else t.implementation)]
        record = next((r for r in results.results if (r.probe, r.implementation, r.version) == (t.probe, t.implementation, version)), None)
        if record is None:
            verdicts[t] = (f"support/results.json has no result of {t.probe} on {t.implementation} {version} (the installed version): "
                           f"run `lexigraph support collect --probe {t.probe} --implementation {t.implementation} --version {version}`")
        elif outcome.error:
            verdicts[t] = f"{t.file.name} on {t.implementation} {version} gave no answer: {outcome.error}"
        elif (outcome.result, outcome.output_digest) != (record.result, record.output_digest):
            verdicts[t] = (f"{t.file.name} on {t.implementation} {version} now answers {outcome.answer} ({outcome.output_digest}); "
                           f"support/results.json records {record.result} {record.note!r} ({record.output_digest}): "
                           f"re-run `lexigraph support collect --probe {t.probe}` and look at the entries' claims")
        else:
            verdicts[t] = ""
    return verdicts


# ---------------------------------------------------------------------------------------------- the project's probes

TARGETS = targets(PROJECT)


@pytest.fixture(scope="module")
def verdicts() -> dict[Target, str]:
    return rerun(PROJECT, TARGETS)


@pytest.mark.parametrize("target", [pytest.param(t, id=f"{t.file.name}-{t.implementation or 'nothing'}",
                                                 marks=[pytest.mark.browser] if t.file.suffix == ".html" else [])
                                    for t in TARGETS])
def test_the_probe_still_answers_what_the_results_file_records(target, verdicts):
    assert verdicts[target] == ""


def test_the_clients_block_is_the_installed_mcp_client_capabilities():
    results = support.load_results(PROJECT)
    assert results is not None, "no support/results.json: run `lexigraph support collect`"
    if not (PROJECT / "node_modules" / sc.CLIENTS_PACKAGE).is_dir():
        pytest.fail(f"{sc.CLIENTS_PACKAGE} is not installed: npm ci (scripts/setup)")
    installed, _ = sc.read_clients(PROJECT, {}, offline=True)
    recorded = results.clients
    assert (recorded.get("package"), recorded.get("version")) == (installed["package"], installed["version"]), \
        "the pinned mcp-client-capabilities changed: run `lexigraph support collect`"
    assert recorded.get("clients") == installed["clients"]
    assert len(installed["clients"]) >= 10 and all(c["capabilities"] == sorted(c["capabilities"]) for c in installed["clients"].values())
    assert recorded.get("date", "")[:2] == "20" and recorded.get("date_source")


# ---------------------------------------------------------------------------------------------- the comparison itself

PY_PROBE = 'import json\nprint(json.dumps({"result": "supported", "note": "a tiny probe"}))\n'
MJS_PROBE = ('import { Client } from "@modelcontextprotocol/sdk/client/index.js";\n'
             'console.log(JSON.stringify({result: typeof Client === "function" ? "supported" : "unsupported", note: "the SDK has Client"}));\n')
HTML_PROBE = ('<!doctype html><html lang="en"><title>probe</title><output id="probe"></output><script>\n'
              'document.getElementById("probe").textContent = JSON.stringify({result: "unsupported", note: "a tiny page"});\n</script></html>\n')


def tiny_root(tmp_path: Path, files: dict[str, str], records: list[support.Result]) -> Path:
    root = tmp_path / "root"
    (root / "support" / "probes").mkdir(parents=True)
    (root / "entries").mkdir()
    (root / "node_modules").symlink_to(PROJECT / "node_modules")
    for name, text in files.items():
        (root / "support" / "probes" / name).write_text(text, encoding="utf-8")
    (root / "support" / "results.json").write_text(support.results_to_json(support.Results(results=records), "2026-01-01"), encoding="utf-8")
    return root


def record(probe: str, impl: str, version: str, answer: str) -> support.Result:
    data = json.loads(answer)
    return support.Result(probe, impl, version, data["result"], data["note"], "2026-01-01",
                          sc.Outcome(answer=answer).output_digest, "sha256:x")


def test_a_probe_that_agrees_passes_and_one_that_differs_fails(tmp_path):
    answer = json.dumps({"result": "supported", "note": "a tiny probe"})
    mjs_answer = json.dumps({"result": "supported", "note": "the SDK has Client"}, separators=(",", ":"))
    ts = installed_version(PROJECT, "ts-sdk")
    root = tiny_root(tmp_path, {"tiny.py": PY_PROBE, "tiny.mjs": MJS_PROBE, "other.py": PY_PROBE},
                     [record("tiny", "mcp", metadata.version("mcp"), answer),
                      record("tiny", "ts-sdk", ts, mjs_answer),
                      record("other", "mcp", metadata.version("mcp"), answer.replace("supported", "unsupported"))])
    verdicts = {(t.probe, t.implementation): v for t, v in rerun(root, targets(root), timeout=30).items()}
    assert verdicts[("tiny", "mcp")] == "" and verdicts[("tiny", "ts-sdk")] == ""
    assert "other.py on mcp" in verdicts[("other", "mcp")] and "records unsupported" in verdicts[("other", "mcp")]


def test_a_probe_with_no_record_for_the_installed_version_says_run_collect(tmp_path):
    answer = json.dumps({"result": "supported", "note": "a tiny probe"})
    root = tiny_root(tmp_path, {"tiny.py": PY_PROBE, "lonely.py": PY_PROBE}, [record("tiny", "mcp", "0.1.0", answer)])
    verdicts = {(t.probe, t.implementation): v for t, v in rerun(root, targets(root), timeout=30).items()}
    mcp = metadata.version("mcp")
    assert verdicts[("tiny", "mcp")] == (f"support/results.json has no result of tiny on mcp {mcp} (the installed version): "
                                         f"run `lexigraph support collect --probe tiny --implementation mcp --version {mcp}`")
    assert "no entry names lonely.py and no result records it" in verdicts[("lonely", "")]


def test_a_crashing_probe_fails_even_when_a_record_exists(tmp_path):
    answer = json.dumps({"result": "unsupported", "note": "a tiny probe"})
    root = tiny_root(tmp_path, {"tiny.py": "raise SystemExit(3)\n"}, [record("tiny", "mcp", metadata.version("mcp"), answer)])
    (verdict,) = rerun(root, targets(root), timeout=30).values()
    assert "gave no answer: crashed (exit 3)" in verdict


@pytest.mark.browser
def test_a_page_probe_runs_in_chromium_and_is_compared(tmp_path):
    answer = json.dumps({"result": "unsupported", "note": "a tiny page"}, separators=(",", ":"))
    chromium = sc.chromium_environment().version
    root = tiny_root(tmp_path, {"tiny.html": HTML_PROBE}, [record("tiny", "chromium", chromium, answer)])
    assert list(rerun(root, targets(root), timeout=30).values()) == [""]
    root2 = tiny_root(tmp_path / "2", {"tiny.html": HTML_PROBE.replace('"unsupported"', '"partial"')},
                      [record("tiny", "chromium", chromium, answer)])
    (verdict,) = rerun(root2, targets(root2), timeout=30).values()
    assert "now answers" in verdict and "records unsupported" in verdict
