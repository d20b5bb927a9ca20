"""The lists writers extend, in ``lexigraph/data/``: the terminology, the words of the quiz cue
checks (absolute, hedge, minimising and inclusive words, stopwords), the phrases first
mentions never link, and the interface labels of the pages (``labels.yml``, read by render/i18n.py).

They are content like the entries (a pull request may change them), so they are read the same
way: from inside their folder only, under the YAML size limit, as UTF-8, then checked against a
JSON Schema (``lexigraph/schemas/terminology.schema.json``, ``word-list.schema.json``,
``labels.schema.json``; the labels also need every key in both languages). A broken
list is reported by ``check`` as ``file:line: $.path: message``; the checks and the rendering that
use it then do without it (an empty list) rather than crash. A list is read again whenever its
file changes, so a writer editing one under ``mkdocs serve`` sees the effect on the next rebuild.
"""

from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from lexigraph.content import safefile
from lexigraph.content.schema import check_shape
from lexigraph.content.yamlfile import YamlDoc, parse_text
from lexigraph.errors import FILES, SCHEMA, Problem

DATA = Path(__file__).parents[1] / "data"
ROOT = DATA.parent.parent          # the repository: list files are shown as lexigraph/data/…


@dataclass(frozen=True)
class WordList:
    file: str      # its name in lexigraph/data/
    schema: str    # its schema's name in lexigraph/schemas/


TERMINOLOGY = WordList("terminology.yml", "terminology")
ABSOLUTE_WORDS = WordList("absolute-words.yml", "word-list")
NOT_TERMS = WordList("not-terms.yml", "word-list")
# The quiz cue checks and the cue-only solver (check/quiz.py, check/cues.py).
HEDGE_WORDS = WordList("hedge-words.yml", "word-list")
MINIMISING_WORDS = WordList("minimising-words.yml", "word-list")
INCLUSIVE_WORDS = WordList("inclusive-words.yml", "word-list")
STOPWORDS = WordList("stopwords.yml", "word-list")
# The pages' interface text (render/i18n.py), checked for typography and terminology like the prose.
INTERFACE_LABELS = WordList("labels.yml", "labels")
LISTS = (TERMINOLOGY, ABSOLUTE_WORDS, NOT_TERMS, HEDGE_WORDS, MINIMISING_WORDS, INCLUSIVE_WORDS, STOPWORDS, INTERFACE_LABELS)


def path(word_list: WordList) -> Path:
    return DATA / word_list.file


def stamp(word_list: WordList) -> tuple:
    """Changes when the list's file does: what the caches of the list and of what is built from it are keyed on.
    (One lstat: the quiz checks ask for it once per option text.)"""
    try:
        info = os.lstat(_file(word_list))
    except OSError:
        return (_DATA, None)
    return (_DATA, info.st_ino, info.st_mtime_ns, info.st_size)


_DATA = str(DATA)


@functools.lru_cache(maxsize=16)
def _file(word_list: WordList) -> str:
    return os.path.join(_DATA, word_list.file)


def _load(word_list: WordList) -> tuple[YamlDoc | None, tuple[Problem, ...]]:
    return _read(word_list, stamp(word_list))


@functools.lru_cache(maxsize=16)
def _read(word_list: WordList, _stamp: tuple) -> tuple[YamlDoc | None, tuple[Problem, ...]]:
    """(the list's document, or None when it is broken; its problems), read once per version of its file."""
    shown = path(word_list).relative_to(ROOT).as_posix()
    read = safefile.read_utf8(path(word_list), DATA, ROOT, safefile.YAML)
    if isinstance(read, str):
        return None, (Problem(shown, 1, "$", read, FILES),)
    text = read[1]
    doc, problems = parse_text(text, shown)
    if doc is not None and not problems:
        problems = check_shape(doc, word_list.schema)[0]
    if doc is not None and not problems and word_list == INTERFACE_LABELS:
        problems = _same_keys(doc)
    if problems or doc is None:
        return None, tuple(problems)
    return doc, ()


def _same_keys(doc: YamlDoc) -> list[Problem]:
    """Each label in every language: a key in one language only would break the pages of the other."""
    out = []
    for lang, other in (("fr", "en"), ("en", "fr")):
        for key in doc.data[lang]:
            if key not in doc.data[other]:
                out.append(Problem(doc.path, doc.line((lang, key)), f"$.{lang}.{key}",
                                   f"label '{key}' has no {other} text: add it under {other}:", SCHEMA))
    return out


def data(word_list: WordList) -> dict:
    """The list, per language; {} when the file is broken (``check`` reports why)."""
    doc = _load(word_list)[0]
    return doc.data or {} if doc is not None else {}


def document(word_list: WordList) -> YamlDoc | None:
    """The list as read, with the line of every field (for the checks that locate what they find); None when broken."""
    return _load(word_list)[0]


def problems() -> list[Problem]:
    """What is wrong with each list, located like any content problem."""
    return [problem for word_list in LISTS for problem in _load(word_list)[1]]


def digest(word_list: WordList) -> str:
    """Part of the cache key of the per-file results that depend on the list."""
    return _digest(word_list, stamp(word_list))


@functools.lru_cache(maxsize=16)
def _digest(word_list: WordList, _stamp: tuple) -> str:
    try:
        return hashlib.sha256(path(word_list).read_bytes()).hexdigest()[:16]
    except OSError:
        return "unreadable"
