"""`lexigraph bump`: a new version of an entry (freeze the published one from git HEAD, next version id,
versions and checked_against updated), or `--reviewed`: re-checked against the current revisions, nothing to change."""

from __future__ import annotations

import re
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from lexigraph.content import version_ids
from lexigraph.content.model import ARCHIVE
from lexigraph.content.schema import load_schema
from lexigraph.content.today import today


class BumpError(Exception):
    """Why the bump was refused, and what to do instead (one message, printed by the CLI)."""


def changed_values() -> list[str]:
    """What ``--changed`` accepts: the schema's values for a version after the first."""
    item = load_schema("entry")["properties"]["versions"]["items"]["properties"]["changed"]["items"]
    return [v for v in item["enum"] if v != "first-version"]


def parse_changed(text: str) -> list[str]:
    values = [v.strip() for v in text.split(",") if v.strip()]
    allowed = changed_values()
    wrong = [v for v in values if v not in allowed]
    if not values or wrong:
        raise BumpError(f"--changed {text!r}: {'unknown value ' + repr(wrong[0]) if wrong else 'no value'}; "
                        f"write one or more of {', '.join(allowed)}, separated by commas (e.g. --changed main-text,quiz)")
    return list(dict.fromkeys(values))


def _git(root: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=not binary, timeout=120)


def entry_files(root: Path, entry) -> list[str]:
    """The files a version of ``entry`` is made of, relative to the content root."""
    files = [f"entries/{entry.id}"]
    quiz = entry.fact("quiz")
    if quiz:
        files += [f"quizzes/{quiz}.fr.yml", f"quizzes/{quiz}.en.yml"]
    files += [f"snippets/{s['snippet']}" for s in entry.fact("steps") or [] if isinstance(s, dict) and s.get("snippet")]
    return files


def uncommitted(root: Path, entry) -> list[str]:
    """The entry's files that differ from git HEAD (modified, staged or untracked); raises if not in git."""
    status = _git(root, "status", "--porcelain", "--untracked-files=all", "--", *entry_files(root, entry))
    if status.returncode != 0:
        raise BumpError(f"{root} is not in a git repository: bump freezes the published version from git HEAD; "
                        "commit the lexicon first, or pass --from-worktree to freeze the files as they are")
    return [line[3:] for line in status.stdout.splitlines() if line.strip()]


def _head_copy(root: Path, into: Path) -> Path:
    """The content root as committed at HEAD, extracted into ``into``."""
    prefix = _git(root, "rev-parse", "--show-prefix").stdout.strip()
    tree = f"HEAD:{prefix}" if prefix else "HEAD"
    archive = _git(root, "archive", "--format=tar", tree, binary=True)
    if archive.returncode != 0:
        raise BumpError(f"git archive {tree} failed: {archive.stderr.decode(errors='replace').strip()} (is there a first commit?)")
    tar_path = into / "head.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "root", filter="data")
    return into / "root"


def freeze(root: Path, entry_id: str, site_url: str, from_worktree: bool = False) -> tuple[Path, str, bool]:
    """Freeze the published version of ``entry_id`` into ``root/archive/<id>/<version>/``: from git HEAD,
    or from the files as they are with ``from_worktree``. Returns (folder, version, already archived)."""
    from lexigraph.authoring.freeze import archive_entry
    from lexigraph.pipeline import prepare

    entry = _published(root, entry_id)
    version = entry.fact("version")
    folder = root / ARCHIVE / entry.id / version
    if folder.exists():
        return folder, version, True
    if not from_worktree:
        dirty = uncommitted(root, entry)
        if dirty:
            raise BumpError(f"{', '.join(dirty)}: uncommitted changes. Bump freezes the published version from git HEAD, "
                            "so commit or stash them first (edit the text after the bump), or pass --from-worktree "
                            "to freeze the files as they are now")
    with tempfile.TemporaryDirectory(prefix="lexigraph-bump-") as tmp:
        source = root if from_worktree else _head_copy(root, Path(tmp))
        build = prepare(source, site_url)
        frozen = build.corpus.entries.get(entry.id)
        if frozen is None or frozen.fact("version") != version:
            raise BumpError(f"entries/{entry.id}/entry.yml: version {version} is not the one committed at HEAD "
                            f"({frozen.fact('version') if frozen else 'no such entry'}): commit it first, or pass --from-worktree")
        archive_entry(build.site, frozen, today(), into=root)
    return folder, version, False


def _published(root: Path, entry_id: str):
    from lexigraph.check.validate import well_formed
    from lexigraph.content.load import load_corpus

    corpus = well_formed(load_corpus(root))
    entry = corpus.entries.get(entry_id)
    if entry is None or entry.facts is None or entry.status != "published":
        from lexigraph.check.common import did_you_mean

        raise BumpError(f"no published entry '{entry_id}'{did_you_mean(entry_id, corpus.entries)} "
                        "(or its entry.yml has errors: lexigraph check lists them)")
    return entry


@dataclass
class _Facts:
    """entry.yml as lines, edited by top-level block so comments and layout elsewhere are kept."""

    path: Path
    lines: list[str]

    @classmethod
    def read(cls, path: Path) -> _Facts:
        return cls(path, path.read_text(encoding="utf-8").splitlines())

    def write(self) -> None:
        self.path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")

    def _span(self, key: str) -> tuple[int, int] | None:
        start = next((i for i, line in enumerate(self.lines) if re.match(rf"{re.escape(key)}\s*:", line)), None)
        if start is None:
            return None
        end = start + 1
        while end < len(self.lines) and not re.match(r"[A-Za-z_]", self.lines[end]):
            end += 1
        while end > start + 1 and not self.lines[end - 1].strip():
            end -= 1
        return start, end

    def set_block(self, key: str, block: list[str]) -> None:
        span = self._span(key)
        if span is None:
            self.lines += block
        else:
            self.lines[span[0]:span[1]] = block

    def set_scalar(self, key: str, value: str) -> None:
        self.set_block(key, [f"{key}: {value}"])


def _flow(item: dict) -> str:
    def value(v):
        return f"[{', '.join(v)}]" if isinstance(v, list) else str(v)
    return "{" + ", ".join(f"{k}: {value(v)}" for k, v in item.items()) + "}"


def _checked_block(checks: list[dict]) -> list[str]:
    return ["checked_against:"] + [f"  - {_flow(c)}" for c in checks]


def bump_changed(root: Path, entry_id: str, changed: list[str], site_url: str, from_worktree: bool = False) -> str:
    """Freeze, then the next version: returns what to tell the writer."""
    from lexigraph.check.validate import registry

    folder, old, kept = freeze(root, entry_id, site_url, from_worktree)
    entry = _published(root, entry_id)
    now = today()
    history = [dict(v) for v in entry.fact("versions") or []]
    new = version_ids.next_id([v["version"] for v in history] + [old], now)
    specs = registry(_corpus(root))
    checks = [{"spec": c["spec"], "revision": specs[c["spec"]].current if c["spec"] in specs else c["revision"]}
              for c in entry.fact("checked_against") or []]
    facts = _Facts.read(root / "entries" / entry.id / "entry.yml")
    facts.set_scalar("version", new)
    if checks:
        facts.set_block("checked_against", _checked_block(checks))
    history.append({"version": new, "date": now.isoformat(), "changed": changed})
    facts.set_block("versions", ["versions:"] + [f"  - {_flow(v)}" for v in history])
    facts.write()
    against = ", ".join(f"{c['spec']} {c['revision']}" for c in checks) or "no specification"
    how = "was already archived (kept as it is)" if kept else f"frozen in {folder.relative_to(root)}/ from {'the working tree' if from_worktree else 'git HEAD'}"
    return "\n".join([
        f"lexigraph bump: {entry.id} {old} {how}; the entry is now {new} (changed: {', '.join(changed)}), checked against {against}.",
        "Next:",
        f"  1. edit what changed ({', '.join(changed)}): entries/{entry.id}/fr.yml and en.yml"
        + (f", quizzes/{entry.fact('quiz')}.fr.yml and .en.yml" if "quiz" in changed else "") + ";",
        f"  2. optionally tell readers what changed: under `versions:` in fr.yml and en.yml, add `{new}: …` (one sentence each);",
        f"  3. lexigraph preview {entry.id}, then lexigraph check --strict;",
        f"  4. commit entry.yml, the texts and {ARCHIVE}/{entry.id}/{old}/ together (the old permalink needs that folder).",
    ])


def bump_reviewed(root: Path, entry_id: str) -> str:
    """Record a re-check against each current revision, without a new version."""
    from lexigraph.check.validate import registry

    entry = _published(root, entry_id)
    specs = registry(_corpus(root))
    now = today().isoformat()
    checks, moved = [], []
    for c in entry.fact("checked_against") or []:
        spec = specs.get(c["spec"])
        if spec is not None and c["revision"] < spec.current:
            checks.append({"spec": c["spec"], "revision": spec.current, "reviewed": now})
            moved.append(f"{spec.name} {c['revision']} → {spec.current}")
        else:
            checks.append(dict(c))
    if not moved:
        raise BumpError(f"{entry.id} is already checked against every current revision: nothing to record")
    facts = _Facts.read(root / "entries" / entry.id / "entry.yml")
    facts.set_block("checked_against", _checked_block(checks))
    facts.write()
    return "\n".join([
        f"lexigraph bump: {entry.id} re-checked on {now}, nothing to change ({'; '.join(moved)}); its version stays {entry.fact('version')}.",
        f"Next: lexigraph check --strict, then commit entries/{entry.id}/entry.yml.",
    ])


def _corpus(root: Path):
    from lexigraph.check.validate import well_formed
    from lexigraph.content.load import load_corpus

    return well_formed(load_corpus(root))


