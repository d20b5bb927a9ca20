"""Support data: which specification revision, SDK version, browser and client does each feature.

Three sources, read here and nowhere else:
- an entry's ``support:`` block (entries/<id>/entry.yml): per feature, its label, its history in a
  specification of specs.yml, the probe that measures it, and per implementation the *claim* (the first
  measured version that passes the probe, or false);
- the implementations a claim may name (lexigraph/data/implementations.yml);
- what the probes observed (support/results.json, written by ``lexigraph support collect``).

The check (check/support.py) compares every claim with the results; rendering (render/support.py), the JSON
export and the MCP server's ``support`` tool all read the same :class:`Feature` records.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

SUPPORT_DIR = "support"
PROBES_DIR = "support/probes"
RESULTS_FILE = "support/results.json"
VERSIONS_FILE = "support/versions.yml"
IMPLEMENTATIONS_FILE = Path(__file__).resolve().parents[1] / "data" / "implementations.yml"
RESULTS_FORMAT = "lexigraph-support-results/1"

#: The file a runner runs, by runner name (implementations.yml `runner`).
PROBE_SUFFIX = {"python": ".py", "node": ".mjs", "chromium": ".html"}
#: What a probe may answer.
OUTCOMES = ("supported", "partial", "unsupported")


@dataclass(frozen=True)
class Implementation:
    id: str
    name: dict[str, str]          # short column heading per language
    long: dict[str, str]          # full name per language
    registry: str                 # pypi | npm | debian
    package: str
    runner: str                   # python | node | chromium
    source: str

    @property
    def probe_suffix(self) -> str:
        return PROBE_SUFFIX[self.runner]


def implementations() -> dict[str, Implementation]:
    """The implementations of lexigraph/data/implementations.yml, by id, in file order."""
    data = yaml.safe_load(IMPLEMENTATIONS_FILE.read_text(encoding="utf-8"))
    return {item["id"]: Implementation(**item) for item in data["implementations"]}


@dataclass(frozen=True)
class Claim:
    """One implementation's cell for one feature, as the entry states it."""

    implementation: str
    version_added: str | bool | None      # a version, False, or None when unmeasured
    version_removed: str | None = None
    partial: dict[str, str] | None = None  # per language, when partial
    flag: str | None = None
    unmeasured: dict[str, str] | None = None


@dataclass(frozen=True)
class Feature:
    """One row of an entry's Support table."""

    entry: str
    feature: str
    label: dict[str, str]
    spec: dict[str, Any]                    # {spec, added, changed?, deprecated?, removed?, section?}
    probe: str | None
    unmeasured: dict[str, str] | None
    clients: str | None
    claims: tuple[Claim, ...]
    index: int                              # its position in the entry's support list ($.support[index])


def features_of(entry_id: str, facts: dict[str, Any]) -> list[Feature]:
    """The features of one entry's facts (entry.yml), assumed schema-valid; [] when it has none."""
    out = []
    for index, item in enumerate(facts.get("support") or []):
        claims = tuple(
            Claim(implementation=name, version_added=cell.get("version_added"), version_removed=cell.get("version_removed"),
                  partial=cell.get("partial"), flag=cell.get("flag"), unmeasured=cell.get("unmeasured"))
            for name, cell in (item.get("implementations") or {}).items())
        out.append(Feature(entry=entry_id, feature=item["feature"], label=item["label"], spec=dict(item["spec"]),
                           probe=item.get("probe"), unmeasured=item.get("unmeasured"), clients=item.get("clients"),
                           claims=claims, index=index))
    return out


@dataclass(frozen=True)
class Result:
    """One observation: a probe run against one version of one implementation."""

    probe: str
    implementation: str
    version: str
    result: str                 # one of OUTCOMES
    note: str
    measured: str               # YYYY-MM-DD
    output_digest: str          # "sha256:…" of the probe's answer line
    probe_digest: str           # "sha256:…" of the probe's source when it ran


@dataclass(frozen=True)
class Failure:
    """An install or a probe run that gave no answer (crash, time-out, garbage): kept apart, never a result."""

    implementation: str
    version: str
    stage: str                  # install | probe
    message: str
    measured: str
    probe: str | None = None


@dataclass
class Results:
    """support/results.json, parsed."""

    results: list[Result] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    clients: dict[str, Any] = field(default_factory=dict)   # {package, version, date, clients: {id: {title, protocolVersion, capabilities}}}
    environments: list[dict[str, Any]] = field(default_factory=list)
    # The line of each record in the file ("results", index) → line, for check's messages (parse_results fills it).
    lines: dict[tuple[str, int], int] = field(default_factory=dict, compare=False, repr=False)

    def line(self, key: str, index: int) -> int:
        """The line where record ``index`` of ``key`` ("results", "failures") starts in the file; 1 when unknown."""
        return self.lines.get((key, index), 1)

    def for_probe(self, probe: str, implementation: str) -> list[Result]:
        """The results of one probe on one implementation, oldest version first."""
        return sorted((r for r in self.results if r.probe == probe and r.implementation == implementation),
                      key=lambda r: version_key(r.version))


class ResultsError(ValueError):
    """support/results.json cannot be read: where (line, JSON path) and what to do."""

    def __init__(self, message: str, line: int = 1, path: str = "$"):
        super().__init__(message)
        self.message, self.line, self.path = message, line, path


_NEXT = "restore it with `git checkout support/results.json`, or run `lexigraph support collect`"


def parse_results(text: str) -> Results:
    """The text of support/results.json, parsed; ResultsError says where it is not the format written here."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ResultsError(f"not JSON ({exc.msg}); {_NEXT}", exc.lineno) from exc
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise ResultsError(f"expected format {RESULTS_FORMAT!r}; {_NEXT}", 1, "$.format")
    kinds: list[tuple[str, type]] = [("results", Result), ("failures", Failure)]
    parsed: dict[str, list] = {}
    for key, kind in kinds:
        records = data.get(key, [])
        if not isinstance(records, list):
            raise ResultsError(f"expected a list; {_NEXT}", 1, f"$.{key}")
        parsed[key] = []
        for i, record in enumerate(records):
            try:
                item = kind(**record) if isinstance(record, dict) else None
            except TypeError:
                item = None
            if item is None or not all(isinstance(v, str) or v is None for v in vars(item).values()):
                raise ResultsError(f"not a {kind.__name__.lower()} record of {RESULTS_FORMAT}; {_NEXT}", _line_of(text, key, i), f"$.{key}[{i}]")
            if isinstance(item, Result) and item.result not in OUTCOMES:
                raise ResultsError(f"result {item.result!r} is not one of {', '.join(OUTCOMES)}; {_NEXT}", _line_of(text, key, i), f"$.{key}[{i}].result")
            parsed[key].append(item)
    clients = data.get("clients", {})
    environments = data.get("environments", [])
    if not isinstance(clients, dict) or not isinstance(environments, list):
        raise ResultsError(f"clients must be an object and environments a list; {_NEXT}", 1, "$")
    lines = {(key, i): line for key, _ in kinds for i, line in enumerate(_record_lines(text, key))}
    return Results(results=parsed["results"], failures=parsed["failures"], clients=clients, environments=environments,
                   lines=lines)


def _record_lines(text: str, key: str) -> list[int]:
    """The line where each record of the list ``key`` starts, in the layout results_to_json writes (each record
    opened by a line holding only "{"), in one pass; [] when the layout is another."""
    start = text.find(f'"{key}": [')
    if start < 0 or "]" in text[start:text.find("\n", start)]:
        return []           # none, or an empty list written on its line
    first = text.count("\n", 0, start) + 1
    out = []
    for offset, row in enumerate(text[start:].splitlines()[1:], start=1):
        stripped = row.strip()
        if stripped == "{":
            out.append(first + offset)
        elif stripped.startswith("]") and row.startswith(" ]"):
            break
    return out


def _line_of(text: str, key: str, index: int) -> int:
    """The line where record ``index`` of the list ``key`` starts, in the layout results_to_json writes (one
    record per line block, opened by a line holding only "{"); 1 when the layout is another."""
    start = text.find(f'"{key}": [')
    if start < 0:
        return 1
    line = text.count("\n", 0, start) + 1
    depth_records = 0
    for offset, row in enumerate(text[start:].splitlines()[1:], start=1):
        if row.strip() == "{":
            if depth_records == index:
                return line + offset
            depth_records += 1
        if row.strip().startswith("]"):
            break
    return line


def load_results(root: Path) -> Results | None:
    """support/results.json under ``root`` (outside a corpus: the collector), or None when there is none."""
    path = root / RESULTS_FILE
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ResultsError(f"not UTF-8; {_NEXT}") from exc
    return parse_results(text)


def digest(data: bytes, helpers: list[Path] | None = None) -> str:
    """"sha256:<hex>" of a probe file's bytes and of the shared helpers (support/probes/_*) run with it."""
    h = hashlib.sha256(data)
    for path in sorted(helpers or []):
        h.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return "sha256:" + h.hexdigest()


def results_to_json(results: Results, collected: str) -> str:
    """The text of support/results.json: sorted, so that a re-run that observes the same thing changes nothing."""
    def key(r):
        return (r.probe, r.implementation, version_key(r.version))
    data = {
        "format": RESULTS_FORMAT,
        "collected": collected,
        "environments": sorted(results.environments, key=lambda e: (e.get("implementation", ""), version_key(e.get("version", "0")))),
        "results": [r.__dict__ for r in sorted(results.results, key=key)],
        "failures": [f.__dict__ for f in sorted(results.failures, key=lambda f: (f.implementation, version_key(f.version), f.probe or ""))],
        "clients": results.clients,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


_NUM = re.compile(r"\d+")


def version_key(version: str) -> tuple[int, ...]:
    """1.10.0 after 1.9.0; 146.0.7680.80 as four numbers."""
    return tuple(int(n) for n in _NUM.findall(version))


@dataclass(frozen=True)
class Proposal:
    """What the results say the claim should be, for one probe on one implementation."""

    version_added: str | bool | None    # None: no result, or results that no single claim describes
    version_removed: str | None
    partial: bool
    reason: str                         # when version_added is None: why no claim fits


def propose(results: list[Result]) -> Proposal:
    """The claim the results support: the first measured version from which the probe passes (supported or
    partial, the same outcome throughout; partial versions before full support stay below the claim) up to the
    first version that fails it again, if any. Results must be of one probe and one implementation, in version
    order (Results.for_probe)."""
    if not results:
        return Proposal(None, None, False, "no recorded result")
    passes = [r.result != "unsupported" for r in results]
    if not any(passes):
        return Proposal(False, None, False, "")
    first = passes.index(True)
    try:
        end = passes.index(False, first)
    except ValueError:
        end = len(passes)
    if any(passes[end:]):
        seq = ", ".join(f"{r.version} {r.result}" for r in results)
        return Proposal(None, None, False, f"results go back and forth ({seq}): read the probe's notes")
    span = results[first:end]
    outcomes = [r.result for r in span]
    if "partial" in outcomes and "supported" in outcomes:
        full = outcomes.index("supported")
        if "partial" in outcomes[full:]:
            # full support that comes and goes (an option on by default in some versions only): partial over the range
            removed = results[end].version if end < len(results) else None
            return Proposal(span[0].version, removed, True, "")
        span = span[full:]   # partial first, then full support: the claim is the full support (partial before it is allowed)
    removed = results[end].version if end < len(results) else None
    return Proposal(span[0].version, removed, span[0].result == "partial", "")
