"""The beginners' reading path (path.yml): loaded, checked (schema, every step an entry with FR and EN titles), and
read by the home page and the entry pages (render/path.py)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from lexigraph import LANGUAGES
from lexigraph.content.yamlfile import format_path, load_file
from lexigraph.errors import CROSS, Problem

PATH_FILE = "path.yml"


@dataclass(frozen=True)
class ReadingPath:
    title: dict[str, str]
    steps: tuple[str, ...]

    def neighbours(self, entry_id: str) -> tuple[int, str | None, str | None] | None:
        """(1-based position, previous id, next id) of a step, or None when the entry is not on the path."""
        if entry_id not in self.steps:
            return None
        i = self.steps.index(entry_id)
        return i + 1, self.steps[i - 1] if i else None, self.steps[i + 1] if i + 1 < len(self.steps) else None


def load(corpus) -> tuple[ReadingPath | None, list[Problem]]:
    """path.yml of the corpus' root, checked; (None, []) when the project has none."""
    cached = corpus.__dict__.get("_reading_path")
    if cached is not None:
        return cached
    file = corpus.root / PATH_FILE
    if not file.exists():
        result: tuple[ReadingPath | None, list[Problem]] = (None, [])
    else:
        result = _check(corpus, *load_file(file, PATH_FILE, folder=corpus.root, root=corpus.root))
    corpus.__dict__["_reading_path"] = result
    return result


def _check(corpus, doc, problems):
    from lexigraph.content.schema import check_shape

    if doc is None or problems:
        return None, problems
    problems = check_shape(doc, "path")[0]
    if problems:
        return None, problems
    seen = set()
    for i, step in enumerate(doc.data["steps"]):
        where = ("steps", i)
        entry = corpus.entries.get(step)
        if entry is None:
            near = difflib.get_close_matches(step, list(corpus.entries), n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            problems.append(Problem(PATH_FILE, doc.line(where), format_path(where),
                                    f"'{step}' is not an entry of the lexicon{hint}: give the id of a folder in entries/", CROSS))
            continue
        missing = [lang for lang in LANGUAGES if not isinstance(entry.text(lang, "title"), str) or not entry.text(lang, "title").strip()]
        if missing:
            problems.append(Problem(PATH_FILE, doc.line(where), format_path(where),
                                    f"entry '{step}' has no title in {', '.join(missing)}: write it in entries/{step}/{missing[0]}.yml first", CROSS))
        if step in seen:
            problems.append(Problem(PATH_FILE, doc.line(where), format_path(where),
                                    f"'{step}' is already a step of the path: list each entry once", CROSS))
        seen.add(step)
    if problems:
        return None, problems
    return ReadingPath(dict(doc.data["title"]), tuple(doc.data["steps"])), []


def problems(corpus) -> list[Problem]:
    return load(corpus)[1]
