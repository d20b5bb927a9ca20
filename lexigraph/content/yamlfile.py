"""Load YAML while remembering the line of every field, so errors can point at it.

Scalars keep their written form: a date stays the string ``2026-08-01`` (the
schema checks it), so the line map and the data never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from lexigraph.content import safefile
from lexigraph.errors import FILES, PARSE, Problem

JsonPath = tuple[str | int, ...]


@dataclass
class YamlDoc:
    """A parsed file: its data and the 1-based line of each JSON path in it."""

    path: str
    data: Any
    lines: dict[JsonPath, int] = field(default_factory=dict)
    digest: str = ""            # content digest, the key of per-file results in the cache
    _strings: list | None = field(default=None, repr=False)
    _joined: str | None = field(default=None, repr=False)

    def __getstate__(self):
        """Pickled without the derived text views, which are cheap to rebuild."""
        return {**self.__dict__, "_strings": None, "_joined": None}

    def strings(self) -> list[tuple[JsonPath, str]]:
        """Every text value with its path, computed once per file."""
        if self._strings is None:
            self._strings = list(_walk_strings(self.data))
        return self._strings

    def joined(self) -> str:
        """All text values joined by NUL: one regex search tells whether any of them can match."""
        if self._joined is None:
            self._joined = "\x00".join(text for _, text in self.strings())
        return self._joined

    def line(self, path: JsonPath) -> int:
        """The line of ``path``, or of its nearest parent that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


def _walk_strings(value: Any, path: JsonPath = ()):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk_strings(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk_strings(item, path + (i,))


def format_path(path: JsonPath) -> str:
    """``("steps", 0, "id")`` → ``$.steps[0].id``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


# libyaml when the wheel has it (every PyPI wheel does): about ten times faster, same nodes and marks.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_SCALARS = {
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": float,
}


def _convert(node: yaml.Node, path: JsonPath, doc: YamlDoc, problems: list[Problem]) -> Any:
    doc.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else repr(key_node)
            if key in out:
                problems.append(Problem(doc.path, key_node.start_mark.line + 1, format_path(path + (key,)),
                                        f"duplicate key '{key}'", PARSE))
            doc.lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _convert(value_node, path + (key,), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), doc, problems) for i, item in enumerate(node.value)]
    tag = node.tag
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return node.value.lower() in ("true", "yes", "on")
    if tag in _SCALARS:
        try:
            return _SCALARS[tag](node.value.replace("_", ""))
        except ValueError:
            return node.value
    return node.value


_HINTS = (
    ("mapping values are not allowed", "a ': ' inside plain text: put the text in a '>-' block or in quotes"),
    ("flow mapping", "a '{' item holds a ',' or ': ' in its text: write the item one field per line, or quote the text"),
    ("flow sequence", "a '[' list is not closed, or holds a ',' in its text: close it, or quote the text"),
    ("found character '\\t'", "tabs are not allowed: indent with spaces"),
    ("could not find expected ':'", "a line is missing its ':', or a multi-line text is not in a '|' block"),
    ("found undefined alias", "a '*' starts the text: quote it"),
)


def _hint(reason: str) -> str:
    for needle, hint in _HINTS:
        if needle in reason:
            return f"; hint: {hint}"
    return ""


def parse_text(text: str, path: str) -> tuple[YamlDoc | None, list[Problem]]:
    """Parse one YAML text; a syntax error becomes a located problem, never an exception."""
    doc = YamlDoc(path, None)
    problems: list[Problem] = []
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        reason = exc.problem or str(exc)
        if exc.context:
            reason = f"{reason} ({exc.context})"
        where = f" (column {mark.column + 1})" if mark else ""
        return None, [Problem(path, line, "$", f"YAML syntax error{where}: {reason}{_hint(reason)}", PARSE)]
    except yaml.YAMLError as exc:  # e.g. a reader error on bad bytes
        return None, [Problem(path, 1, "$", f"YAML error: {exc}", PARSE)]
    if node is None:
        doc.data = None
        return doc, problems
    doc.data = _convert(node, (), doc, problems)
    return doc, problems


def load_file(path: Path, shown_as: str, cache=None, *, folder: Path, root: Path) -> tuple[YamlDoc | None, list[Problem]]:
    """Read (through :mod:`lexigraph.content.safefile`, from inside ``folder`` only) and parse a YAML file,
    or take it from ``cache``; a file that cannot be read safely is a problem too."""
    read = safefile.read_utf8(path, folder, root, safefile.YAML)
    if isinstance(read, str):
        return None, [Problem(shown_as, 1, "$", read, PARSE if read == "file is missing" else FILES)]
    raw, text = read
    if cache is None:
        return parse_text(text, shown_as)
    from lexigraph.content.cache import content_digest

    digest = content_digest(raw)
    doc, problems = cache.get(shown_as, digest, "parsed", lambda: parse_text(text, shown_as))
    if doc is not None:
        doc.digest = digest
    return doc, problems
