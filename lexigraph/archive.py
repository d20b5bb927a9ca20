"""Versions of an entry: the current version's permalink page, the repository archive of
past versions, and the "Versions" list shown on every entry page.

The archive keeps each past version as the page Markdown it was published with, one file
per language (``archive/<id>/<version>/fr.md``, ``en.md``) plus ``version.yml`` (date, what
changed, slug and title per language). Frozen Markdown stays readable whatever later
happens to the entry format, the schemas, the renderer, the snippets or the quiz; re-rendering
old YAML would need all of them to stay backward compatible forever.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import yaml

from . import LANGUAGES
from .cite import permalink, version_date
from .i18n import t
from .prose import escape, inline
from .render import SiteMap, relative, render_entry

ARCHIVE = "archive"
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
        return (self.folder / f"{lang}.md").read_text(encoding="utf-8")


def load(root: Path) -> dict[str, dict[str, Snapshot]]:
    """Every archived version under ``root/archive``: entry id → version → snapshot."""
    found: dict[str, dict[str, Snapshot]] = {}
    for meta_file in sorted((root / ARCHIVE).glob("*/v*/version.yml")):
        folder = meta_file.parent
        meta = yaml.safe_load(meta_file.read_text(encoding="utf-8"))
        found.setdefault(folder.parent.name, {})[folder.name] = Snapshot(folder.parent.name, folder.name, folder, meta)
    return found


def past_versions(site: SiteMap, entry) -> list[Snapshot]:
    """Archived versions other than the current one (the current one is rendered live)."""
    snapshots = load(site.corpus.root).get(entry.id, {})
    return [s for v, s in sorted(snapshots.items()) if v != entry.fact("version")]


def _at_permalink(site: SiteMap, entry) -> SiteMap:
    """The site as seen from the entry's versioned permalinks (links are relative to them)."""
    urls = dict(site.urls)
    for lang in LANGUAGES:
        urls[(lang, entry.id)] = permalink(entry, lang)
    return dataclasses.replace(site, urls=urls)


def render_current_permalink(site: SiteMap, entry, lang: str) -> str:
    """The page at ``/<lang>/<slug>/<version>/``: the entry page, linked from its own address."""
    return render_entry(_at_permalink(site, entry), entry, lang)


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


def archive_entry(site: SiteMap, entry, today: date | None = None) -> Path:
    """Freeze the current version of ``entry`` into ``archive/<id>/<version>/``; refuse to overwrite."""
    version = entry.fact("version")
    folder = site.corpus.root / ARCHIVE / entry.id / version
    if folder.exists():
        raise FileExistsError(f"{folder} already exists: version {version} of {entry.id} is archived")
    folder.mkdir(parents=True)
    meta = {"id": entry.id, "version": version, "date": version_date(entry),
            "changed": next((v["changed"] for v in entry.fact("versions") or [] if v["version"] == version), []),
            "archived": (today or date.today()).isoformat()}
    for lang in LANGUAGES:
        meta[lang] = {"slug": entry.text(lang, "slug"), "title": entry.text(lang, "title")}
        (folder / f"{lang}.md").write_text(render_current_permalink(site, entry, lang), encoding="utf-8")
    (folder / "version.yml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder
