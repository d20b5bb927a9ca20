"""DEVELOPING.md maps the package: every module of lexigraph/ has its line, and no line names a module that is gone."""

from __future__ import annotations

import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
PACKAGE = PROJECT / "lexigraph"


def mapped_modules(text: str) -> set[str]:
    """The modules the map lists: a line starting ``- `lexigraph/…py```, or ``- `stage/…py```."""
    found = set()
    for match in re.finditer(r"^- `((?:lexigraph/)?[a-z0-9_]+(?:/[a-z0-9_]+)?\.py)`", text, re.MULTILINE):
        name = match.group(1)
        found.add(name if name.startswith("lexigraph/") else "lexigraph/" + name)
    return found


def package_modules() -> set[str]:
    return {p.relative_to(PROJECT).as_posix() for p in PACKAGE.rglob("*.py")
            if p.name != "__init__.py" or p.parent == PACKAGE}


def test_every_module_is_on_the_map_and_the_map_names_no_missing_module():
    mapped = mapped_modules((PROJECT / "DEVELOPING.md").read_text(encoding="utf-8"))
    missing = sorted(package_modules() - mapped)
    gone = sorted(mapped - package_modules())
    assert not missing, f"add a line for each to DEVELOPING.md: {missing}"
    assert not gone, f"DEVELOPING.md names modules that do not exist: {gone}"


def test_the_map_check_sees_a_missing_line():
    text = "- `lexigraph/cli.py`: the command.\n- `check/quiz.py`: cues.\n"
    assert mapped_modules(text) == {"lexigraph/cli.py", "lexigraph/check/quiz.py"}
    assert "lexigraph/check/schema.py" not in mapped_modules(text)
