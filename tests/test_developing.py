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


PATH_LIKE = re.compile(r"\.?[A-Za-z0-9_-]+(?:/[A-Za-z0-9_.-]+)*/?|/[A-Za-z0-9_.-]+/")
# A class (CamelCase, so not a rule code like LX101), maybe with an attribute, or a function called.
NAMED = re.compile(r"([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?|([a-z_][a-z0-9_]*)\(.*")


def untrue_names(text: str, project: Path = PROJECT) -> list[str]:
    """What the map says that the tree does not bear out.

    - A path in backticks (``content/cache.py``, ``lexigraph/data/``, ``.cache/lexigraph/``) must exist in the
      repository or the package, or be a name the package's code or scripts use (a folder it writes, a file
      of the site: ``llms.txt``; each part quoted will do: ``Path(".cache") / "lexigraph"``).
    - A class or function in backticks on a module's line (``Corpus``, ``prepare(root, site_url)``,
      ``Corpus.derived``) must be defined by that module.
    """
    package = project / "lexigraph"
    code = "\n".join(p.read_text(encoding="utf-8") for folder in (package, project / "scripts") for p in folder.rglob("*")
                     if p.is_file() and p.suffix in (".py", "") and "__pycache__" not in p.parts)
    untrue = []
    for line in text.splitlines():
        module = re.match(r"^- `((?:lexigraph/)?[a-z0-9_]+(?:/[a-z0-9_]+)?\.py)`", line)
        for token in re.findall(r"`([^`]+)`", line):
            if "/" in token or re.fullmatch(r"\.[A-Za-z0-9_.-]+/?|[A-Za-z0-9_-]+\.(?:yml|json|md|txt|py)", token):
                if not PATH_LIKE.fullmatch(token) or "<" in token:
                    continue
                bare = token.strip("/")
                quoted = all(f'"{part}"' in code or f"'{part}'" in code for part in bare.split("/"))    # Path(".cache") / "lexigraph"
                if not ((project / bare).exists() or (package / bare).exists() or bare in code or quoted):
                    untrue.append(f"{token}: no such file or folder, and no code names it")
            elif module and (named := NAMED.fullmatch(token)):
                name = module.group(1).removeprefix("lexigraph/").removesuffix(".py").replace("/", ".")
                source = package / (name.replace(".", "/") + ".py")
                defined = set(re.findall(r"^(?:class|def|async def) ([A-Za-z_][A-Za-z0-9_]*)|^([A-Za-z_][A-Za-z0-9_]*)\s*[:=]",
                                         source.read_text(encoding="utf-8"), re.MULTILINE)) if source.is_file() else set()
                names = {a or b for a, b in defined}
                owner, attribute = named.group(1) or named.group(3), named.group(2)
                if owner not in names:
                    untrue.append(f"{module.group(1)}: `{token}`: {owner} is not defined there")
                elif attribute and not re.search(rf"^\s+(?:def )?{attribute}\b", source.read_text(encoding="utf-8"), re.MULTILINE):
                    untrue.append(f"{module.group(1)}: `{token}`: {owner} has no {attribute}")
    return untrue


def test_what_the_map_names_exists():
    assert untrue_names((PROJECT / "DEVELOPING.md").read_text(encoding="utf-8")) == []


def test_the_truth_check_sees_a_stale_name_and_a_folder_nobody_writes():
    text = ("- `content/model.py`: `Entry`, `Corpus.derived`, `Korpus` (one content state).\n"
            "- The per-file cache (`content/cache.py`, `.lexigraph-cache/`): keyed on each file.\n"
            "- `pipeline.py`: `prepare(root, site_url) → Build`, `Build.nothing_here`, `sitemap.xml(.gz)`.\n")
    assert untrue_names(text) == [
        "content/model.py: `Korpus`: Korpus is not defined there",
        ".lexigraph-cache/: no such file or folder, and no code names it",
        "pipeline.py: `Build.nothing_here`: Build has no nothing_here",
    ]
