"""The lexigraph package's imports follow DEVELOPING.md's layering (content ← check ← render ← pipeline ← the
MkDocs glue, publish, agents, authoring ← cli), function-level imports included; they have no cycle; and no
module imports another module's underscored (private) name."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "lexigraph"

# Each stage and the stages it may import (besides itself). The base is the package's face
# (lexigraph/__init__.py: the languages) and errors.py (Problem): everything may import it.
# publish, agents, authoring and the MkDocs glue are siblings: none imports another.
BASE = "base"
ALLOWED: dict[str, set[str]] = {
    BASE: set(),
    "content": {BASE},
    "check": {BASE, "content"},
    "render": {BASE, "content"},
    "pipeline": {BASE, "content", "check", "render"},
    "mkdocs_glue": {BASE, "content", "render", "pipeline"},
    "publish": {BASE, "content", "render", "pipeline"},
    "agents": {BASE, "content", "check", "render", "pipeline"},
    "authoring": {BASE, "content", "check", "render", "pipeline"},
    "cli": {BASE, "content", "check", "render", "pipeline", "agents", "authoring"},
    "__main__": {"cli"},
}


def stage(module: str) -> str:
    """``lexigraph.check.quiz`` → ``check``; ``lexigraph``, ``lexigraph.errors`` → the base."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "errors":
        return BASE
    return parts[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST, name: str, is_package: bool) -> list[tuple[str, list[str]]]:
    """Every import statement, wherever it is: (the module imported from, the names taken from it)."""
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - (node.level - 1)] if node.level else []
            found.append((".".join(base + ([node.module] if node.module else [])), [alias.name for alias in node.names]))
    return found


def imports_in(source: str, name: str, modules: set[str], is_package: bool = False) -> set[str]:
    """Every lexigraph module the module ``name`` (of this ``source``) imports."""
    found = set()
    for target, names in _imports(ast.parse(source), name, is_package):
        found.add(target)
        # `from . import cite` imports the submodule lexigraph.cite
        found.update(f"{target}.{alias}" for alias in names)
    return {m for m in found if m in modules and m != name}


def imports_of(path: Path, modules: set[str]) -> set[str]:
    return imports_in(path.read_text(encoding="utf-8"), module_name(path), modules, path.name == "__init__.py")


@functools.cache
def import_graph() -> dict[str, set[str]]:
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(f) for f in files}
    return {module_name(f): imports_of(f, modules) for f in files}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path ``[a, b, …, a]``, or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def back_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a stage to one it may not import (an unknown stage may import nothing), as ``a → b``."""
    return sorted(f"{module} → {target}" for module, targets in graph.items() for target in targets
                  if stage(target) != stage(module) and stage(target) not in ALLOWED.get(stage(module), set()))


def private_imports(source: str, name: str, modules: set[str], is_package: bool = False) -> list[str]:
    """Underscored names this module takes from another lexigraph module: ``from m import _x``, or ``m._x``
    where ``m`` is an imported lexigraph module."""
    tree = ast.parse(source)
    out = []
    aliases = {}
    for target, names in _imports(tree, name, is_package):
        if target != "lexigraph" and not target.startswith("lexigraph."):
            continue
        out += [f"{name}: from {target} import {n}" for n in names if n.startswith("_") and not n.startswith("__")]
        aliases.update({n: f"{target}.{n}" for n in names if f"{target}.{n}" in modules})
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    aliases[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            out.append(f"{name}: {aliases[node.value.id]}.{node.attr}")
    return out


def test_the_walker_sees_top_level_relative_and_function_level_imports():
    graph = import_graph()
    assert "lexigraph.render.urls" in graph["lexigraph.render.entry"]      # from lexigraph.render.urls import …
    assert "lexigraph.render.cite" in graph["lexigraph.render.entry"]      # from lexigraph.render import cite
    assert "lexigraph.check.validate" in graph["lexigraph.cli"]            # inside cmd_check
    assert "lexigraph.publish.pagefind" in graph["lexigraph.publish.run"]  # inside publish_extras
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_package_has_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_every_stage_of_the_package_is_in_the_rule():
    assert {stage(module) for module in import_graph()} == set(ALLOWED)


def test_every_import_goes_to_a_stage_above():
    found = back_imports(import_graph())
    assert not found, "imports against DEVELOPING.md's layering (move the code to the stage it belongs to):\n" + "\n".join(found)


MODULES = {"lexigraph", "lexigraph.errors", "lexigraph.content.model", "lexigraph.check.schema", "lexigraph.check.common",
           "lexigraph.render.urls", "lexigraph.render.quiz", "lexigraph.publish.exports", "lexigraph.agents.lexicon",
           "lexigraph.mkdocs_glue", "lexigraph.pipeline"}


@pytest.mark.parametrize(("name", "source", "expected"), [
    # content reaching down into check, lazily inside a function: the review's first back-import
    ("lexigraph.content.wordlists", "def f():\n    from lexigraph.check.schema import check_shape\n",
     ["lexigraph.content.wordlists → lexigraph.check.schema"]),
    ("lexigraph.check.quiz", "from lexigraph.render import quiz\n", ["lexigraph.check.quiz → lexigraph.render.quiz"]),
    ("lexigraph.agents.mcpserver", "from ..publish import exports\n",
     ["lexigraph.agents.mcpserver → lexigraph.publish.exports"]),
    ("lexigraph.publish.run", "from lexigraph.mkdocs_glue import base_path\n", ["lexigraph.publish.run → lexigraph.mkdocs_glue"]),
    ("lexigraph.render.pages", "import lexigraph.pipeline\n", ["lexigraph.render.pages → lexigraph.pipeline"]),
    ("lexigraph.newstage.thing", "from lexigraph.content import model\n",
     ["lexigraph.newstage.thing → lexigraph.content.model"]),   # a stage the rule does not know may import nothing
    # allowed: upward, within a stage, and the base from anywhere
    ("lexigraph.render.entry", "from lexigraph.render.urls import UrlMap\nfrom lexigraph.content.model import Corpus\n"
     "from lexigraph.errors import Problem\nfrom lexigraph import LANGUAGES\n", []),
    ("lexigraph.cli", "def main():\n    from lexigraph.agents.lexicon import Lexicon\n", []),
])
def test_the_layering_rule_fails_on_a_back_import(name, source, expected):
    graph = {name: imports_in(source, name, MODULES | {name})}
    assert back_imports(graph) == expected


def test_no_module_imports_another_module_s_private_name():
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(f) for f in files}
    found = [line for f in files
             for line in private_imports(f.read_text(encoding="utf-8"), module_name(f), modules, f.name == "__init__.py")]
    assert not found, "make these names public (no leading underscore) or keep them in their module:\n" + "\n".join(found)


def test_the_private_name_check_sees_from_imports_and_module_attributes():
    assert private_imports("from lexigraph.check.common import _hint, CODE_SPAN\n", "lexigraph.check.x", MODULES) == [
        "lexigraph.check.x: from lexigraph.check.common import _hint"]
    assert private_imports("def f():\n    from lexigraph.render import quiz\n    return quiz._sha('a')\n",
                           "lexigraph.agents.x", MODULES) == ["lexigraph.agents.x: lexigraph.render.quiz._sha"]
    assert private_imports("import lexigraph.pipeline as p\np._cache.clear()\n", "lexigraph.cli", MODULES) == [
        "lexigraph.cli: lexigraph.pipeline._cache"]
    assert private_imports("from lexigraph.render.urls import relative\nfrom os import _exit\n__all__ = []\n",
                           "lexigraph.render.x", MODULES) == []
