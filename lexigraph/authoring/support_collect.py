"""`lexigraph support collect` and `lexigraph support propose`: measure, in the spirit of mdn-bcd-collector,
which version of each implementation passes each feature's probe, and say which claim the results support.

collect:
1. reads support/versions.yml (the versions to try, per implementation id or package name; a located
   problem for an unknown implementation or a version the registry does not have);
2. finds the probes to run: every feature of every entry (content/support.py features_of) names a probe and
   the implementations it claims; an implementation runs the probe file of its runner's suffix (.py, .mjs,
   .html), when it exists. ``--probe`` also accepts a probe no entry names yet (then every implementation
   whose runner has the file);
3. prepares one cached environment per version (``--cache``, default ~/.cache/lexigraph/support, or
   $LEXIGRAPH_SUPPORT_CACHE): ``venv/<package>-<version>/`` (pip upgraded, then
   ``pip install <pkg>==<v> --uploaded-prior-to <upload time of v + 2 days>``: the dependencies of the
   time, because a 2025 mcp does not import with today's pydantic) and ``node/<slug>-<version>/``
   (``npm install --no-audit --no-fund <pkg>@<v>``); a finished one holds ``.lexigraph-ok`` and is reused;
   Chromium is Debian's /usr/bin/chromium, whatever version it is;
4. runs each probe in its own process group with a time limit (a .html probe: a small Playwright script
   loads it from a threaded http.server on 127.0.0.1, with the flag the entries' Chromium claim names);
   the last non-empty stdout line must be {"result": supported|partial|unsupported, "note": …} with exit 0;
   anything else (a crash, a time-out, garbage) is a Failure, never a result;
5. merges what it measured into support/results.json (records of the same probe, implementation and
   version are replaced, the others kept) and writes it atomically, at the end only: an interrupted run
   or a bad versions.yml leaves the previous file as it was. It also records the clients' capabilities
   from the pinned mcp-client-capabilities package.

propose: per feature and implementation, the claim the results support (content/support.py propose())
beside the entry's claim; exit 1 when one differs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from lexigraph.content import support
from lexigraph.content.load import load_corpus
from lexigraph.content.today import today
from lexigraph.content.yamlfile import YamlDoc, format_path, parse_text
from lexigraph.errors import LexigraphError, Problem

CHROMIUM = "/usr/bin/chromium"
CACHE_ENV = "LEXIGRAPH_SUPPORT_CACHE"
DEFAULT_CACHE = Path("~/.cache/lexigraph/support")
MARKER = ".lexigraph-ok"
CLIENTS_PACKAGE = "mcp-client-capabilities"
CLIENTS_FILE = Path("dist") / "mcp_client_capabilities" / "mcp-clients.json"
CAPABILITIES = ("tools", "resources", "prompts", "roots", "sampling", "elicitation", "tasks")
INSTALL_TIMEOUT = 900
#: How long after a version's upload its dependencies may have been published (pip --uploaded-prior-to).
UPLOAD_GRACE = dt.timedelta(days=2)
_NEXT = "fix support/versions.yml, then run `lexigraph support collect` again"


def default_cache() -> Path:
    return Path(os.environ.get(CACHE_ENV) or DEFAULT_CACHE).expanduser()


# ---------------------------------------------------------------------------------------------- versions.yml

@dataclass(frozen=True)
class Wanted:
    """One version of one implementation to try, with the line of versions.yml that asks for it."""

    implementation: support.Implementation
    version: str
    line: int
    path: str          # its JSON path in versions.yml
    extra: tuple[str, ...] = ()   # `with:`: what the probes need installed beside it (pip requirements / npm packages)


def read_versions(root: Path) -> list[Wanted]:
    """support/versions.yml: a mapping of implementation id (or package name) to a list of {version, why}.
    Raises LexigraphError with every located problem."""
    file = root / support.VERSIONS_FILE
    shown = support.VERSIONS_FILE
    if not file.is_file():
        raise LexigraphError([Problem(shown, 1, "$", f"file is missing; {_NEXT}")])
    doc, problems = parse_text(file.read_text(encoding="utf-8"), shown)
    if doc is None or problems:
        raise LexigraphError(problems)
    if not isinstance(doc.data, dict):
        raise LexigraphError([Problem(shown, 1, "$", f"expected a mapping of implementation id to a list of versions; {_NEXT}")])
    known = support.implementations()
    by_package = {impl.package: impl for impl in known.values()}
    wanted: list[Wanted] = []
    for key, items in doc.data.items():
        impl = known.get(key) or by_package.get(key)
        where = (key,)
        if impl is None:
            problems.append(_problem(doc, where, f"unknown implementation {key!r}; the known ones (lexigraph/data/implementations.yml): "
                                     f"{', '.join(known)} (or their package names: {', '.join(by_package)})"))
            continue
        if impl.registry not in ("pypi", "npm"):
            problems.append(_problem(doc, where, f"{key} is measured on the installed {impl.package} ({impl.registry}), "
                                     "not on versions from a registry: remove it from versions.yml"))
            continue
        if not isinstance(items, list) or not items:
            problems.append(_problem(doc, where, f"expected a list of {{version: …, why: …}}; {_NEXT}"))
            continue
        for i, item in enumerate(items):
            at = where + (i,)
            version = item.get("version") if isinstance(item, dict) else None
            if not isinstance(version, str) or not re.fullmatch(r"[0-9A-Za-z.+-]+", version):
                problems.append(_problem(doc, at + ("version",), f"expected a version string, e.g. \"1.9.0\"; {_NEXT}"))
                continue
            if not isinstance(item.get("why"), str) or not item["why"].strip():
                problems.append(_problem(doc, at + ("why",), f"say why this version is tried (why: …); {_NEXT}"))
            extra = item.get("with", [])
            if not isinstance(extra, list) or not all(isinstance(x, str) and re.fullmatch(r"[@A-Za-z0-9][@/A-Za-z0-9._\[\],=<>^~-]*", x) for x in extra):
                problems.append(_problem(doc, at + ("with",), "expected a list of requirements installed beside it, e.g. "
                                         "[\"grpcio\"] or [\"@modelcontextprotocol/server@^2.0.0\"]"))
                continue
            if set(item) - {"version", "why", "with", "package"}:
                problems.append(_problem(doc, at + (sorted(set(item) - {"version", "why", "with", "package"})[0],), "unknown field; an item has "
                                         "version, why and (optionally) with and package"))
                continue
            package = item.get("package", impl.package)
            if not isinstance(package, str) or not re.fullmatch(r"(@[a-z0-9._-]+/)?[A-Za-z0-9._-]+", package):
                problems.append(_problem(doc, at + ("package",), "expected the package name this version is published under, e.g. "
                                         "\"@modelcontextprotocol/server\" (the TypeScript SDK's 2.x line)"))
                continue
            if any(w.implementation.id == impl.id and w.version == version for w in wanted):
                problems.append(_problem(doc, at + ("version",), f"{version} is listed twice for {key}"))
                continue
            # A major line published under another name (the TypeScript SDK 2.x: @modelcontextprotocol/server and
            # client) is the same implementation: its results are recorded under the implementation's id.
            line_impl = impl if package == impl.package else dataclasses.replace(impl, package=package)
            wanted.append(Wanted(line_impl, version, doc.line(at + ("version",)), format_path(at + ("version",)), tuple(extra)))
    if problems:
        raise LexigraphError(problems)
    return wanted


def _problem(doc: YamlDoc, path: tuple, message: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message)


# ---------------------------------------------------------------------------------------------- registries

class RegistryError(RuntimeError):
    """The registry could not be asked (network); not the same as a version it does not have."""


def _get_json(url: str, accept: str = "application/json") -> dict:
    request = urllib.request.Request(url, headers={"Accept": accept, "User-Agent": "lexigraph-support-collect"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read().decode("utf-8"))
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise RegistryError(f"{url}: {error}") from error


@functools.cache
def pypi_uploads(package: str) -> dict[str, str]:
    """Every published version of a PyPI package → the latest upload time of its files (ISO 8601), from the
    simple JSON API (PEP 691/700)."""
    data = _get_json(f"https://pypi.org/simple/{package}/", "application/vnd.pypi.simple.v1+json")
    stem = re.sub(r"[-_.]+", "_", package).lower()
    uploads: dict[str, str] = {version: "" for version in data.get("versions", [])}
    for item in data.get("files", []):
        name = item.get("filename", "")
        norm = re.sub(r"[-_.]+", "_", name.split("-")[0]).lower() if "-" in name else ""
        if norm != stem:
            continue
        rest = name[len(name.split("-")[0]) + 1:]
        version = rest.split("-")[0] if name.endswith(".whl") else re.sub(r"\.(tar\.gz|zip|tar\.bz2)$", "", rest)
        when = item.get("upload-time") or ""
        if version in uploads and when > uploads[version]:
            uploads[version] = when
    return uploads


@functools.cache
def npm_versions(package: str) -> tuple[str, ...]:
    out = subprocess.run(["npm", "view", package, "versions", "--json"], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RegistryError(f"npm view {package} versions: {(out.stderr.strip().splitlines() or ['failed'])[-1]}")
    data = json.loads(out.stdout or "[]")
    return tuple([data] if isinstance(data, str) else data)


def published(impl: support.Implementation) -> list[str]:
    versions = list(pypi_uploads(impl.package)) if impl.registry == "pypi" else list(npm_versions(impl.package))
    return sorted(versions, key=support.version_key)


def near(version: str, versions: list[str], count: int = 6) -> list[str]:
    """The published versions around ``version`` in version order."""
    key = support.version_key(version)
    at = sum(1 for v in versions if support.version_key(v) < key)
    return versions[max(0, at - count // 2): at + count // 2]


def check_published(wanted: list[Wanted]) -> None:
    """Every version in ``wanted`` exists on its registry; else LexigraphError, located in versions.yml."""
    problems = []
    for w in wanted:
        try:
            versions = published(w.implementation)
        except RegistryError as error:
            problems.append(Problem(support.VERSIONS_FILE, w.line, w.path, f"cannot ask {_registry(w)} whether {w.implementation.package} "
                                    f"{w.version} exists ({error}); check the network, or run with --offline to use the cached environments only"))
            continue
        if w.version not in versions:
            problems.append(Problem(support.VERSIONS_FILE, w.line, w.path, f"no such version on {_registry(w)}: {w.implementation.package} "
                                    f"{w.version}; the published ones near it: {', '.join(near(w.version, versions)) or 'none'}; {_NEXT}"))
    if problems:
        raise LexigraphError(problems)


def _registry(w: Wanted) -> str:
    return {"pypi": "PyPI", "npm": "npm"}[w.implementation.registry]


# ---------------------------------------------------------------------------------------------- environments

@dataclass
class Environment:
    """One installed version: where it is, whether it installed, and what runs it."""

    implementation: support.Implementation
    version: str
    path: Path | None
    status: str = "ok"             # ok | install-failed | not-cached
    message: str = ""
    runtime: str = ""
    installed: str = ""
    flag: str = ""
    uploaded_prior_to: str = ""     # Python: the dependencies' upload-date limit

    def record(self) -> dict:
        data = {"implementation": self.implementation.id, "version": self.version, "status": self.status,
                "installed": self.installed, "message": self.message, "runtime": self.runtime}
        if self.flag:
            data["flag"] = self.flag
        if self.uploaded_prior_to:
            data["uploaded_prior_to"] = self.uploaded_prior_to
        return data


def slug(package: str) -> str:
    """@modelcontextprotocol/sdk → modelcontextprotocol__sdk (the folder name of its environments)."""
    return package.replace("@", "").replace("/", "__")


def env_dir(cache: Path, impl: support.Implementation, version: str) -> Path:
    if impl.runner == "python":
        return cache / "venv" / f"{impl.package}-{version}"
    return cache / "node" / f"{slug(impl.package)}-{version}"


def _run_logged(command: list[str], log, cwd: Path | None = None, timeout: int = INSTALL_TIMEOUT) -> None:
    log.write(f"$ {' '.join(command)}\n")
    log.flush()
    result = subprocess.run(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout)
    if result.returncode != 0:
        raise subprocess.CalledProcessError(result.returncode, command)


def _last_error_line(log_path: Path) -> str:
    lines = [line.strip() for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines()]
    errors = [line for line in lines if "error" in line.lower() and not line.startswith("WARNING")
              and "complete log" not in line and not line.startswith("npm error code")]
    return (errors[:1] or [line for line in lines if line][-1:] or ["(empty log)"])[0][:300]


PYPI_INDEX = "https://pypi.org/simple"


def prepare(cache: Path, impl: support.Implementation, version: str, offline: bool, extra: tuple[str, ...] = ()) -> Environment:
    """The environment of one version: reused when its marker is there, else built (unless offline).

    A Python package is installed with the extras pyproject.toml gives it (a2a-sdk[http-server]: the
    server the probes talk to). A Python environment is reused only when its marker names that requirement
    and says the dependencies were filtered by upload date against PyPI itself; pip's --uploaded-prior-to lets through any file whose index gives no upload time
    (a find-links folder, a local mirror in pip.conf), so the install runs ``pip --isolated --index-url
    https://pypi.org/simple``. An older one is rebuilt beside it and swapped in (offline: used, and said)."""
    path = env_dir(cache, impl, version)
    env = Environment(impl, version, path)
    marker_file = path / MARKER
    marker = marker_file.read_text(encoding="utf-8", errors="replace") if marker_file.is_file() else ""
    requirement = f"{impl.package}{extras_of(impl.package)}=={version}"
    wanted_marker = " ".join([requirement, *extra]) + " --uploaded-prior-to " if impl.runner == "python" else " ".join([f"{impl.package}@{version}", *extra])
    dated = marker.startswith(wanted_marker) if impl.runner == "python" else marker.strip() == wanted_marker
    if marker and (dated or offline):
        env.installed = dt.date.fromtimestamp(marker_file.stat().st_mtime).isoformat()
        env.runtime = runtime_of(env)
        env.uploaded_prior_to = _after(marker, "--uploaded-prior-to")
        if not dated:
            env.message = (f"built otherwise than asked now (its marker: {marker.strip()!r}; asked: {wanted_marker.strip()}"
                           f"{' <date>' if impl.runner == 'python' else ''}): run without --offline to rebuild it")
        return env
    if offline:
        env.status, env.message = "not-cached", f"not in {path} (--offline)"
        return env
    log_path = path.with_name(path.name + ".log")
    build = path.with_name(path.name + ".building")
    if build.exists():
        shutil.rmtree(build)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with log_path.open("w", encoding="utf-8") as log:
            if impl.runner == "python":
                when = pypi_uploads(impl.package).get(version, "")
                if not when:
                    raise RuntimeError(f"PyPI gives no upload time for {impl.package} {version}")
                prior = (dt.datetime.fromisoformat(when.replace("Z", "+00:00")) + UPLOAD_GRACE).strftime("%Y-%m-%dT%H:%M:%SZ")
                python = str(build / "bin" / "python")
                _run_logged([sys.executable, "-m", "venv", str(build)], log)
                _run_logged([python, "-m", "pip", "install", "--upgrade", "pip"], log)
                _run_logged([python, "-m", "pip", "--isolated", "install", "--index-url", PYPI_INDEX, requirement, *extra,
                             "--uploaded-prior-to", prior], log)
                text = f"{wanted_marker}{prior} --index-url {PYPI_INDEX}"
                env.uploaded_prior_to = prior
            else:
                build.mkdir()
                (build / "package.json").write_text('{"private": true}\n', encoding="utf-8")
                _run_logged(["npm", "install", "--no-audit", "--no-fund", f"{impl.package}@{version}", *extra], log, cwd=build)
                text = wanted_marker
        (build / MARKER).write_text(text, encoding="utf-8")
        if path.exists():
            old = path.with_name(f"{path.name}.old-{os.getpid()}")
            os.rename(path, old)
            os.rename(build, path)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(build, path)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, RuntimeError, RegistryError, OSError) as error:
        first = str(error) if isinstance(error, (RuntimeError, RegistryError)) else _last_error_line(log_path)
        env.status, env.message = "install-failed", f"{first} (log: {log_path})"
        shutil.rmtree(build, ignore_errors=True)
        return env
    env.installed = today().isoformat()
    env.runtime = runtime_of(env)
    return env


@functools.cache
def extras_of(package: str) -> str:
    """The extras the project installs ``package`` with (pyproject.toml, e.g. ``[http-server]`` for a2a-sdk):
    each version is measured as the project uses it."""
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if not pyproject.is_file():
        return ""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    requirements = list(project.get("dependencies", []))
    for group in project.get("optional-dependencies", {}).values():
        requirements += group
    norm = re.sub(r"[-_.]+", "-", package).lower()
    for requirement in requirements:
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?", requirement)
        if match and re.sub(r"[-_.]+", "-", match.group(1)).lower() == norm and match.group(2):
            return match.group(2).replace(" ", "")
    return ""


def _after(text: str, option: str) -> str:
    words = text.split()
    return words[words.index(option) + 1] if option in words[:-1] else ""


def chromium_environment() -> Environment:
    impl = support.implementations()["chromium"]
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60).stdout
    except OSError as error:
        return Environment(impl, "", None, "install-failed", f"{CHROMIUM}: {error}; install Debian's chromium (scripts/setup)")
    match = re.search(r"\d+(\.\d+){3}", out)
    if not match:
        return Environment(impl, "", None, "install-failed", f"{CHROMIUM} --version said {out.strip()!r}")
    return Environment(impl, match.group(0), Path(CHROMIUM), runtime=out.strip(), installed=today().isoformat())


def runtime_of(env: Environment) -> str:
    try:
        if env.implementation.runner == "python" and env.path is not None:
            out = subprocess.run([str(env.path / "bin" / "python"), "-c", "import platform; print(platform.python_version())"],
                                 capture_output=True, text=True, timeout=60)
            return f"Python {out.stdout.strip()}"
        if env.implementation.runner == "node":
            out = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=60)
            return f"Node.js {out.stdout.strip().lstrip('v')}"
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return ""


# ---------------------------------------------------------------------------------------------- probes

@dataclass
class Outcome:
    """What one probe run gave: an answer, or why there is none."""

    result: str = ""               # one of support.OUTCOMES, or "" for a failure
    note: str = ""
    answer: str = ""               # the answer line, as printed
    error: str = ""                # the failure's message (first line first)
    seconds: float = 0.0

    @property
    def output_digest(self) -> str:
        return "sha256:" + hashlib.sha256(self.answer.encode("utf-8")).hexdigest()


def parse_answer(code: int, stdout: str, stderr: str) -> Outcome:
    """The contract: exit 0 and a last non-empty stdout line {"result": …, "note": "…"}."""
    lines = [line.strip() for line in stdout.splitlines() if line.strip()]
    last_err = _error_line(stderr)
    if code != 0:
        return Outcome(error=f"crashed (exit {code}): {last_err or (lines[-1] if lines else 'no output')}"[:400])
    if not lines:
        return Outcome(error="printed no answer (the last stdout line must be {\"result\": …, \"note\": …})")
    try:
        data = json.loads(lines[-1])
    except ValueError:
        data = None
    if (not isinstance(data, dict) or data.get("result") not in support.OUTCOMES or not isinstance(data.get("note"), str)
            or set(data) - {"result", "note"}):
        return Outcome(error=f"garbage answer (expected {{\"result\": supported|partial|unsupported, \"note\": …}}): {lines[-1][:200]!r}")
    return Outcome(result=data["result"], note=data["note"], answer=lines[-1])


def _error_line(stderr: str) -> str:
    """The line of a crash's stderr that says what went wrong: the last ``SomeError: …`` line (Python's last
    traceback line, Node's ``Error [CODE]: …``), else the last line that is not a stack frame or Node's version."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("at ") and not re.match(r"Node\.js v\d", line)]
    named = [line for line in lines if re.match(r"[\w.]*(Error|Exception)\b[^:]*:", line)]
    return (named or lines or [""])[-1]


def run_process(command: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None,
                started: Callable[[subprocess.Popen], None] | None = None) -> Outcome:
    """Run a probe in its own process group; past ``timeout`` the whole group is killed."""
    begin = time.monotonic()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            errors="replace", start_new_session=True)
    if started:
        started(proc)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        proc.communicate()
        return Outcome(error=f"timed out after {timeout:g} s (process group killed)", seconds=time.monotonic() - begin)
    except BaseException:
        _kill_group(proc)
        raise
    finally:
        _kill_group(proc, only_group=True)
    outcome = parse_answer(proc.returncode, stdout, stderr)
    outcome.seconds = time.monotonic() - begin
    return outcome


def _kill_group(proc: subprocess.Popen, only_group: bool = False) -> None:
    """Kill the probe's process group (what it left behind too); ``only_group``: after a normal exit."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if not only_group:
        try:
            proc.kill()
        except ProcessLookupError:
            pass


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NODE_", "VIRTUAL_ENV"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_python_probe(probe: Path, python: Path, timeout: float, **kw) -> Outcome:
    """support/probes/<id>.py with the environment's python, -s -E (and -B: no __pycache__ among the probes), from a fresh temp dir."""
    with tempfile.TemporaryDirectory(prefix="lexigraph-probe-") as tmp:
        return run_process([str(python), "-B", "-s", "-E", str(probe.resolve())], Path(tmp), timeout, _clean_env(), **kw)


def run_node_probe(probe: Path, folder: Path, timeout: float, **kw) -> Outcome:
    """support/probes/<id>.mjs copied (with the _*.mjs helpers) beside ``folder``'s node_modules and run there."""
    copies = []
    try:
        for source in [probe, *sorted(probe.parent.glob("_*.mjs"))]:
            target = folder / source.name
            tmp = folder / f".{source.name}.{os.getpid()}.{threading.get_ident()}"
            shutil.copyfile(source, tmp)
            os.replace(tmp, target)
            if source == probe:
                copies.append(target)
        return run_process(["node", probe.name], folder, timeout, _clean_env(), **kw)
    finally:
        for copy in copies:
            copy.unlink(missing_ok=True)


_CHROMIUM_SCRIPT = r"""
import sys
from playwright.sync_api import sync_playwright
url, limit, flags = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
args = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", *flags]
with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
    try:
        page = browser.new_page()
        page.on("pageerror", lambda e: print("page error:", e, file=sys.stderr))
        page.goto(url)
        page.wait_for_function("() => { const o = document.getElementById('probe'); return !!o && o.textContent.trim() !== ''; }",
                               timeout=limit * 1000)
        print(page.locator("#probe").text_content().strip())
    finally:
        browser.close()
"""


class ProbeServer:
    """support/probes/ over http://127.0.0.1:<port>/, threaded; always stopped (a context manager)."""

    def __init__(self, folder: Path):
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __enter__(self) -> ProbeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args) -> None:  # noqa: A002 (the base class's name)
        pass


def run_chromium_probe(probe: Path, server: ProbeServer, flags: list[str], timeout: float, **kw) -> Outcome:
    """support/probes/<id>.html loaded in Debian's Chromium (Playwright, headless, with the claim's flag)."""
    with tempfile.TemporaryDirectory(prefix="lexigraph-probe-") as tmp:
        inner = max(timeout - 5, 1)
        return run_process([sys.executable, "-c", _CHROMIUM_SCRIPT, server.base + probe.name, str(inner), *flags],
                           Path(tmp), timeout, **kw)


def probe_digest(probe: Path) -> str:
    """As content/load.py computes corpus.probes: the file's bytes and the shared helpers of its suffix."""
    helpers = [p for p in probe.parent.iterdir() if p.name.startswith("_") and p.suffix == probe.suffix and p.is_file()]
    return support.digest(probe.read_bytes(), helpers)


# ---------------------------------------------------------------------------------------------- the plan

@dataclass
class Task:
    probe: str
    file: Path
    env: Environment


@dataclass
class Plan:
    """Which probe runs against which implementation (and with which Chromium flags)."""

    targets: dict[str, set[str]] = field(default_factory=dict)     # probe → implementation ids
    flags: dict[str, list[str]] = field(default_factory=dict)       # probe → Chromium flags


def plan(root: Path, only_probes: list[str], only_impls: list[str]) -> Plan:
    """The probes to run: those the entries' features name, with the implementations each claims (and the
    Chromium flags the claims name); a probe named by --probe that no entry uses runs against every
    implementation whose runner has its file, in Chromium with every flag the entries' claims name."""
    known = support.implementations()
    probes_dir = root / support.PROBES_DIR
    out = Plan()
    corpus = load_corpus(root)
    for entry in corpus.entries.values():
        facts = entry.facts.data if entry.facts is not None and isinstance(entry.facts.data, dict) else {}
        try:
            features = support.features_of(entry.id, facts)
        except (KeyError, TypeError, AttributeError):
            continue   # a malformed support block: `lexigraph check` says where
        for feature in features:
            if not feature.probe:
                continue
            for claim in feature.claims:
                impl = known.get(claim.implementation)
                if impl is None or claim.unmeasured:
                    continue
                if (probes_dir / f"{feature.probe}{impl.probe_suffix}").is_file():
                    out.targets.setdefault(feature.probe, set()).add(impl.id)
                if claim.flag and claim.flag not in out.flags.setdefault(feature.probe, []):
                    out.flags[feature.probe].append(claim.flag)
    every_flag = sorted({f for flags in out.flags.values() for f in flags})
    for probe in only_probes:
        if probe not in out.targets:
            out.targets[probe] = {impl.id for impl in known.values() if (probes_dir / f"{probe}{impl.probe_suffix}").is_file()}
            out.flags.setdefault(probe, every_flag)    # no claim names its flag yet: the flags the other claims name
    if only_probes:
        out.targets = {p: i for p, i in out.targets.items() if p in only_probes}
    if only_impls:
        out.targets = {p: {i for i in ids if i in only_impls} for p, ids in out.targets.items()}
    out.targets = {p: ids for p, ids in out.targets.items() if ids}
    return out


def check_selection(root: Path, only_probes: list[str], only_impls: list[str]) -> None:
    known = support.implementations()
    problems = []
    for impl in only_impls:
        if impl not in known:
            problems.append(Problem("lexigraph support collect", 1, "--implementation",
                                    f"unknown implementation {impl!r}; the known ones: {', '.join(known)}"))
    present = sorted({p.stem for p in (root / support.PROBES_DIR).glob("*") if not p.name.startswith("_")
                      and p.suffix in support.PROBE_SUFFIX.values()}) if (root / support.PROBES_DIR).is_dir() else []
    for probe in only_probes:
        if probe not in present:
            problems.append(Problem("lexigraph support collect", 1, "--probe", f"no probe {probe!r} in {support.PROBES_DIR}/; "
                                    f"the probes there: {', '.join(present) or 'none'}"))
    if problems:
        raise LexigraphError(problems)


# ---------------------------------------------------------------------------------------------- clients

def read_clients(root: Path, previous: dict, offline: bool) -> tuple[dict, str]:
    """The clients block from the installed mcp-client-capabilities, and where its date comes from."""
    home = root / "node_modules" / CLIENTS_PACKAGE
    if not (home / "package.json").is_file():
        return previous, f"{CLIENTS_PACKAGE} is not installed under node_modules/ (npm ci): the clients block is kept as it was"
    version = json.loads((home / "package.json").read_text(encoding="utf-8"))["version"]
    data = json.loads((home / CLIENTS_FILE).read_text(encoding="utf-8"))
    clients = {}
    for cid in sorted(data):
        item = data[cid] or {}
        clients[cid] = {"title": item.get("title", ""), "url": item.get("url", ""), "protocolVersion": item.get("protocolVersion", ""),
                        "capabilities": sorted(c for c in CAPABILITIES if c in (item.get("capabilities") or item))}
    date, source = "", ""
    if not offline:
        try:
            out = subprocess.run(["npm", "view", f"{CLIENTS_PACKAGE}@{version}", "time", "--json"], capture_output=True, text=True, timeout=60)
            date = (json.loads(out.stdout or "{}").get(version) or "")[:10] if out.returncode == 0 else ""
        except (OSError, ValueError, subprocess.TimeoutExpired):
            date = ""
        source = "npm registry" if date else ""
    if not date and previous.get("version") == version and previous.get("date_source") == "npm registry":
        date, source = previous["date"], "npm registry"
    if not date:
        date = dt.date.fromtimestamp((home / "package.json").stat().st_mtime).isoformat()
        source = "installed package.json (its file time: --offline, or the npm registry did not answer)"
    block = {"package": CLIENTS_PACKAGE, "version": version, "date": date, "date_source": source, "clients": clients}
    return block, f"clients: {CLIENTS_PACKAGE} {version} ({date}, from the {source}), {len(clients)} clients"


# ---------------------------------------------------------------------------------------------- collect

@dataclass
class Options:
    implementations: list[str] = field(default_factory=list)
    versions: list[str] = field(default_factory=list)
    probes: list[str] = field(default_factory=list)
    timeout: float = 60.0
    cache: Path = field(default_factory=default_cache)
    offline: bool = False
    jobs: int = 2


@dataclass
class Report:
    results: list[support.Result] = field(default_factory=list)
    failures: list[support.Failure] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    seconds: float = 0.0
    written: bool = False

    def summary(self) -> str:
        counts = {o: sum(1 for r in self.results if r.result == o) for o in support.OUTCOMES}
        lines = [f"{len(self.results)} results ({', '.join(f'{n} {o}' for o, n in counts.items())}), "
                 f"{len(self.failures)} failures, {len(self.skipped)} skipped, in {self.seconds:.0f} s"]
        for f in self.failures:
            what = f"{f.probe} on " if f.probe else ""
            lines.append(f"  failure ({f.stage}): {what}{f.implementation} {f.version}: {f.message.splitlines()[0] if f.message else ''}")
        lines += [f"  skipped: {s}" for s in self.skipped]
        return "\n".join(lines)


def collect(root: Path, options: Options, say: Callable[[str], None] = print) -> Report:
    """Measure, then merge into support/results.json (atomically, at the end only). LexigraphError on bad input."""
    begin = time.monotonic()
    root = root.resolve()
    check_selection(root, options.probes, options.implementations)
    previous = support.load_results(root) or support.Results()
    the_plan = plan(root, options.probes, options.implementations)
    wanted_impls = {i for ids in the_plan.targets.values() for i in ids}
    wanted = [w for w in read_versions(root) if w.implementation.id in wanted_impls
              and (not options.versions or w.version in options.versions)]
    if not options.offline:
        check_published([w for w in wanted if not (env_dir(options.cache, w.implementation, w.version) / MARKER).is_file()])
    report = Report()
    today_s = today().isoformat()
    probes_dir = root / support.PROBES_DIR
    envs: list[Environment] = []
    total_envs = len(wanted) + (1 if "chromium" in wanted_impls else 0)
    for n, w in enumerate(wanted, 1):
        t0 = time.monotonic()
        env = prepare(options.cache, w.implementation, w.version, options.offline, w.extra)
        say(f"[env {n}/{total_envs}] {w.implementation.id} {w.version}  {env.status}"
            f"{'' if env.status == 'ok' else ': ' + env.message} ({time.monotonic() - t0:.1f} s)")
        envs.append(env)
    if "chromium" in wanted_impls:
        env = chromium_environment()
        env.flag = " ".join(sorted({f for p, ids in the_plan.targets.items() if "chromium" in ids for f in the_plan.flags.get(p, [])}))
        if not options.versions or env.version in options.versions:
            say(f"[env {total_envs}/{total_envs}] chromium {env.version}  {env.status}{'' if env.status == 'ok' else ': ' + env.message}")
            envs.append(env)
    tasks: list[Task] = []
    for env in envs:
        if env.status == "not-cached":
            report.skipped.append(f"{env.implementation.id} {env.version}: {env.message}")
            continue
        if env.status == "install-failed":
            report.failures.append(support.Failure(env.implementation.id, env.version, "install", env.message, today_s))
            continue
        for probe in sorted(p for p, ids in the_plan.targets.items() if env.implementation.id in ids):
            tasks.append(Task(probe, probes_dir / f"{probe}{env.implementation.probe_suffix}", env))
    digests = {t.file: probe_digest(t.file) for t in tasks}
    server = ProbeServer(probes_dir) if any(t.env.implementation.runner == "chromium" for t in tasks) else None

    running: set[subprocess.Popen] = set()
    stopping = threading.Event()

    def started(proc: subprocess.Popen) -> None:
        running.add(proc)
        if stopping.is_set():
            _kill_group(proc)

    def run(task: Task) -> Outcome:
        impl, env = task.env.implementation, task.env
        assert env.path is not None
        if stopping.is_set():
            return Outcome(error="not run (interrupted)")
        if impl.runner == "python":
            return run_python_probe(task.file, env.path / "bin" / "python", options.timeout, started=started)
        if impl.runner == "node":
            return run_node_probe(task.file, env.path, options.timeout, started=started)
        assert server is not None
        return run_chromium_probe(task.file, server, the_plan.flags.get(task.probe, []), options.timeout, started=started)

    width = len(str(len(tasks)))
    try:
        if server:
            server.__enter__()
        with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            futures = {pool.submit(run, t): t for t in tasks}
            try:
                for n, future in enumerate(as_completed(futures), 1):
                    task, outcome = futures[future], future.result()
                    impl_id, version = task.env.implementation.id, task.env.version
                    shown = outcome.result or f"FAILED: {outcome.error.splitlines()[0]}"
                    say(f"[{n:>{width}}/{len(tasks)}] {impl_id} {version}  {task.probe}  {shown} ({outcome.seconds:.1f} s)")
                    if outcome.result:
                        report.results.append(support.Result(task.probe, impl_id, version, outcome.result, outcome.note, today_s,
                                                             outcome.output_digest, digests[task.file]))
                    else:
                        report.failures.append(support.Failure(impl_id, version, "probe", outcome.error, today_s, task.probe))
            except BaseException:
                stopping.set()
                for future in futures:
                    future.cancel()
                for proc in list(running):
                    _kill_group(proc)
                raise
    finally:
        if server:
            server.__exit__(None, None, None)
    clients, clients_line = read_clients(root, previous.clients, options.offline)
    say(clients_line)
    merged = merge(previous, report, [e for e in envs if e.status != "not-cached"], clients)
    write_atomically(root / support.RESULTS_FILE, support.results_to_json(merged, today_s))
    report.written = True
    report.seconds = time.monotonic() - begin
    return report


def merge(previous: support.Results, report: Report, envs: list[Environment], clients: dict) -> support.Results:
    """Records measured now replace those of the same (probe, implementation, version); the rest is kept."""
    measured: set[tuple[str | None, str, str]] = {(r.probe, r.implementation, r.version) for r in report.results}
    measured |= {(f.probe, f.implementation, f.version) for f in report.failures if f.stage == "probe"}
    installs = {(f.implementation, f.version) for f in report.failures if f.stage == "install"}
    ok_envs = {(e.implementation.id, e.version) for e in envs if e.status == "ok"}
    results = [r for r in previous.results if (r.probe, r.implementation, r.version) not in measured] + report.results
    failures = [f for f in previous.failures
                if not (f.stage == "probe" and (f.probe, f.implementation, f.version) in measured)
                and not (f.stage == "install" and (f.implementation, f.version) in installs | ok_envs)] + report.failures
    env_keys = {(e.implementation.id, e.version) for e in envs}
    environments = [e for e in previous.environments if (e.get("implementation"), e.get("version")) not in env_keys]
    environments += [e.record() for e in envs]
    return support.Results(results=results, failures=failures, clients=clients, environments=environments)


def write_atomically(path: Path, text: str) -> None:
    """A temp file beside ``path``, then os.replace: a reader sees the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------------- propose

def propose_lines(root: Path) -> tuple[list[str], int]:
    """Per feature and implementation: the entry's claim, the claim the results support; and the mismatches."""
    corpus = load_corpus(root)
    results = corpus.support_results or support.Results()
    lines, mismatches = [], 0
    for entry in corpus.entries.values():
        doc = entry.facts
        if doc is None or not isinstance(doc.data, dict):
            continue
        try:
            features = support.features_of(entry.id, doc.data)
        except (KeyError, TypeError, AttributeError):
            continue
        for feature in features:
            if not feature.probe:
                continue
            for claim in feature.claims:
                if claim.unmeasured:
                    continue
                proposal = support.propose(results.for_probe(feature.probe, claim.implementation))
                claimed = _claim_text(claim.version_added, claim.version_removed, bool(claim.partial))
                if proposal.version_added is None:
                    supported, same = f"none ({proposal.reason})", False
                else:
                    supported = _claim_text(proposal.version_added, proposal.version_removed, proposal.partial)
                    same = supported == claimed
                mismatches += not same
                path = ("support", feature.index, "implementations", claim.implementation)
                where = f"entries/{entry.id}/entry.yml:{doc.line(path)}: {format_path(path)}"
                lines.append(f"{where}: {feature.feature} ({feature.probe}) {claim.implementation}: claim {claimed}; "
                             f"results {supported}{'' if same else '  <-- MISMATCH'}")
    return lines, mismatches


def _claim_text(added: str | bool | None, removed: str | None, partial: bool) -> str:
    if added is False:
        return "false"
    text = f"since {added}"
    if removed:
        text += f", until {removed}"
    return text + (" (partial)" if partial else "")
