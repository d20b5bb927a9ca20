"""Stage 1, load: read every entry, language file and quiz once, keeping line numbers.

Layout of a content root (the project root, or a test fixture)::

    entries/<id>/entry.yml     language-neutral facts
    entries/<id>/fr.yml        French prose
    entries/<id>/en.yml        English prose
    quizzes/<quiz>.fr.yml      the quiz, per language
    snippets/<path>            code shown under the hood
    archive/<id>/<version>/    a past version: version.yml, fr.md, en.md
    specs.yml                  the tracked specifications
    path.yml                   the beginners' reading path

Every file is read through :mod:`lexigraph.content.safefile`; the snippets and the archive are
inspected here too, so a file that may not be read is a problem before anything uses it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.content import safefile, support
from lexigraph.content.cache import FileCache
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc, load_file
from lexigraph.errors import CROSS, FILES, LAYOUT, PARSE, Problem

ENTRIES, QUIZZES, SNIPPETS, ARCHIVE, REGISTRY, PATH = "entries", "quizzes", "snippets", "archive", "specs.yml", "path.yml"
_ID = re.compile(r"(?=.{1,64}$)[a-z0-9]+(-[a-z0-9]+)*")   # as the schemas' id
_NOT_CONTENT = ("__pycache__",)   # written by running the snippets' tests, never read as content


def load_corpus(root: Path, use_cache: bool = False, cache: FileCache | None = None) -> Corpus:
    """Parse every content file under ``root`` exactly once (across runs too, with ``use_cache``).

    ``cache``: a FileCache already read from disk (a preview's, from one save to the next).
    """
    corpus = Corpus(root=root, cache=(cache or FileCache(root)) if use_cache else None)
    entries_dir = root / "entries"
    if not entries_dir.is_dir():
        corpus.problems.append(Problem(corpus.shown(entries_dir), 1, "$", "no entries/ folder here", PARSE))
        return corpus
    for folder in sorted(p for p in entries_dir.iterdir() if p.is_dir()):
        corpus.entries[folder.name] = _load_entry(corpus, folder)
    _report_strays(corpus)
    _load_quizzes(corpus)
    _load_archive(corpus)
    _inspect(corpus, root / SNIPPETS, safefile.SNIPPET, corpus.snippets)
    if os.path.lexists(root / REGISTRY):
        corpus.registry = _read(corpus, root / REGISTRY, root)
    if os.path.lexists(root / PATH):
        corpus.reading_path = _read(corpus, root / PATH, root)
    _load_support(corpus)
    return corpus


def _load_support(corpus: Corpus) -> None:
    """support/results.json and the digests of the probe files (content/support.py), read as safely as the rest."""
    home = corpus.root / support.SUPPORT_DIR
    if not home.is_dir():
        return
    probes = corpus.root / support.PROBES_DIR
    for path in _listing(probes) if probes.is_dir() else []:
        if path.is_dir() or path.name.startswith("_"):
            continue
        read = safefile.read_bytes(path, probes, corpus.root, safefile.SNIPPET)
        if read[0] is None:
            corpus.problems.append(Problem(corpus.shown(path), 1, "$", str(read[1]), FILES))
            continue
        corpus.probes[path.name] = support.digest(read[0], [p for p in _listing(probes) if p.name.startswith("_") and p.suffix == path.suffix])
    path = corpus.root / support.RESULTS_FILE
    if not os.path.lexists(path):
        return
    read_text = safefile.read_utf8(path, home, corpus.root, safefile.RESULTS)
    if isinstance(read_text, str):
        corpus.problems.append(Problem(corpus.shown(path), 1, "$", read_text, FILES))
        return
    try:
        corpus.support_results = support.parse_results(read_text[1])
    except support.ResultsError as exc:
        corpus.problems.append(Problem(corpus.shown(path), exc.line, exc.path, exc.message, PARSE))


def _read(corpus: Corpus, path: Path, folder: Path) -> YamlDoc | None:
    """Parse one YAML file, read from inside ``folder`` only."""
    shown = corpus.shown(path)
    doc, problems = load_file(path, shown, corpus.cache, folder=folder, root=corpus.root)
    corpus.problems.extend(problems)
    if doc is not None and not isinstance(doc.data, dict):
        corpus.problems.append(Problem(shown, 1, "$", "expected a mapping of fields at the top of the file", PARSE))
    return doc


def _load_entry(corpus: Corpus, folder: Path) -> Entry:
    home = corpus.root / ENTRIES
    entry = Entry(id=folder.name, folder=folder, facts=_read(corpus, folder / "entry.yml", home))
    for lang in LANGUAGES:
        entry.prose[lang] = _read(corpus, folder / f"{lang}.yml", home)
    return entry


ENTRY_FILES = ("entry.yml",) + tuple(f"{lang}.yml" for lang in LANGUAGES)
_QUIZ_FILE = re.compile(rf"[^.]+\.({'|'.join(LANGUAGES)})\.yml")


def _stray_hint(name: str) -> str:
    """Why a file that looks like content is not read, and what to do."""
    stem, _, suffix = name.rpartition(".")
    if suffix == "yaml":
        return f"; rename it to {stem}.yml"
    if suffix == "yml" and re.fullmatch(r"(.+\.)?[a-z]{2}", stem):
        return f"; the lexicon's languages are {' and '.join(LANGUAGES)}"
    return ""


# What editors, merges and systems leave beside a file: never a writer's content, never reported.
_LEFTOVER = re.compile(r"^\.|~$|^#.*#$|\.(orig|rej|bak|swp|swo|tmp)$|___jb_(tmp|old)___$|^(thumbs\.db|desktop\.ini)$",
                       re.IGNORECASE)


def _listing(folder: Path) -> list[Path]:
    """The folder's files and folders, except leftovers; [] when it cannot be listed (its files'
    readers then say why)."""
    try:
        return sorted(path for path in folder.iterdir() if not _LEFTOVER.search(path.name))
    except OSError:
        return []


def _report_strays(corpus: Corpus) -> None:
    """A file the lexicon never reads is most likely a writer's mistake (es.yml, fr.yaml, a quiz
    named widget.fr.yaml): say so rather than ignore it, as a warning (an error with --strict), so
    that a file left in the way never stops a build. Hidden files, editor backups and merge
    leftovers (.DS_Store, fr.yml~, fr.yml.orig) are left alone."""
    def stray(path: Path, message: str) -> None:
        corpus.strays.append(Problem(corpus.shown(path), 1, "$", message + _stray_hint(path.name), LAYOUT))

    for path in _listing(corpus.root / ENTRIES):
        if not path.is_dir():
            stray(path, f"not read: {ENTRIES}/ holds one folder per entry")
            continue
        for child in _listing(path):
            if child.name not in ENTRY_FILES:
                stray(child, f"not read: an entry folder holds {', '.join(ENTRY_FILES[:-1])} and {ENTRY_FILES[-1]} only")
    for path in _listing(corpus.root / QUIZZES):
        if not _QUIZ_FILE.fullmatch(path.name):
            stray(path, f"not read: quiz files are named <quiz>.{'.yml and <quiz>.'.join(LANGUAGES)}.yml")


def _quiz_id(entry: Entry) -> str | None:
    """The entry's quiz id when it is one (the schema reports any other value)."""
    quiz = entry.fact("quiz")
    return quiz if isinstance(quiz, str) and _ID.fullmatch(quiz) else None


def _load_quizzes(corpus: Corpus) -> None:
    quiz_dir = corpus.root / QUIZZES
    wanted = {_quiz_id(e): e for e in corpus.entries.values() if _quiz_id(e)}
    for quiz_id, entry in sorted(wanted.items()):
        for lang in LANGUAGES:
            path = quiz_dir / f"{quiz_id}.{lang}.yml"
            entry.quiz[lang] = _read(corpus, path, quiz_dir)
    if quiz_dir.is_dir():
        for path in sorted(quiz_dir.glob("*.yml")):
            stem = path.name.rsplit(".", 2)[0]
            if _QUIZ_FILE.fullmatch(path.name) and stem not in wanted and not _has_unreadable_entry(corpus, stem):
                corpus.problems.append(Problem(corpus.shown(path), 1, "$",
                                               f"quiz '{stem}' is not referenced by any entry's 'quiz' field", CROSS))


def _has_unreadable_entry(corpus: Corpus, quiz_id: str) -> bool:
    """A quiz whose entry failed to parse, or names its quiz wrongly, is not an orphan: don't report it twice."""
    entry = corpus.entries.get(quiz_id)
    return entry is not None and (not entry.has_facts or ("quiz" in entry.facts_data() and _quiz_id(entry) is None))


def _load_archive(corpus: Corpus) -> None:
    """Every archived version: its version.yml parsed, its frozen pages inspected."""
    home = corpus.root / ARCHIVE
    if not home.is_dir():
        return
    for entry_dir in sorted(p for p in home.iterdir() if p.is_dir()):
        for folder in sorted(p for p in entry_dir.iterdir() if p.is_dir()):
            corpus.archive.setdefault(entry_dir.name, {})[folder.name] = _read(corpus, folder / "version.yml", home)
            for lang in LANGUAGES:
                if not os.path.lexists(folder / f"{lang}.md"):
                    corpus.problems.append(Problem(corpus.shown(folder / f"{lang}.md"), 1, "$", "file is missing", PARSE))
    _inspect(corpus, home, safefile.ARCHIVED_PAGE, corpus.archived_pages, skip=("version.yml",))


def _inspect(corpus: Corpus, folder: Path, limit: safefile.Limit, texts: dict[str, str], skip: tuple[str, ...] = ()) -> None:
    """Every file under ``folder`` (links included, never followed into) is read into ``texts`` (by its path under
    ``folder``), or is a problem."""
    if not folder.is_dir():
        return
    for where, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in _NOT_CONTENT)
        # A link to a directory is listed with the directories and never walked into: inspect it as a file.
        names = sorted(files) + [d for d in dirs if os.path.islink(os.path.join(where, d))]
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(where, d))]
        for name in names:
            if name in skip:
                continue
            path = Path(where) / name
            read = safefile.read_utf8(path, folder, corpus.root, limit)
            if isinstance(read, str):
                corpus.problems.append(Problem(corpus.shown(path), 1, "$", read, FILES))
            else:
                texts[path.relative_to(folder).as_posix()] = read[1]
