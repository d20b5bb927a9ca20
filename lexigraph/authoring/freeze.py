"""Freeze (used by `lexigraph bump` and `lexigraph archive`) the current version of an entry into ``archive/<id>/<version>/``
before a bump, as the page Markdown it is published with (see :mod:`lexigraph.archive`)."""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path

import yaml

from lexigraph import LANGUAGES
from lexigraph.content.model import ARCHIVE
from lexigraph.content.today import today as current_day
from lexigraph.render.cite import version_date
from lexigraph.render.entry import render_entry
from lexigraph.render.urls import UrlMap, permalink


def _at_permalink(site: UrlMap, entry) -> UrlMap:
    """The site as seen from the entry's versioned permalinks (links are relative to them)."""
    urls = dict(site.urls)
    for lang in LANGUAGES:
        urls[(lang, entry.id)] = permalink(entry, lang)
    return dataclasses.replace(site, urls=urls)


def render_current_permalink(site: UrlMap, entry, lang: str) -> str:
    """The page at ``/<lang>/<slug>/<version>/``: the entry page, linked from its own address."""
    return render_entry(_at_permalink(site, entry), entry, lang)


def archive_entry(site: UrlMap, entry, today: date | None = None, into: Path | None = None) -> Path:
    """Freeze the current version of ``entry`` into ``archive/<id>/<version>/`` of ``into`` (default: the
    corpus's root; :mod:`lexigraph.authoring.bump` renders a git HEAD copy into the real root); refuse to overwrite."""
    version = entry.fact("version")
    folder = (into or site.corpus.root) / ARCHIVE / entry.id / version
    if folder.exists():
        raise FileExistsError(f"{folder} already exists: version {version} of {entry.id} is archived")
    folder.mkdir(parents=True)
    meta = {"id": entry.id, "version": version, "date": version_date(entry),
            "changed": next((v["changed"] for v in entry.fact("versions") or [] if v["version"] == version), []),
            "archived": (today or current_day()).isoformat()}
    for lang in LANGUAGES:
        meta[lang] = {"slug": entry.text(lang, "slug"), "title": entry.text(lang, "title")}
        (folder / f"{lang}.md").write_text(render_current_permalink(site, entry, lang), encoding="utf-8")
    (folder / "version.yml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder
