"""A tiny content root with support data (issue 29): the valid fixture, its widget entry with a `support:`
block of two features (one measured by a probe in Python and Node, one unmeasured), two probe files and a
shared helper under support/probes/, and a support/results.json of their results, digests included.
check passes on it; each test breaks one thing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from lexigraph.content import support

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "valid"
ENTRY = "entries/widget/entry.yml"
RESULTS = "support/results.json"

# Appended to the fixture's widget entry.yml (25 lines): `support:` is line 26.
SUPPORT_BLOCK = """support:
  - feature: widget-call
    label: {fr: Appel de bidule, en: Widget call}
    spec: {spec: mcp, added: 2025-11-25}
    probe: widget-call
    clients: tools
    implementations:
      mcp: {version_added: "1.9.0"}
      ts-sdk: {version_added: "1.10.0", partial: {fr: sans annulation, en: no cancellation}}
  - feature: widget-render
    label: {fr: Rendu de bidule, en: Widget render}
    spec: {spec: mcp, added: 2025-11-25, deprecated: 2026-07-28}
    unmeasured: {fr: aucun SDK ne le rend, en: no SDK renders it}
    implementations:
      chromium: {unmeasured: {fr: pas de page de test, en: no test page}}
"""
#: Lines of the block in entry.yml.
LINE = {"support": 26, "feature0": 27, "label0": 28, "spec0": 29, "probe0": 30, "clients0": 31, "mcp": 33, "ts-sdk": 34,
        "feature1": 35, "spec1": 37, "unmeasured1": 38, "chromium": 40}

PROBES = {"widget-call.py": "from _shared import answer\nanswer('supported', 'tools/call returned the widget')\n",
          "widget-call.mjs": "console.log(JSON.stringify({result: 'supported', note: 'callTool returned the widget'}));\n",
          "_shared.py": "import json\n\ndef answer(result, note):\n    print(json.dumps({'result': result, 'note': note}))\n"}

#: (probe, implementation, version, result, note)
MEASURED = [
    ("widget-call", "mcp", "1.6.0", "unsupported", "mcp.types has no WidgetCall"),
    ("widget-call", "mcp", "1.9.0", "supported", "tools/call returned the widget"),
    ("widget-call", "mcp", "1.10.0", "supported", "tools/call returned the widget"),
    ("widget-call", "ts-sdk", "1.5.0", "unsupported", "the SDK has no callWidget"),
    ("widget-call", "ts-sdk", "1.10.0", "partial", "callWidget works, cancellation is ignored"),
    ("widget-call", "ts-sdk", "1.13.0", "partial", "callWidget works, cancellation is ignored"),
]
FAILURES = [support.Failure("mcp", "1.0.0", "install", "no wheel for this Python", "2026-12-01")]
CLIENTS = {"package": "mcp-client-capabilities", "version": "0.0.14", "date": "2026-11-20",
           "clients": {"vscode": {"title": "VS Code", "url": "https://code.visualstudio.com/", "protocolVersion": "2025-11-25",
                                  "capabilities": ["tools", "sampling"]},
                       "claude": {"title": "Claude", "url": "https://claude.ai/", "protocolVersion": "2025-06-18",
                                  "capabilities": ["tools", "prompts"]},
                       "tiny": {"title": "Tiny", "url": "https://example.org/tiny", "protocolVersion": "2024-11-05",
                                "capabilities": ["resources"]}}}


def probe_digest(root: Path, name: str) -> str:
    """The digest content/load.py computes for a probe file now (its bytes and its runner's _helpers)."""
    folder = root / support.PROBES_DIR
    suffix = Path(name).suffix
    return support.digest((folder / name).read_bytes(), [p for p in folder.iterdir() if p.name.startswith("_") and p.suffix == suffix])


def write_results(root: Path, measured: list[tuple] = MEASURED, failures: list[support.Failure] = FAILURES,
                  digests: dict[str, str] | None = None) -> None:
    """support/results.json as the collector writes it, each result with the digest of its probe file now
    (``digests``: probe file name → another digest, for a result older than its probe)."""
    suffix = {impl.id: impl.probe_suffix for impl in support.implementations().values()}
    results = []
    for probe, implementation, version, result, note in measured:
        name = probe + suffix.get(implementation, ".py")
        digest = (digests or {}).get(name) or (probe_digest(root, name) if (root / support.PROBES_DIR / name).exists() else "sha256:0")
        results.append(support.Result(probe, implementation, version, result, note, "2026-12-02",
                                      "sha256:" + "ab" * 32, digest))
    environments = [{"implementation": i, "version": v, "status": "ok", "installed": "2026-12-02", "message": "",
                     "runtime": "Python 3.11.7"} for i, v in sorted({(m[1], m[2]) for m in measured})]
    data = support.Results(results=results, failures=list(failures), clients=json.loads(json.dumps(CLIENTS)),
                           environments=environments)
    (root / RESULTS).write_text(support.results_to_json(data, "2026-12-02"), encoding="utf-8")


def support_root(root: Path) -> Path:
    """The valid fixture at ``root`` with the support data above."""
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns(".cache"))
    facts = root / ENTRY
    text = facts.read_text(encoding="utf-8")
    assert text.count("\n") == 25, "the fixture's widget entry.yml changed: update LINE"
    facts.write_text(text + SUPPORT_BLOCK, encoding="utf-8")
    probes = root / support.PROBES_DIR
    probes.mkdir(parents=True)
    for name, code in PROBES.items():
        (probes / name).write_text(code, encoding="utf-8")
    write_results(root)
    return root


def edit(root: Path, name: str, old: str, new: str) -> None:
    """Replace the one ``old`` of file ``name`` by ``new``."""
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
