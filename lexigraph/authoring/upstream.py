"""`lexigraph upstream`: what the installed reference implementations know (the mcp SDK's protocol
revisions, @modelcontextprotocol/ext-apps, a2a-sdk, Chromium for WebMCP) that specs.yml does not,
each with a ready-to-paste specs.yml stanza."""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from lexigraph.check.validate import registry, well_formed
from lexigraph.content.load import load_corpus
from lexigraph.content.specs import DEFAULT_REVIEW_DAYS
from lexigraph.content.today import today

EXT_APPS = Path("node_modules") / "@modelcontextprotocol" / "ext-apps"


@dataclass
class Reading:
    """What one reference implementation says about one specification."""

    spec_id: str
    source: str                  # e.g. "mcp SDK 2.3.0 (mcp_types.version.KNOWN_PROTOCOL_VERSIONS)"
    keys: list[str] = field(default_factory=list)   # revision dates, or versions
    by: str = "date"             # "date": keys are revision dates; "version": specs.yml's `version` fields
    missing: str = ""            # why nothing could be read (not installed)


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return ""


def read_mcp() -> Reading:
    try:
        versions = importlib.import_module("mcp_types.version")
    except ImportError:
        return Reading("mcp", "mcp SDK", missing="the mcp SDK (mcp_types) is not installed")
    supported = ", ".join(getattr(versions, "SUPPORTED_PROTOCOL_VERSIONS", ()))
    return Reading("mcp", f"mcp SDK {_version('mcp')} (mcp_types.version: known {', '.join(versions.KNOWN_PROTOCOL_VERSIONS)}; "
                          f"supported {supported})", list(versions.KNOWN_PROTOCOL_VERSIONS))


def read_ext_apps(root: Path) -> Reading:
    home = next((base / EXT_APPS for base in (root, Path(__file__).resolve().parents[2]) if (base / EXT_APPS).is_dir()), None)
    if home is None:
        return Reading("mcp-apps", "@modelcontextprotocol/ext-apps", missing="@modelcontextprotocol/ext-apps is not in node_modules/ (npm ci)")
    package = json.loads((home / "package.json").read_text(encoding="utf-8")).get("version", "?")
    found: set[str] = set()
    for typings in sorted((home / "dist").rglob("*.d.ts")):
        text = typings.read_text(encoding="utf-8", errors="replace")
        found |= set(re.findall(r'LATEST_PROTOCOL_VERSION\s*=\s*"([0-9]{4}-[0-9]{2}-[0-9]{2})"', text))
    return Reading("mcp-apps", f"@modelcontextprotocol/ext-apps {package} (LATEST_PROTOCOL_VERSION)", sorted(found))


def read_a2a() -> Reading:
    try:
        constants = importlib.import_module("a2a.utils.constants")
    except ImportError:
        return Reading("a2a", "a2a-sdk", by="version", missing="a2a-sdk is not installed")
    found = sorted({str(v) for k, v in vars(constants).items() if re.fullmatch(r"PROTOCOL_VERSION_[0-9_]+", k)})
    return Reading("a2a", f"a2a-sdk {_version('a2a-sdk')} (a2a.utils.constants.PROTOCOL_VERSION_*)", found, by="version")


def read_chromium() -> Reading:
    binary = os.environ.get("LEXIGRAPH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60).stdout
    except OSError:
        return Reading("webmcp", "Chromium", by="version", missing=f"{binary} is not installed")
    match = re.search(r"Chromium ([0-9]+)\.", out)
    if match is None:
        return Reading("webmcp", "Chromium", by="version", missing=f"`{binary} --version` printed no Chromium version")
    return Reading("webmcp", f"Chromium {match.group(0).split()[1].rstrip('.')} ({binary} --version: {out.strip().splitlines()[0]})",
                   [f"Chromium {match.group(1)}"], by="version")


def readings(root: Path) -> list[Reading]:
    return [read_mcp(), read_ext_apps(root), read_a2a(), read_chromium()]


@dataclass
class New:
    spec_id: str
    name: str
    key: str
    by: str
    source: str

    @property
    def title(self) -> str:
        """Stable: the weekly job finds an earlier issue by it, so one revision gets one issue."""
        return f"specs.yml: record {self.name} revision {self.key}"

    def stanza(self) -> str:
        date = self.key if self.by == "date" else f"{today().isoformat()}   # TODO: the revision's own date"
        lines = [f"      - date: {date}"]
        if self.by == "version":
            lines.append(f"        version: {json.dumps(self.key)}")
        lines += [f"        review_within_days: {DEFAULT_REVIEW_DAYS}",
                  "        note:",
                  '          en: "TODO: what this revision changes, in one line"',
                  '          fr: "TODO\u00a0: ce que cette révision change, en une ligne"']
        return "\n".join(lines)

    def body(self) -> str:
        return (f"{self.source} knows {self.name} {'revision' if self.by == 'date' else 'version'} {self.key}, which specs.yml does not.\n\n"
                f"Paste under `- id: {self.spec_id}` → `revisions:` in specs.yml (oldest first), write both notes, "
                f"move `current` to it if it is the newest, then run `lexigraph stale`:\n\n```yaml\n{self.stanza()}\n```\n")


def new_revisions(root: Path) -> tuple[list[New], list[Reading]]:
    specs = registry(well_formed(load_corpus(root)))
    found, read = [], readings(root)
    for reading in read:
        spec = specs.get(reading.spec_id)
        known = set() if spec is None else set(spec.dates()) if reading.by == "date" else set(spec.versions.values())
        name = spec.name if spec else reading.spec_id
        found += [New(reading.spec_id, name, key, reading.by, reading.source) for key in reading.keys if key not in known]
    return found, read


def report(root: Path, as_json: bool = False) -> tuple[str, int]:
    found, read = new_revisions(root)
    if as_json:
        return json.dumps([{"spec": n.spec_id, "revision": n.key, "title": n.title, "body": n.body()} for n in found],
                          ensure_ascii=False, indent=2), len(found)
    lines = []
    for reading in read:
        lines.append(f"{reading.spec_id}: " + (f"not read: {reading.missing}" if reading.missing else reading.source))
    unread = sorted(set(registry(well_formed(load_corpus(root)))) - {r.spec_id for r in read})
    if unread:
        lines.append(f"{', '.join(unread)}: no reference implementation to read; compare by hand")
    if not found:
        lines.append("specs.yml knows every revision the installed reference implementations know.")
        return "\n".join(lines), 0
    lines.append(f"{len(found)} revision(s) specs.yml does not know. For each: paste the stanza under the spec's `revisions:` "
                 "(oldest first), write both notes, move `current` if it is the newest, then `lexigraph stale`.")
    for new in found:
        lines += ["", f"{new.title} (from {new.source.split(' (')[0]}), under `- id: {new.spec_id}` → `revisions:`", new.stanza()]
    return "\n".join(lines), len(found)


LABEL = "upstream-revision"


def _gh(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([os.environ.get("LEXIGRAPH_GH", "gh"), *args], input=stdin, capture_output=True, text=True, timeout=120)


def open_issues(found: list[New], support_summary: str = "") -> list[str]:
    """One GitHub issue per specification and revision, found again by its exact title (open or closed,
    labelled upstream-revision): updated if it exists, created otherwise. Returns what was done.
    ``support_summary``: the weekly `lexigraph support collect` summary, added to each issue's text."""
    done = []
    if found:
        _gh("label", "create", LABEL, "--force", "--color", "d4c5f9",
            "--description", "A revision a reference implementation knows and specs.yml does not")
    for new in found:
        listed = _gh("issue", "list", "--state", "all", "--label", LABEL, "--limit", "200",
                     "--search", f'"{new.title}" in:title', "--json", "number,title,state")
        if listed.returncode != 0:
            raise RuntimeError(f"gh issue list failed: {listed.stderr.strip()}")
        same = [i for i in json.loads(listed.stdout or "[]") if i.get("title") == new.title]
        if same:
            number = str(min(i["number"] for i in same))
            result = _gh("issue", "edit", number, "--body-file", "-", stdin=new.body() + support_section(support_summary))
            done.append(f"updated #{number}: {new.title}")
        else:
            result = _gh("issue", "create", "--title", new.title, "--label", LABEL, "--body-file", "-", stdin=new.body() + support_section(support_summary))
            done.append(f"opened {result.stdout.strip() or 'an issue'}: {new.title}")
        if result.returncode != 0:
            raise RuntimeError(f"gh failed for {new.title!r}: {result.stderr.strip()}")
    return done


def support_section(summary: str) -> str:
    """The weekly support collection's summary, as a section of a revision issue ("" when there is none)."""
    if not summary.strip():
        return ""
    return ("\n## What the probes measured this week (`lexigraph support collect`)\n\n"
            "Compare with the entries' claims: `lexigraph support propose`; the results file is the job's artifact.\n\n"
            f"```\n{summary.strip()}\n```\n")
