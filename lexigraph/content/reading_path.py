"""The beginners' reading path (path.yml), as the home page and the entry pages show it (render/path.py).

The file is read with the rest of the content (content/load.py: ``Corpus.reading_path``), its shape checked by
its schema and its steps by check/reading_path.py; this module only turns the checked document into a
:class:`ReadingPath`."""

from __future__ import annotations

from dataclasses import dataclass

from lexigraph.content.model import Corpus

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


def of(corpus: Corpus) -> ReadingPath | None:
    """The corpus' reading path; None when the project has none, when its file did not parse to a mapping
    with a title and steps, or when a step is not an entry of this corpus (``check`` reports why for the
    whole lexicon, and nothing is built until it is fixed; a writer's preview holds only part of the lexicon
    and shows no path, as before path.yml was read with the content)."""
    return corpus.derive(("reading_path",), lambda: _path(corpus))


def _path(corpus: Corpus) -> ReadingPath | None:
    doc = corpus.reading_path
    data = doc.data if doc is not None else None
    if not isinstance(data, dict) or not isinstance(data.get("title"), dict) or not isinstance(data.get("steps"), list):
        return None
    if any(step not in corpus.entries for step in data["steps"]):
        return None     # a step this corpus lacks: the whole lexicon's check reports it; a preview's part has no path
    return ReadingPath(dict(data["title"]), tuple(data["steps"]))
