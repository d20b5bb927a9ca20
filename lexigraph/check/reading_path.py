"""The beginners' reading path (path.yml) against the lexicon: every step an entry with FR and EN titles, listed once.
(Its shape is its schema's, ``path``, checked with every other file's.)"""

from __future__ import annotations

import difflib

from lexigraph import LANGUAGES
from lexigraph.content.model import WellFormed
from lexigraph.content.yamlfile import format_path
from lexigraph.errors import CROSS, Problem


def reading_path_problems(corpus: WellFormed) -> list[Problem]:
    doc = corpus.reading_path
    if doc is None:
        return []
    problems = []
    seen = set()
    for i, step in enumerate(doc.data["steps"]):
        where = ("steps", i)
        entry = corpus.entries.get(step)
        if entry is None:
            near = difflib.get_close_matches(step, list(corpus.entries), n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            problems.append(Problem(doc.path, doc.line(where), format_path(where),
                                    f"'{step}' is not an entry of the lexicon{hint}: give the id of a folder in entries/", CROSS))
            continue
        missing = [lang for lang in LANGUAGES if not isinstance(entry.text(lang, "title"), str) or not entry.text(lang, "title").strip()]
        if missing:
            problems.append(Problem(doc.path, doc.line(where), format_path(where),
                                    f"entry '{step}' has no title in {', '.join(missing)}: write it in entries/{step}/{missing[0]}.yml first", CROSS))
        if step in seen:
            problems.append(Problem(doc.path, doc.line(where), format_path(where),
                                    f"'{step}' is already a step of the path: list each entry once", CROSS))
        seen.add(step)
    return problems
