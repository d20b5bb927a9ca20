"""The entry model: an entry (its facts, its prose per language, its quiz per language), the corpus
of one content root, and the relation types an entry may declare.

A corpus stands for one content state. Nothing edits it after it is loaded: an edit is read into a
new corpus (``mkdocs serve`` and ``lexigraph preview`` both do so), which is why whatever is derived
from the content (the snippets' text, the term index, reverse relations) may be kept in
:attr:`Corpus.derived` and nowhere else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NewType

from lexigraph.content import safefile
from lexigraph.content.cache import FileCache
from lexigraph.content.support import Results
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.errors import FILES, Problem, display_path

RELATION_TYPES = ("runs_in", "requires", "often_confused_with", "extends", "part_of", "threatens")
SYMMETRIC = ("often_confused_with",)
#: The sections of a language file a reader sees on the entry page, in page order.
PROSE_SECTIONS = ("definition", "analogy", "not", "in_depth", "under_the_hood", "shown_elsewhere", "what_varies", "examples")

ENTRIES, QUIZZES, SNIPPETS, ARCHIVE, REGISTRY = "entries", "quizzes", "snippets", "archive", "specs.yml"


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
    def has_facts(self) -> bool:
        return self.facts is not None and isinstance(self.facts.data, dict)

    def facts_doc(self) -> YamlDoc:
        """entry.yml, where the caller knows it parsed to a mapping (it tested :attr:`has_facts` or
        ``facts is not None`` in a WellFormed corpus, or read a fact from it)."""
        if self.facts is None or not isinstance(self.facts.data, dict):
            raise ValueError(f"entry '{self.id}': entry.yml is not a parsed mapping")
        return self.facts

    def facts_data(self) -> dict[str, Any]:
        """The facts mapping of an entry known to have one (see :meth:`facts_doc`)."""
        return self.facts_doc().data

    def prose_doc(self, lang: str) -> YamlDoc:
        """The ``lang`` file, where the caller knows it parsed to a mapping (as :meth:`facts_doc`)."""
        doc = self.prose[lang]
        if doc is None or not isinstance(doc.data, dict):
            raise ValueError(f"entry '{self.id}': {lang}.yml is not a parsed mapping")
        return doc

    @property
    def status(self) -> str:
        return self.facts_data().get("status", "published") if self.has_facts else "published"

    def fact(self, key: str, default=None):
        return self.facts_data().get(key, default) if self.has_facts else default

    def text(self, lang: str, key: str, default=None):
        doc = self.prose.get(lang)
        return doc.data.get(key, default) if doc is not None and isinstance(doc.data, dict) else default


@dataclass
class Corpus:
    """Everything under one content root, plus the problems met while reading it."""

    root: Path
    entries: dict[str, Entry] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    strays: list[Problem] = field(default_factory=list)   # files it would ignore: warnings (see _report_strays)
    registry: YamlDoc | None = None      # specs.yml, when the root has one
    cache: FileCache | None = None       # per-file results kept across runs
    archive: dict[str, dict[str, YamlDoc | None]] = field(default_factory=dict)  # entry id → version → version.yml
    reading_path: YamlDoc | None = None  # path.yml, when the root has one
    # The text of every file under snippets/ and archive/ that may be read (content/load.py), by its path
    # under that folder: rendering shows them without opening a file.
    snippets: dict[str, str] = field(default_factory=dict)
    archived_pages: dict[str, str] = field(default_factory=dict)   # "mcp/v2026-08/fr.md" → frozen Markdown
    # support/results.json (what the probes observed; None when the root has none) and the probe files under
    # support/probes/ by name ("tools-call.py") → "sha256:<hex>" of their bytes (content/support.py).
    support_results: Results | None = None
    probes: dict[str, str] = field(default_factory=dict)
    # What is computed from this content state, once: see derive(). Not an __init__ field, so a
    # dataclasses.replace() copy (a preview's subset of entries) starts with its own.
    derived: dict[tuple, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def derive(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """``compute()``, once for this corpus: the only place derived data is kept (see the module docstring)."""
        if key not in self.derived:
            self.derived[key] = compute()
        return self.derived[key]

    def memo(self, doc: YamlDoc, key: str, compute):
        """A per-file result (schema problems, prose checks), computed once per file content."""
        if self.cache is None or not doc.digest:
            return compute()
        return self.cache.get(doc.path, doc.digest, key, compute)

    def save_cache(self) -> None:
        if self.cache is not None:
            self.cache.save(self.read_files)

    def documents(self) -> list[YamlDoc | None]:
        """Every YAML document: each entry's files and quizzes, the archive's version.yml, specs.yml."""
        return ([d for e in self.entries.values() for d in (e.facts, *e.prose.values(), *e.quiz.values())]
                + [d for versions in self.archive.values() for d in versions.values()] + [self.registry, self.reading_path])

    @property
    def read_files(self) -> set[str]:
        return {d.path for d in self.documents() if d is not None}

    def shown(self, path: Path) -> str:
        return display_path(path, self.root)

    def snippet_path(self, name: str) -> Path:
        return self.root / SNIPPETS / name

    def read_snippet(self, name: str) -> str:
        """A snippet's text, as read with the content; raises safefile.UnsafeFile when it could not be read
        (content/load.py reported why)."""
        if name not in self.snippets:
            raise safefile.UnsafeFile(Problem(self.shown(self.snippet_path(name)), 1, "$", "snippet not read with the content", FILES))
        return self.snippets[name]

    def keeping(self, malformed: set[str]) -> Corpus:
        """The same corpus with every document that is not a mapping, or whose shown path is in
        ``malformed``, replaced by None: what the cross-entry checks are given."""
        def kept(doc):
            return doc if doc is not None and isinstance(doc.data, dict) and doc.path not in malformed else None

        entries = {key: dataclasses.replace(e, facts=kept(e.facts), prose={k: kept(d) for k, d in e.prose.items()},
                                            quiz={k: kept(d) for k, d in e.quiz.items()})
                   for key, e in self.entries.items()}
        archive = {key: {v: kept(d) for v, d in versions.items()} for key, versions in self.archive.items()}
        return dataclasses.replace(self, entries=entries, archive=archive, registry=kept(self.registry),
                                   reading_path=kept(self.reading_path))


#: A corpus in which every document is well-formed or None: each one that parsed to a mapping and
#: has every required field with its schema's type (check.validate.well_formed makes it). The checks
#: that read fields without guards (cross-entry rules, warnings) take this type, so mypy refuses to
#: hand them a corpus that was not through well_formed.
WellFormed = NewType("WellFormed", Corpus)
