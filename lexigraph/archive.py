"""Versions of an entry: the repository archive of past versions and the "Versions" list
shown on every entry page (freezing the current version is :mod:`lexigraph.freeze`).

The archive keeps each past version as the page Markdown it was published with, one file
per language (``archive/<id>/<version>/fr.md``, ``en.md``) plus ``version.yml`` (date, what
changed, slug and title per language). Frozen Markdown stays readable whatever later
happens to the entry format, the schemas, the renderer, the snippets or the quiz; re-rendering
old YAML would need all of them to stay backward compatible forever.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import safefile
from .i18n import t
from .links import SiteMap, permalink, relative
from .load import ARCHIVE, Corpus
from .prose import escape, inline
SEARCH_EXCLUDED = "---\nsearch:\n  exclude: true\n---\n\n"   # permalink pages duplicate an entry page


@dataclass(frozen=True)
class Snapshot:
    """One archived version of one entry."""

    entry_id: str
    version: str
    folder: Path
    meta: dict

    def url(self, lang: str) -> str:
        return f"{lang}/{self.meta[lang]['slug']}/{self.version}/"

    def markdown(self, lang: str) -> str:
        home = self.folder.parent.parent   # <root>/archive
        return safefile.read_text(self.folder / f"{lang}.md", home, home.parent, safefile.ARCHIVED_PAGE)


def snapshots(corpus: Corpus, entry_id: str) -> dict[str, Snapshot]:
    """The archived versions of one entry, as loaded (and checked) with the corpus: version → snapshot."""
    home = corpus.root / ARCHIVE / entry_id
    return {version: Snapshot(entry_id, version, home / version, doc.data)
            for version, doc in corpus.archive.get(entry_id, {}).items() if doc is not None}


def past_versions(site: SiteMap, entry) -> list[Snapshot]:
    """Archived versions other than the current one (the current one is rendered live)."""
    return [s for v, s in sorted(snapshots(site.corpus, entry.id).items()) if v != entry.fact("version")]


def render_archived(site: SiteMap, entry, snapshot: Snapshot, lang: str) -> str:
    """An archived version's frozen Markdown, with a notice pointing at the current version."""
    title, _, body = snapshot.markdown(lang).partition("\n")
    current = relative(snapshot.url(lang), site.urls[(lang, entry.id)])
    notice = (f'<p class="lx-notice lx-archived">{escape(t(lang, "archived_notice", version=snapshot.version, date=snapshot.meta["date"]))} '
              f'<a href="{current}">{escape(t(lang, "see_current", version=entry.fact("version")))}</a></p>')
    return f"{title}\n\n{notice}\n{body}"


def render_versions(site: SiteMap, entry, lang: str, from_url: str) -> list[str]:
    """The "Versions" section: newest first, date and what changed (SEP's "changes to"), each linked."""
    archived = {s.version: s for s in past_versions(site, entry)}
    notes = entry.text(lang, "versions") or {}
    items = []
    for item in reversed(entry.fact("versions") or []):
        version = item["version"]
        url = permalink(entry, lang) if version == entry.fact("version") else \
            archived[version].url(lang) if version in archived else None
        name = f'<a href="{relative(from_url, url)}">{escape(version)}</a>' if url else escape(version)
        changed = [t(lang, f"changed_{what}") for what in item["changed"]]
        what = changed[0] if item["changed"] == ["first-version"] else t(lang, "changes_to", what=", ".join(changed))
        note = f" — {inline(notes[version])}" if version in notes else ""
        items.append(f'<li data-version="{escape(version)}">{name} · <time datetime="{escape(item["date"])}">'
                     f'{escape(item["date"])}</time> · {escape(what)}{note}</li>')
    return [f"## {t(lang, 'versions')} {{#versions}}", "", f'<ul class="lx-versions">{"".join(items)}</ul>', ""]
