"""Versions of an entry: the repository archive of past versions and the "Versions" list
shown on every entry page (freezing the current version is :mod:`lexigraph.authoring.freeze`).

The archive keeps each past version as the page Markdown it was published with, one file
per language (``archive/<id>/<version>/fr.md``, ``en.md``) plus ``version.yml`` (date, what
changed, slug and title per language). Frozen Markdown stays readable whatever later
happens to the entry format, the schemas, the renderer, the snippets or the quiz; re-rendering
old YAML would need all of them to stay backward compatible forever.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.content.model import ARCHIVE, Corpus


@dataclass(frozen=True)
class Snapshot:
    """One archived version of one entry."""

    entry_id: str
    version: str
    folder: Path
    meta: dict

    def url(self, lang: str) -> str:
        return f"{lang}/{self.meta[lang]['slug']}/{self.version}/"

    pages: dict[str, str]   # lang → the frozen page, as read with the content

    def markdown(self, lang: str) -> str:
        return self.pages[lang]


def snapshots(corpus: Corpus, entry_id: str) -> dict[str, Snapshot]:
    """The archived versions of one entry, as loaded (and checked) with the corpus: version → snapshot."""
    home = corpus.root / ARCHIVE / entry_id
    return {version: Snapshot(entry_id, version, home / version, doc.data,
                              {lang: corpus.archived_pages.get(f"{entry_id}/{version}/{lang}.md", "") for lang in LANGUAGES})
            for version, doc in corpus.archive.get(entry_id, {}).items() if doc is not None}


def past_versions(corpus: Corpus, entry) -> list[Snapshot]:
    """Archived versions other than the current one (the current one is rendered live)."""
    return [s for v, s in sorted(snapshots(corpus, entry.id).items()) if v != entry.fact("version")]


