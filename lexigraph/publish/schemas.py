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


def publish_probes(root: Path, site_dir: Path) -> int:
    """Copy the probe files (support/probes/, read as safely as the content) to <site>/support/probes/<name>.txt,
    where each Support table's "measured with" line links them: the source of what was measured, shown as text
    (a probe page is not run from the site). Returns how many were copied."""
    from lexigraph.content import safefile
    from lexigraph.content.support import PROBES_DIR

    probes = root / PROBES_DIR
    if not probes.is_dir():
        return 0
    target = site_dir / "support" / "probes"
    copied = 0
    for path in sorted(probes.iterdir()):
        if path.is_dir() or path.is_symlink() or path.suffix not in (".py", ".mjs", ".html"):
            continue
        data = safefile.read_bytes(path, probes, root, safefile.SNIPPET)[0]
        if data is None:
            continue
        target.mkdir(parents=True, exist_ok=True)
        (target / f"{path.name}.txt").write_bytes(data)
        copied += 1
    return copied
