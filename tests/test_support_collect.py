"""`lexigraph support collect` and `propose`, run as the real command on a small content root: real probes
(tiny ones written here, not the lexicon's), a real environment (a venv whose site-packages is the project's,
so the installed mcp is the version it says), real process groups killed at the time limit, a real PyPI
answer for a version that does not exist. The previous results file survives a hang, garbage and Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import sysconfig
import textwrap
import time
from importlib import metadata
from pathlib import Path

import pytest

from lexigraph.content import support

pytestmark = pytest.mark.process

MCP = metadata.version("mcp")

OK = """\
import json
try:
    from mcp.types import CallToolResult
except ImportError:
    print(json.dumps({"result": "unsupported", "note": "mcp.types has no CallToolResult"}))
else:
    print("some chatter first")
    print(json.dumps({"result": "supported", "note": "mcp.types has CallToolResult"}))
"""
# A probe that hangs, and leaves a grandchild behind in its process group: both must be killed.
HANG = """\
import pathlib, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
pathlib.Path(sys.argv[0]).with_name("hang.pids").write_text(f"{child.pid}\\n")
time.sleep(300)
"""
GARBAGE = 'print("all fine, I think")\n'
CRASH = 'import mcp.no_such_module\n'

OLD_RECORD = {"probe": "old-probe", "implementation": "mcp", "version": "1.0.0", "result": "unsupported",
              "note": "measured before", "measured": "2026-01-01", "output_digest": "sha256:" + "0" * 64,
              "probe_digest": "sha256:" + "1" * 64}


def lexigraph(root: Path, *args: str, timeout: float = 120, cache: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LEXIGRAPH_SUPPORT_CACHE": str(cache or root / "no-cache")}
    return subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), "support", *args],
                          capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """A cache holding one environment, venv/mcp-<installed>/: a venv of its own whose site-packages reads the
    project's (a .pth line), marked finished, as the collector leaves the ones it builds."""
    folder = tmp_path_factory.mktemp("cache")
    venv = folder / "venv" / f"mcp-{MCP}"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "project.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    (venv / ".lexigraph-ok").write_text(f"mcp=={MCP}", encoding="utf-8")
    return folder


def content_root(tmp_path: Path, probes: dict[str, str], versions: str | None = None) -> Path:
    root = tmp_path / "root"
    (root / "support" / "probes").mkdir(parents=True)
    (root / "entries").mkdir()
    for name, text in probes.items():
        (root / "support" / "probes" / name).write_text(text, encoding="utf-8")
    (root / "support" / "versions.yml").write_text(versions or textwrap.dedent(f"""\
        # the test's versions
        mcp:
          - {{version: "{MCP}", why: "the installed one"}}
        """), encoding="utf-8")
    previous = support.Results(results=[support.Result(**OLD_RECORD)])
    (root / "support" / "results.json").write_text(support.results_to_json(previous, "2026-01-01"), encoding="utf-8")
    return root


def test_collect_records_answers_and_keeps_a_hang_garbage_and_a_crash_apart(tmp_path, cache):
    root = content_root(tmp_path, {"ok.py": OK, "hang.py": HANG, "garbage.py": GARBAGE, "crash.py": CRASH})
    before = json.loads((root / "support" / "results.json").read_text(encoding="utf-8"))
    started = time.monotonic()
    out = lexigraph(root, "collect", "--offline", "--timeout", "8", "--jobs", "4", *[f"--probe={p}" for p in ("ok", "hang", "garbage", "crash")],
                    cache=cache)
    assert time.monotonic() - started < 60
    assert out.returncode == 1, out.stdout + out.stderr            # failures: exit 1, the file written all the same
    assert "Traceback" not in out.stderr
    lines = out.stdout.splitlines()
    assert f"[env 1/1] mcp {MCP}  ok" in out.stdout
    assert any(line.startswith("[") and f"mcp {MCP}  ok  supported (" in line for line in lines), out.stdout
    assert any(f"mcp {MCP}  hang  FAILED: timed out after 8 s" in line for line in lines), out.stdout
    assert any(f"mcp {MCP}  garbage  FAILED: garbage answer" in line for line in lines), out.stdout
    assert any(f"mcp {MCP}  crash  FAILED: crashed (exit 1): ModuleNotFoundError" in line for line in lines), out.stdout
    assert "1 results (1 supported, 0 partial, 0 unsupported), 3 failures" in out.stdout
    assert f"failure (probe): hang on mcp {MCP}: timed out" in out.stdout

    after = json.loads((root / "support" / "results.json").read_text(encoding="utf-8"))
    assert [r for r in after["results"] if r["probe"] == "old-probe"] == before["results"] == [OLD_RECORD]
    measured = [r for r in after["results"] if r["probe"] != "old-probe"]
    assert [(r["probe"], r["version"], r["result"], r["note"]) for r in measured] == [("ok", MCP, "supported", "mcp.types has CallToolResult")]
    answer = json.dumps({"result": "supported", "note": "mcp.types has CallToolResult"})
    import hashlib
    assert measured[0]["output_digest"] == "sha256:" + hashlib.sha256(answer.encode()).hexdigest()
    probes = root / "support" / "probes"
    assert measured[0]["probe_digest"] == support.digest((probes / "ok.py").read_bytes(), [])
    assert sorted((f["probe"], f["stage"]) for f in after["failures"]) == [("crash", "probe"), ("garbage", "probe"), ("hang", "probe")]
    assert not any(r["probe"] in ("hang", "garbage", "crash") for r in after["results"])
    (env,) = after["environments"]
    assert (env["implementation"], env["version"], env["status"], env["runtime"][:7]) == ("mcp", MCP, "ok", "Python ")
    # the test's venv reads the project's packages: not filtered by upload date, and the record says so
    assert env["message"].startswith(f"built otherwise than asked now (its marker: 'mcp=={MCP}'; asked: mcp=={MCP} --uploaded-prior-to <date>)")
    # the hung probe's grandchild was killed with its process group
    pid = int((probes / "hang.pids").read_text().split()[0])
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie left for init to reap counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def test_a_second_run_replaces_its_own_records_only(tmp_path, cache):
    root = content_root(tmp_path, {"ok.py": OK, "garbage.py": GARBAGE})
    assert lexigraph(root, "collect", "--offline", "--probe", "garbage", cache=cache).returncode == 1
    (root / "support" / "probes" / "garbage.py").write_text(OK, encoding="utf-8")     # fixed: its failure goes
    out = lexigraph(root, "collect", "--offline", "--probe", "garbage", cache=cache)
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads((root / "support" / "results.json").read_text(encoding="utf-8"))
    assert data["failures"] == []
    assert sorted(r["probe"] for r in data["results"]) == ["garbage", "old-probe"]
    text = (root / "support" / "results.json").read_text(encoding="utf-8")
    assert lexigraph(root, "collect", "--offline", "--probe", "garbage", cache=cache).returncode == 0
    assert (root / "support" / "results.json").read_text(encoding="utf-8") == text     # the same observation: the same file


def test_ctrl_c_leaves_the_previous_results_file_as_it_was(tmp_path, cache):
    root = content_root(tmp_path, {"hang.py": HANG})
    before = (root / "support" / "results.json").read_bytes()
    env = {**os.environ, "LEXIGRAPH_SUPPORT_CACHE": str(cache)}
    proc = subprocess.Popen([sys.executable, "-m", "lexigraph", "--root", str(root), "support", "collect", "--offline", "--probe", "hang"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    pids = root / "support" / "probes" / "hang.pids"
    try:
        deadline = time.monotonic() + 30
        while not pids.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pids.exists(), "the probe never started"
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, stdout + stderr
    assert "interrupted; support/results.json is as it was" in stderr and "Traceback" not in stderr
    assert (root / "support" / "results.json").read_bytes() == before
    assert not list((root / "support").glob(".results.json.*"))
    pid = int(pids.read_text().split()[0])
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def test_an_unknown_implementation_in_versions_yml_is_located(tmp_path):
    root = content_root(tmp_path, {"ok.py": OK}, versions=f'# versions\nmcp:\n  - {{version: "{MCP}", why: "x"}}\npython-sdk:\n  - {{version: "1.0.0", why: "x"}}\n')
    before = (root / "support" / "results.json").read_bytes()
    out = lexigraph(root, "collect", "--offline", "--probe", "ok")
    assert out.returncode == 2
    assert "support/versions.yml:4: $.python-sdk: unknown implementation 'python-sdk'; the known ones" in out.stderr
    assert "mcp, ts-sdk, ext-apps, a2a-sdk, chromium" in out.stderr and "Traceback" not in out.stderr
    assert (root / "support" / "results.json").read_bytes() == before


def test_a_malformed_versions_yml_is_located(tmp_path):
    root = content_root(tmp_path, {"ok.py": OK}, versions='mcp:\n  - {why: "no version"}\n  - "1.2"\n'
                        '  - {version: "1.9.0", why: "x", with: "grpcio"}\n  - {version: "1.10.0", why: "x", pin: "y"}\n')
    out = lexigraph(root, "collect", "--offline", "--probe", "ok")
    assert out.returncode == 2
    assert "support/versions.yml:2: $.mcp[0].version: expected a version string" in out.stderr
    assert "support/versions.yml:3: $.mcp[1].version: expected a version string" in out.stderr
    assert "support/versions.yml:4: $.mcp[2].with: expected a list of requirements installed beside it" in out.stderr
    assert "support/versions.yml:5: $.mcp[3].pin: unknown field" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_version_pypi_does_not_have_is_located_with_the_ones_near_it(tmp_path):
    root = content_root(tmp_path, {"ok.py": OK}, versions='mcp:\n  - {version: "1.0.0", why: "x"}\n  - {version: "0.0.1-nope", why: "x"}\n')
    before = (root / "support" / "results.json").read_bytes()
    out = lexigraph(root, "collect", "--probe", "ok")    # not offline: PyPI is asked (network, as in CI)
    if "cannot ask PyPI" in out.stderr:
        pytest.skip("PyPI does not answer from here: " + out.stderr.strip().splitlines()[0])
    assert out.returncode == 2, out.stdout + out.stderr
    assert "support/versions.yml:3: $.mcp[1].version: no such version on PyPI: mcp 0.0.1-nope; the published ones near it: " in out.stderr
    assert "1.0.0" in out.stderr.split("near it:")[1]
    assert "mcp 1.0.0;" not in out.stderr                     # 1.0.0 exists: not reported
    assert "Traceback" not in out.stderr
    assert (root / "support" / "results.json").read_bytes() == before
    assert not (root / "no-cache").exists()                  # nothing installed before versions.yml is right


def test_an_unknown_probe_or_implementation_option_is_refused(tmp_path):
    root = content_root(tmp_path, {"ok.py": OK})
    out = lexigraph(root, "collect", "--offline", "--probe", "nope", "--implementation", "python")
    assert out.returncode == 2
    assert "--implementation: unknown implementation 'python'" in out.stderr
    assert "--probe: no probe 'nope' in support/probes/; the probes there: ok" in out.stderr


ENTRY = """\
support:
  - feature: call-it
    label: {en: calling, fr: appel}
    spec: {spec: mcp, added: "2024-11-05"}
    probe: ok
    implementations:
      mcp: {version_added: "%s"}
"""


def test_propose_compares_each_claim_with_the_results(tmp_path, cache):
    root = content_root(tmp_path, {"ok.py": OK})
    (root / "entries" / "tool").mkdir()
    (root / "entries" / "tool" / "entry.yml").write_text(ENTRY % MCP, encoding="utf-8")
    out = lexigraph(root, "collect", "--offline", cache=cache)         # the entry names the probe: no --probe needed
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"mcp {MCP}  ok  supported" in out.stdout
    out = lexigraph(root, "propose")
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"entries/tool/entry.yml:7: $.support[0].implementations.mcp: call-it (ok) mcp: claim since {MCP}; results since {MCP}" in out.stdout
    (root / "entries" / "tool" / "entry.yml").write_text(ENTRY % "0.9", encoding="utf-8")
    out = lexigraph(root, "propose")
    assert out.returncode == 1
    assert f"claim since 0.9; results since {MCP}  <-- MISMATCH" in out.stdout
    assert "1 claims, 1 differing" in out.stdout


def test_an_install_that_fails_is_an_install_failure_with_its_log(tmp_path):
    """A real npm install of a package the registry does not have: the environment is install-failed, its
    folder is not left half-built, and the first error line of the log says why."""
    import dataclasses

    from lexigraph.authoring import support_collect as sc

    impl = dataclasses.replace(support.implementations()["ts-sdk"], package="@modelcontextprotocol/lexigraph-no-such-package")
    env = sc.prepare(tmp_path, impl, "1.0.0", offline=False)
    if "ENOTFOUND" in env.message or "EAI_AGAIN" in env.message:
        pytest.skip("npm does not answer from here")
    assert env.status == "install-failed", env
    assert "404" in env.message or "E404" in env.message or "not found" in env.message.lower(), env.message
    assert "(log: " in env.message and (tmp_path / "node" / "modelcontextprotocol__lexigraph-no-such-package-1.0.0.log").is_file()
    assert not (tmp_path / "node" / "modelcontextprotocol__lexigraph-no-such-package-1.0.0").exists()
    assert env.record()["status"] == "install-failed"
