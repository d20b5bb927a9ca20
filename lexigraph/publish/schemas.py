"""Publish, after MkDocs: the JSON Schemas of the content files, at /schemas/ on the site, for editors."""

from __future__ import annotations

from pathlib import Path


def publish_schemas(site_dir: Path) -> None:
    """Copy the JSON Schemas to <site>/schemas/ so editors can validate while typing."""
    from importlib import resources

    target = site_dir / "schemas"
    target.mkdir(parents=True, exist_ok=True)
    for item in resources.files("lexigraph.schemas").iterdir():
        if item.name.endswith(".schema.json"):
            (target / item.name).write_text(item.read_text(encoding="utf-8"), encoding="utf-8")
