"""`check --base REF`: an entry whose published text changed since REF needs a new version or a logged correction."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import yaml

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list, field_problem
from lexigraph.content.model import Corpus
from lexigraph.errors import Problem

#: What entry.yml publishes as text (relations and checked_against are navigation and registry
#: state; version, versions and corrections are the record of changes itself).
PUBLISHED_FACTS = ("steps", "examples", "sources")
#: Keys of fr.yml/en.yml that are not the entry's text: the notes on each version.
NOT_TEXT = ("versions",)


class BadBase(ValueError):
    """``--base`` names no commit, or the content root is not in a git repository."""


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=60)


class _Ref:
    def __init__(self, root: Path, ref: str):
        prefix = _git(root, "rev-parse", "--show-prefix")
        if prefix.returncode != 0:
            raise BadBase(f"--base {ref}: {root} is not in a git repository (--base compares with a commit)")
        if _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").returncode != 0:
            raise BadBase(f"--base {ref}: no such commit or branch here (in CI, fetch it first: git fetch origin {ref})")
        self.root, self.ref, self.prefix = root, ref, prefix.stdout.strip()

    def text(self, rel: str) -> str | None:
        shown = _git(self.root, "show", f"{self.ref}:{self.prefix}{rel}")
        return shown.stdout if shown.returncode == 0 else None

    def data(self, rel: str) -> Any:
        text = self.text(rel)
        try:
            return None if text is None else yaml.load(text, Loader=yaml.BaseLoader)
        except yaml.YAMLError:
            return None


def _now(root: Path, rel: str) -> Any:
    path = root / rel
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader) if path.is_file() else None
    except (yaml.YAMLError, UnicodeDecodeError):
        return None


def _difference(old: Any, new: Any, path: tuple = ()) -> tuple | None:
    """The path of the first difference between two parsed documents, None when they are equal."""
    if old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(new) + [k for k in old if k not in new]:
            if old.get(key) != new.get(key):
                return _difference(old.get(key), new.get(key), path + (key,)) if key in old and key in new else path + (key,)
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                return _difference(a, b, path + (i,))
    return path


def base_problems(corpus: Corpus, ref: str) -> list[Problem]:
    """Entries published at ``ref`` whose text differs now, with the same version and no new correction."""
    base = _Ref(corpus.root, ref)
    out = []
    for entry in corpus.entries.values():
        if entry.facts is None or entry.status != "published":
            continue
        facts_rel = f"entries/{entry.id}/entry.yml"
        old_facts = as_dict(base.data(facts_rel))
        if old_facts.get("status") != "published" or old_facts.get("version") != entry.fact("version"):
            continue        # new since REF, or bumped: the archive checks take over
        if len(as_list(_now(corpus.root, facts_rel) and _now(corpus.root, facts_rel).get("corrections"))) > len(as_list(old_facts.get("corrections"))):
            continue        # a correction is logged
        change = _changed(corpus, entry, base, old_facts)
        if change is not None:
            doc, path, what = change
            version = entry.fact("version")
            out.append(field_problem(doc, path, f"{what} changed since {ref}, but the version is still '{version}', so the text "
                                           f"a citation of {version} points to would change: run `lexigraph bump {entry.id} --changed …` "
                                           "(it freezes the committed text, so run it before editing), or for a typo or a broken link "
                                           "log a dated one-line note per language under `corrections:` in entry.yml"))
    return out


def _changed(corpus: Corpus, entry, base: _Ref, old_facts: dict):
    """(document, path, what) of the first published change, or None."""
    now_facts = as_dict(_now(corpus.root, f"entries/{entry.id}/entry.yml"))
    for key in PUBLISHED_FACTS:
        if now_facts.get(key) != old_facts.get(key):
            path = _difference(old_facts.get(key), now_facts.get(key), (key,))
            return entry.facts, path, f"entry.yml's {key}"
    for lang in LANGUAGES:
        rel = f"entries/{entry.id}/{lang}.yml"
        old, new = as_dict(base.data(rel)), as_dict(_now(corpus.root, rel))
        old, new = ({k: v for k, v in d.items() if k not in NOT_TEXT} for d in (old, new))
        path = _difference(old, new)
        if path is not None and entry.prose.get(lang) is not None:
            return entry.prose[lang], path, f"the {lang.upper()} text"
    quiz = entry.fact("quiz")
    for lang in LANGUAGES:
        rel = f"quizzes/{quiz}.{lang}.yml"
        path = _difference(base.data(rel), _now(corpus.root, rel))
        if quiz and path is not None and entry.quiz.get(lang) is not None:
            return entry.quiz[lang], path, f"the {lang.upper()} quiz"
    for i, step in enumerate(as_list(entry.fact("steps"))):
        name = as_dict(step).get("snippet")
        if isinstance(name, str):
            now = corpus.root / "snippets" / name
            old_text = base.text(f"snippets/{name}")
            if old_text is not None and now.is_file() and now.read_text(encoding="utf-8", errors="replace") != old_text:
                return entry.facts, ("steps", i, "snippet"), f"the snippet {name}"
    return None
