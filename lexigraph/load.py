"""Stage 1, load: read every entry, language file and quiz once, keeping line numbers.

Layout of a content root (the project root, or a test fixture)::

    entries/<id>/entry.yml     language-neutral facts
    entries/<id>/fr.yml        French prose
    entries/<id>/en.yml        English prose
    quizzes/<quiz>.fr.yml      the quiz, per language
    snippets/<path>            code shown under the hood
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import LANGUAGES
from .errors import CROSS, PARSE, Problem, display_path
from .cache import FileCache
from .yamlfile import YamlDoc, load_file


@dataclass
class Entry:
    """One entry: its neutral facts, its prose per language and its quiz per language."""

    id: str
    folder: Path
    facts: YamlDoc | None
    prose: dict[str, YamlDoc | None] = field(default_factory=dict)
    quiz: dict[str, YamlDoc | None] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when every file parsed to a mapping (schema validity is checked separately)."""
        docs = [self.facts, *self.prose.values()]
        return all(d is not None and isinstance(d.data, dict) for d in docs)

    @property
    def status(self) -> str:
        return self.facts.data.get("status", "published") if self.ok else "published"

    def fact(self, key: str, default=None):
        return self.facts.data.get(key, default) if self.ok else default

    def text(self, lang: str, key: str, default=None):
        doc = self.prose.get(lang)
        return doc.data.get(key, default) if doc is not None and isinstance(doc.data, dict) else default


@dataclass
class Corpus:
    """Everything under one content root, plus the problems met while reading it."""

    root: Path
    entries: dict[str, Entry] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    registry: YamlDoc | None = None      # specs.yml, when the root has one
    cache: FileCache | None = None       # per-file results kept across runs

    def memo(self, doc: YamlDoc, key: str, compute):
        """A per-file result (schema problems, prose checks), computed once per file content."""
        if self.cache is None or not doc.digest:
            return compute()
        return self.cache.get(doc.path, doc.digest, key, compute)

    def save_cache(self) -> None:
        if self.cache is not None:
            self.cache.save(self.read_files)

    @property
    def read_files(self) -> set[str]:
        docs = [self.registry] + [d for e in self.entries.values() for d in (e.facts, *e.prose.values(), *e.quiz.values())]
        return {d.path for d in docs if d is not None}

    def shown(self, path: Path) -> str:
        return display_path(path, self.root)

    def snippet_path(self, name: str) -> Path:
        return self.root / "snippets" / name


def load_corpus(root: Path, use_cache: bool = False) -> Corpus:
    """Parse every content file under ``root`` exactly once (across runs too, with ``use_cache``)."""
    corpus = Corpus(root=root, cache=FileCache(root) if use_cache else None)
    entries_dir = root / "entries"
    if not entries_dir.is_dir():
        corpus.problems.append(Problem(corpus.shown(entries_dir), 1, "$", "no entries/ folder here", PARSE))
        return corpus
    for folder in sorted(p for p in entries_dir.iterdir() if p.is_dir()):
        corpus.entries[folder.name] = _load_entry(corpus, folder)
    _load_quizzes(corpus)
    if (root / "specs.yml").is_file():
        corpus.registry = _read(corpus, root / "specs.yml")
    return corpus


def _read(corpus: Corpus, path: Path) -> YamlDoc | None:
    shown = corpus.shown(path)
    if not path.is_file():
        corpus.problems.append(Problem(shown, 1, "$", "file is missing", PARSE))
        return None
    doc, problems = load_file(path, shown, corpus.cache)
    corpus.problems.extend(problems)
    if doc is not None and not isinstance(doc.data, dict):
        corpus.problems.append(Problem(shown, 1, "$", "expected a mapping of fields at the top of the file", PARSE))
    return doc


def _load_entry(corpus: Corpus, folder: Path) -> Entry:
    entry = Entry(id=folder.name, folder=folder, facts=_read(corpus, folder / "entry.yml"))
    for lang in LANGUAGES:
        entry.prose[lang] = _read(corpus, folder / f"{lang}.yml")
    return entry


def _load_quizzes(corpus: Corpus) -> None:
    quiz_dir = corpus.root / "quizzes"
    wanted = {e.fact("quiz"): e for e in corpus.entries.values() if e.ok and e.fact("quiz")}
    for quiz_id, entry in sorted(wanted.items()):
        for lang in LANGUAGES:
            path = quiz_dir / f"{quiz_id}.{lang}.yml"
            entry.quiz[lang] = _read(corpus, path)
    if quiz_dir.is_dir():
        for path in sorted(quiz_dir.glob("*.yml")):
            stem = path.name.rsplit(".", 2)[0]
            if stem not in wanted and not _has_unreadable_entry(corpus, stem):
                corpus.problems.append(Problem(corpus.shown(path), 1, "$",
                                               f"quiz '{stem}' is not referenced by any entry's 'quiz' field", CROSS))


def _has_unreadable_entry(corpus: Corpus, quiz_id: str) -> bool:
    """A quiz whose entry failed to parse is not an orphan: don't report it twice."""
    entry = corpus.entries.get(quiz_id)
    return entry is not None and not entry.ok
