"""`check --base REF`: an entry whose published text changed since REF needs a new version or a logged correction."""

from __future__ import annotations

import posixpath
import subprocess
from pathlib import Path
from typing import Any

import yaml

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list, field_problem
from lexigraph.check.snippets import snippet_text
from lexigraph.content import safefile
from lexigraph.content.model import Corpus
from lexigraph.errors import Problem

#: What entry.yml publishes as text (relations and checked_against are navigation and registry
#: state; version, versions and corrections are the record of changes itself).
PUBLISHED_FACTS = ("steps", "examples", "sources")
#: Keys of fr.yml/en.yml that are not the entry's text: the notes on each version.
NOT_TEXT = ("versions",)
#: Keys of a step that record what its run showed, for `check` (FORMAT.md, Evidence markers): not text a reader sees.
STEP_CHECK_DATA = ("shows", "record")


#: Keys of a source that only `check` reads: the versions it states (FORMAT.md, Sources).
SOURCE_CHECK_DATA = ("versions",)


def _published(key: str, value: Any) -> Any:
    """A published fact as the reader sees it: steps and sources without their checking data."""
    left_out = {"steps": STEP_CHECK_DATA, "sources": SOURCE_CHECK_DATA}.get(key)
    if left_out is None or not isinstance(value, list):
        return value
    return [{k: v for k, v in s.items() if k not in left_out} if isinstance(s, dict) else s for s in value]


class BadBase(ValueError):
    """``--base`` names no commit, or the content root is not in a git repository."""


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=60)


#: The content folders --base compares, and how large a file of each may be (as content/load.py reads them).
_LIMITS = {"entries": safefile.YAML, "quizzes": safefile.YAML, "snippets": safefile.SNIPPET}
_LINK, _FILE = "120000", ("100644", "100755")
_HOPS = 8      # links followed in a row before giving up (a loop)


class _Ref:
    """The content at a commit, read as the working tree is: through the rules of content/safefile.py.

    One ``git ls-tree`` lists the commit's content files (mode, size), one ``git cat-file --batch``
    reads the blobs the comparison needs. A file that is a link leading out of its folder, not a
    regular file, over its size limit or not UTF-8 at the commit is not read: :meth:`refusal` says why.
    """

    def __init__(self, root: Path, ref: str):
        prefix = _git(root, "rev-parse", "--show-prefix")
        if prefix.returncode != 0:
            raise BadBase(f"--base {ref}: {root} is not in a git repository (--base compares with a commit)")
        if _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").returncode != 0:
            raise BadBase(f"--base {ref}: no such commit or branch here (in CI, fetch it first: git fetch origin {ref})")
        self.root, self.ref, self.prefix = root, ref, prefix.stdout.strip()
        listed = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "-l", "-z", "--full-tree", f"{ref}^{{commit}}", "--",
                                 *(f"{self.prefix}{folder}" for folder in _LIMITS)], capture_output=True, timeout=60)
        self.tree: dict[str, tuple[str, str, int]] = {}      # rel → (mode, object id, size)
        for record in listed.stdout.split(b"\0"):
            if not record:
                continue
            meta, _tab, name = record.partition(b"\t")
            mode, _kind, oid, size = meta.decode().split()
            rel = name.decode("utf-8", errors="surrogateescape").removeprefix(self.prefix)
            self.tree[rel] = (mode, oid, int(size) if size.isdigit() else 0)
        self.texts: dict[str, str | None] = {}
        self.refused: dict[str, str] = {}

    def _resolve(self, rel: str) -> tuple[str | None, str | None]:
        """(the file ``rel`` leads to, None) or (None, why it may not be read), links followed inside their folder."""
        folder = rel.split("/", 1)[0]
        for _hop in range(_HOPS):
            if rel not in self.tree:
                return None, None if _hop == 0 else "file is a symbolic link to nothing (its target is missing)"
            mode, oid, _size = self.tree[rel]
            if mode in _FILE:
                return rel, None
            if mode != _LINK:
                return None, "file is not a regular file"
            target = self._blobs([oid])[oid] or b""
            rel = posixpath.normpath(posixpath.join(posixpath.dirname(rel), target.decode("utf-8", errors="replace")))
            if target.startswith(b"/") or not rel.startswith(folder + "/"):
                return None, f"file is a symbolic link that leads outside {folder}/; a link must point to a file inside {folder}/"
        return None, "file is a symbolic link that loops"

    def _blobs(self, oids: list[str]) -> dict[str, bytes | None]:
        """The bytes of each object, in one ``git cat-file --batch``."""
        if not oids:
            return {}
        done = subprocess.run(["git", "-C", str(self.root), "cat-file", "--batch"], input=b"".join(o.encode() + b"\n" for o in oids),
                              capture_output=True, timeout=60)
        out: dict[str, bytes | None] = dict.fromkeys(oids)
        at = 0
        for oid in oids:
            end = done.stdout.find(b"\n", at)
            if end < 0:
                break
            header = done.stdout[at:end].split()
            if len(header) != 3:            # "<oid> missing"
                out[oid], at = None, end + 1
                continue
            size = int(header[2])
            out[oid], at = done.stdout[end + 1:end + 1 + size], end + 1 + size + 1
        return out

    def read(self, rels: list[str]) -> None:
        """Read the files ``rels`` at the commit (those not read yet), in one batch."""
        wanted: dict[str, str] = {}
        for rel in dict.fromkeys(rels):
            if rel in self.texts:
                continue
            self.texts[rel] = None
            found, why = self._resolve(rel)
            if why:
                self.refused[rel] = why
            elif found is not None:
                _mode, oid, size = self.tree[found]
                limit = _LIMITS[found.split("/", 1)[0]]
                if size > limit.size:
                    self.refused[rel] = safefile.too_large(size, limit)
                else:
                    wanted[rel] = oid
        blobs = self._blobs(list(dict.fromkeys(wanted.values())))
        for rel, oid in wanted.items():
            text, why = safefile.decode(blobs[oid] or b"")
            self.texts[rel] = text
            if why:
                self.refused[rel] = why

    def text(self, rel: str) -> str | None:
        """The text of ``rel`` at the commit; None when it has none there or it may not be read (see :meth:`refusal`)."""
        self.read([rel])
        return self.texts[rel]

    def refusal(self, rel: str) -> str | None:
        """Why ``rel`` could not be read at the commit, or None."""
        self.read([rel])
        return self.refused.get(rel)

    def data(self, rel: str) -> Any:
        return _parse(self.text(rel))


def _parse(text: str | None) -> Any:
    try:
        return None if text is None else yaml.load(text, Loader=yaml.BaseLoader)
    except yaml.YAMLError:
        return None


def _now(root: Path, rel: str) -> Any:
    """A content file as it is now, read through the safe reader (a refused file is reported by the load: None here)."""
    read = safefile.read_utf8(root / rel, root / rel.split("/", 1)[0], root, _LIMITS[rel.split("/", 1)[0]])
    return None if isinstance(read, str) else _parse(read[1])


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
    published = [entry for entry in corpus.entries.values() if entry.facts is not None and entry.status == "published"]
    base.read([rel for entry in published for rel, _doc, _path in _files(entry)])       # one batch for them all
    out = []
    for entry in published:
        files = _files(entry)
        facts_rel = f"entries/{entry.id}/entry.yml"
        if unreadable := _unreadable(base, entry, files[:1], ref):
            out += unreadable
            continue
        old_facts = as_dict(base.data(facts_rel))
        if old_facts.get("status") != "published" or old_facts.get("version") != entry.fact("version"):
            continue        # new since REF, or bumped: the archive checks take over
        now_facts = as_dict(_now(corpus.root, facts_rel))
        if len(as_list(now_facts.get("corrections"))) > len(as_list(old_facts.get("corrections"))):
            continue        # a correction is logged
        if unreadable := _unreadable(base, entry, files[1:], ref):
            out += unreadable
            continue
        change = _changed(corpus, entry, base, old_facts, now_facts)
        if change is not None:
            doc, path, what = change
            version = entry.fact("version")
            out.append(field_problem(doc, path, f"{what} changed since {ref}, but the version is still '{version}', so the text "
                                           f"a citation of {version} points to would change: run `lexigraph bump {entry.id} --changed …` "
                                           "(it freezes the committed text, so run it before editing), or for a typo or a broken link "
                                           "log a dated one-line note per language under `corrections:` in entry.yml"))
    return out


def _unreadable(base: _Ref, entry, files: list, ref: str) -> list[Problem]:
    """A problem for each of ``files`` that the comparison needs but may not read at ``ref``."""
    return [field_problem(doc, path, f"{rel} cannot be compared with {ref}: there, {why}: compare with a commit where it "
                                f"was readable, or give the entry a new version (`lexigraph bump {entry.id} --changed …`)")
            for rel, doc, path in files if doc is not None and (why := base.refusal(rel))]


def _files(entry) -> list[tuple[str, Any, tuple]]:
    """(file, the document a problem about it is told in, the path there) of each file the comparison reads."""
    files: list[tuple[str, Any, tuple]] = [(f"entries/{entry.id}/entry.yml", entry.facts, ())]
    files += [(f"entries/{entry.id}/{lang}.yml", entry.prose.get(lang), ()) for lang in LANGUAGES]
    quiz = entry.fact("quiz")
    if isinstance(quiz, str) and quiz:
        files += [(f"quizzes/{quiz}.{lang}.yml", entry.quiz.get(lang), ()) for lang in LANGUAGES]
    for i, step in enumerate(as_list(entry.fact("steps"))):
        name = as_dict(step).get("snippet")
        if isinstance(name, str):
            files.append((f"snippets/{name}", entry.facts, ("steps", i, "snippet")))
    return files


def _changed(corpus: Corpus, entry, base: _Ref, old_facts: dict, now_facts: dict):
    """(document, path, what) of the first published change, or None."""
    for key in PUBLISHED_FACTS:
        old, now = _published(key, old_facts.get(key)), _published(key, now_facts.get(key))
        if now != old:
            path = _difference(old, now, (key,))
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
        if not (isinstance(quiz, str) and quiz):
            break
        path = _difference(base.data(rel), _now(corpus.root, rel))
        if path is not None and entry.quiz.get(lang) is not None:
            return entry.quiz[lang], path, f"the {lang.upper()} quiz"
    for i, step in enumerate(as_list(entry.fact("steps"))):
        name = as_dict(step).get("snippet")
        if isinstance(name, str):
            old_text, now_text = base.text(f"snippets/{name}"), snippet_text(corpus, name)
            if old_text is not None and now_text is not None and now_text != old_text:
                return entry.facts, ("steps", i, "snippet"), f"the snippet {name}"
    return None
