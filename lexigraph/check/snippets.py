"""Cross-entry checks of the snippets an entry shows: the path stays inside snippets/, the file exists, and every annotated key appears in it."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list, field_problem
from lexigraph.content import safefile
from lexigraph.content.model import Corpus, Entry
from lexigraph.errors import Problem


@functools.cache
def _whole(part: str) -> re.Pattern:
    """``part`` as a whole name: ``isErr`` does not match inside ``isError``."""
    before = r"(?<![\w$])" if re.match(r"[\w$]", part) else ""
    after = r"(?![\w$])" if re.search(r"[\w$]$", part) else ""
    return re.compile(before + re.escape(part) + after)


def snippet_text(corpus: Corpus, name: str) -> str | None:
    """A snippet's text, or None when it is missing or may not be read (content/load.py reported why).

    Read once per corpus however many entries show it; an edit makes a new corpus, so never stale.
    """
    def read() -> str | None:
        try:
            return corpus.read_snippet(name)
        except safefile.UnsafeFile:
            return None

    return corpus.derive(("snippet-text", name), read)


@functools.cache
def annotation_in_snippet(key: str, code: str) -> bool:
    """A key such as ``_meta.ui`` is found when each dotted part appears in the snippet as a whole name."""
    parts = [key] if "/" in key or ":" in key else key.split(".")
    return all(part and _whole(part).search(code) for part in parts)


def check_snippets(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    if entry.facts is None:
        return
    for i, step in enumerate(as_list(entry.fact("steps"))):
        name = as_dict(step).get("snippet")
        if not isinstance(name, str):
            continue
        path = corpus.snippet_path(name)
        if name.startswith("/") or ".." in name.split("/"):
            yield field_problem(entry.facts, ("steps", i, "snippet"), f"'{name}' must be a path inside snippets/ (no leading '/', no '..')")
            continue
        if not os.path.lexists(path):
            yield field_problem(entry.facts, ("steps", i, "snippet"), f"snippet file 'snippets/{name}' does not exist")
            continue
        code = snippet_text(corpus, name)
        if code is None:     # not a file that may be read: content/load.py named it
            continue
        step_id = as_dict(step).get("id")
        for lang in LANGUAGES:
            doc = entry.prose[lang]
            if doc is None:
                continue
            steps = as_dict(as_dict(doc.data.get("under_the_hood")).get("steps"))
            for key in as_dict(as_dict(steps.get(step_id)).get("annotations")):
                if not annotation_in_snippet(key, code):
                    yield field_problem(doc, ("under_the_hood", "steps", step_id, "annotations", key),
                                   f"annotation key '{key}' does not appear in snippets/{name}")
