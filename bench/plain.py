"""A plain MkDocs + Material project holding the very Markdown Lexigraph generates, for comparison.

Every page Lexigraph plans (both languages' home, A–Z, revisions, entry and permalink pages, and
the root page) is rendered by Lexigraph's own renderer and written to ``docs/<src_uri>``. The
config is MkDocs' defaults with ``theme: material`` (default features, no ``nav``: MkDocs lists
every page in the navigation), plus the project's ``markdown_extensions`` so the Markdown means
the same thing (attribute lists, ``markdown="0"`` blocks, fenced code).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from lexigraph import LANGUAGES
from lexigraph.pipeline import prepare
from lexigraph.render.indexes import render_root
from lexigraph.render.pages import plan_language

PROJECT = Path(__file__).resolve().parents[1]


def write_plain_project(content_root: Path, out: Path) -> int:
    """Write ``out/mkdocs.yml`` and ``out/docs/``; return the number of pages."""
    project_config = yaml.safe_load((PROJECT / "mkdocs.yml").read_text(encoding="utf-8"))
    config = {"site_name": "Lexigraph (plain MkDocs)", "site_url": project_config["site_url"],
              "theme": {"name": "material"}, "markdown_extensions": project_config["markdown_extensions"]}
    shutil.rmtree(out, ignore_errors=True)
    docs = out / "docs"
    docs.mkdir(parents=True)
    (out / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    build = prepare(content_root, project_config["site_url"])
    pages = {"index.md": render_root(build.site)}
    for lang in LANGUAGES:
        pages.update((page.src_uri, page.render()) for page in plan_language(build.site, lang))
    for src_uri, markdown in pages.items():
        target = docs / src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(markdown, encoding="utf-8")
    return len(pages)
