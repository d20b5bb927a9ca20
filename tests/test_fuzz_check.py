"""Property: whatever a writer pushes, `lexigraph check` reports it and never crashes.

Every content file of the real lexicon (entries/*/entry.yml, fr.yml, en.yml, quizzes/*,
specs.yml, archive/*/*/version.yml) is mutated one field at a time: the value becomes a
string, an integer, a float, a boolean, null, a list or a mapping, a very long string, a
string with control, zero-width or right-to-left characters; or the field is deleted, or its
key written twice. After each mutation `lexigraph check` must either exit 1 with problem
lines `file:line: $.path: message`, one of them naming the mutated file, or exit 0 when the
mutation is still valid content (a text replaced by another text, an optional field
deleted); and a valid mutation must still render. Never a traceback.

A mutation whose only consequence is a cross-entry problem in another file (entry A takes
entry B's number: B is the one told) is counted apart: the file named is the one a writer
must look at. Counts are printed at the end of each test.

Two passes: a sweep of every field path (as the schemas name them) with one value of each
kind, and hypothesis drawing concrete paths and random values (fixed seed, bounded examples).
Both run `lexigraph check` in-process on a temporary copy of the content, with the per-file
cache warm, so one mutation costs one file's parse; a few cases also run as a real process.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigraph import LANGUAGES
from lexigraph.cli import main
from lexigraph.content.schema import load_schema
from lexigraph.content.yamlfile import parse_text
from lexigraph.render import markdown_copy
from tests.support.site import PROJECT

pytestmark = pytest.mark.slow

PROBLEM = re.compile(r"^  (?P<file>[^\s:][^:]*):(?P<line>[0-9]+): (?P<path>\$[^:]*): (?P<message>.+)$")
HEADER = re.compile(r"^(?P<title>[A-Z][^(]*) \([0-9]+\):$")
ERROR_TITLES = {"Files that cannot be read safely", "YAML parse errors", "Schema errors", "Cross-entry errors"}
# The sweep's size (LEXIGRAPH_FUZZ): "ci" (the default, scripts/test) gives every field path the
# kinds of value its turn in a rotation brings (KINDS_PER_PATH of them), so every path and every
# kind is reached; "full" (scripts/test --slow) gives every path every kind, and more examples.
FUZZ = os.environ.get("LEXIGRAPH_FUZZ", "ci")
if FUZZ not in ("ci", "full"):
    raise ValueError(f"LEXIGRAPH_FUZZ={FUZZ!r}: use ci or full")
KINDS_PER_PATH = 3
HYPOTHESIS_EXAMPLES = 400 if FUZZ == "full" else 100

CONTROL = [chr(c) for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x80, 0x85, 0x9F)]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
RIGHT_TO_LEFT = ["\u202e", "\u202b", "\u200f", "\u061c", "\u2067", "\u05d0", "\u0628"]
# One value of each JSON type for the sweep.
TYPED = {"string": "some text", "integer": 7, "float": 2.5, "boolean": True, "null": None,
         "list": ["some text"], "mapping": {"key": "value"}}
KINDS = (*TYPED, "long string", "control characters", "zero-width characters", "right-to-left characters",
         "deleted", "duplicated key")


# --- the content under test -------------------------------------------------------------------

@dataclass(frozen=True)
class ContentFile:
    name: str           # as check shows it: entries/mcp/fr.yml
    schema: str         # entry, entry-lang, quiz, specs, version
    text: str
    data: Any

    def paths(self) -> list[tuple]:
        """Every field path in the file: keys and list items at every depth."""
        return sorted(_walk(self.data), key=str)


def _walk(value: Any, path: tuple = ()):
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, path + (i,))


def content_files(root: Path) -> list[ContentFile]:
    found = [(p, "entry" if p.name == "entry.yml" else "entry-lang") for p in sorted(root.glob("entries/*/*.yml"))]
    found += [(p, "quiz") for p in sorted(root.glob("quizzes/*.yml"))]
    found += [(root / "specs.yml", "specs")]
    found += [(p, "version") for p in sorted(root.glob("archive/*/*/version.yml"))]
    files = []
    for path, schema in found:
        text = path.read_text(encoding="utf-8")
        doc, problems = parse_text(text, path.name)
        assert doc is not None and not problems, path
        files.append(ContentFile(path.relative_to(root).as_posix(), schema, text, doc.data))
    return files


def field_path(schema_name: str, path: tuple) -> tuple:
    """``path`` as its schema names it: list items become [], free keys (ids, annotation names) *."""
    root = load_schema(schema_name)
    node, out = root, []
    for part in path:
        while isinstance(node, dict) and "$ref" in node:
            node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
        node = node if isinstance(node, dict) else {}
        if isinstance(part, int):
            out.append("[]")
            node = node.get("items", {})
        elif part in node.get("properties", {}):
            out.append(part)
            node = node["properties"][part]
        else:
            out.append("*")
            extra = node.get("additionalProperties", {})
            node = extra if isinstance(extra, dict) else {}
    return tuple(out)


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory) -> tuple[Path, list[ContentFile]]:
    """A copy of the real content, with an archived version when the lexicon has none yet,
    checked once so that its per-file cache is warm."""
    root = tmp_path_factory.mktemp("fuzz") / "lexicon"
    for name in ("entries", "quizzes", "snippets", "archive", "support", "specs.yml"):
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy(source, root / name)
    if not list(root.glob("archive/*/*/version.yml")):
        from lexigraph.authoring.freeze import archive_entry
        from lexigraph.pipeline import prepare

        build = prepare(root, "https://www.lexigraph.org/")
        archive_entry(build.site, build.corpus.entries["mcp"])
    code, out = check(root)
    assert code == 0, out
    return root, content_files(root)


@pytest.fixture(autouse=True)
def read_only_cache(monkeypatch):
    """The cache stays as the unmutated lexicon left it: a run re-reads only the file it mutated."""
    from lexigraph.content.cache import FileCache

    monkeypatch.setattr(FileCache, "save", lambda self, keep: None)


# --- one mutation ---------------------------------------------------------------------------

DUPLICATE = "LXDUPLICATEDKEY"
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=100)


def mutate(data: Any, path: tuple, kind: str, value: Any = None) -> str:
    """The file's new text: the field at ``path`` changed as ``kind`` says."""
    data = copy.deepcopy(data)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if kind == "duplicated key":
        return _with_duplicate(data, path)
    if kind == "deleted":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return _dump(data)


def _with_duplicate(data: Any, path: tuple) -> str:
    """The document with the key at ``path`` written twice in its mapping (for a list item: the
    item's first key). JSON is YAML: that one mapping is written in flow style, where a key can repeat."""
    if isinstance(path[-1], int):
        path = path + (next(iter(_at(data, path))),) if isinstance(_at(data, path), dict) and _at(data, path) else path[:-1]
    mapping_path, key = path[:-1], path[-1]
    mapping = _at(data, mapping_path)
    if not isinstance(mapping, dict):      # a list of scalars: its mapping's key instead
        return _with_duplicate(data, mapping_path)
    items = [*mapping.items(), (key, mapping[key])]
    flow = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in items) + "}"
    if not mapping_path:
        return flow + "\n"
    holder = _at(data, mapping_path[:-1])
    holder[mapping_path[-1]] = DUPLICATE
    text = _dump(data)
    assert text.count(DUPLICATE) == 1
    return text.replace(DUPLICATE, flow)


# --- the property ---------------------------------------------------------------------------

def check(root: Path) -> tuple[int, str]:
    """`lexigraph check` in this process: its exit code and everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["--root", str(root), "check"])
    return code, out.getvalue()


def outcome(root: Path, name: str, code: int, output: str) -> str:
    """Assert the property for one run of check on a mutated ``name``; say which way it held."""
    assert "Traceback" not in output, output
    title, errors = None, []
    for line in output.splitlines():
        if header := HEADER.match(line):
            title = header["title"]
        elif line.startswith("  "):
            problem = PROBLEM.match(line)
            assert problem, f"not a 'file:line: $.path: message' line: {line!r}"
            if title in ERROR_TITLES:
                errors.append((title, problem))
    if code == 0:
        assert not errors, output
        return "valid"
    assert code == 1, output
    assert errors, output
    if any(problem["file"] == name for _, problem in errors):
        return "invalid"
    # Only other files are told: each is a cross-entry consequence (entry B now shares entry A's
    # number), or a file the mutated one now names and the lexicon does not have (a new quiz id).
    for title, problem in errors:
        assert title == "Cross-entry errors" or not (root / problem["file"]).exists(), output
    return "invalid, another file told"


def renders(root: Path, name: str) -> None:
    """A mutation that check accepts must build: render the pages it can change."""
    from lexigraph.check.validate import registry
    from lexigraph.content.load import load_corpus
    from lexigraph.render.pages import plan_language
    from lexigraph.render.urls import UrlMap

    corpus = load_corpus(root, use_cache=True)
    site = UrlMap.of(corpus, "https://www.lexigraph.org/", registry(corpus))
    parts = name.split("/")
    touched = parts[1] if parts[0] in ("entries", "archive") else parts[1].split(".")[0] if parts[0] == "quizzes" else None
    for lang in LANGUAGES:
        for page in plan_language(site, lang):
            if touched is None or page.entry_id in (None, touched):
                page.render()
        for entry in corpus.entries.values():
            if touched is None or entry.id == touched:
                markdown_copy.markdown_copy(site, entry, lang)


class Tally:
    def __init__(self, title: str):
        self.title, self.counts, self.by_kind, self.started = title, Counter(), Counter(), time.monotonic()

    def add(self, kind: str, result: str) -> None:
        self.counts[result] += 1
        self.by_kind[kind] += 1

    def report(self) -> str:
        total = sum(self.counts.values())
        parts = ", ".join(f"{n} {what}" for what, n in sorted(self.counts.items()))
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.by_kind.items()))
        return f"\n{self.title}: {total} mutations in {time.monotonic() - self.started:.0f} s ({parts}); by kind: {kinds}"


def run_one(root: Path, target: ContentFile, path: tuple, kind: str, value: Any = None) -> str:
    file = root / target.name
    file.write_text(mutate(target.data, path, kind, value), encoding="utf-8")
    try:
        code, output = check(root)
        result = outcome(root, target.name, code, output)
        if result == "valid":
            renders(root, target.name)
        return result
    finally:
        file.write_text(target.text, encoding="utf-8")


def sweep_value(kind: str, original: Any) -> Any:
    """The sweep's value of ``kind``; text kinds change the original text when there is one."""
    text = original if isinstance(original, str) else "text"
    return {"long string": text + "long " * 40_000,
            "control characters": text[:1] + "".join(CONTROL) + text[1:],
            "zero-width characters": text[:1] + "".join(ZERO_WIDTH) + text[1:],
            "right-to-left characters": text[:1] + "".join(RIGHT_TO_LEFT) + text[1:]}.get(kind, TYPED.get(kind))


# --- the tests ------------------------------------------------------------------------------

def sweep_plan(files: list[ContentFile]) -> list[tuple[ContentFile, tuple, str]]:
    """(file, concrete path, kind) for each mutation of the sweep: each field path the schemas name,
    at its first place in each kind of file, with every kind ("full") or KINDS_PER_PATH kinds in rotation."""
    places: dict[tuple, tuple[ContentFile, tuple]] = {}
    for target in files:
        for path in target.paths():
            places.setdefault((target.schema, field_path(target.schema, path)), (target, path))
    plan = []
    for i, (_, (target, path)) in enumerate(sorted(places.items(), key=str)):
        kinds = KINDS if FUZZ == "full" else [KINDS[(i * KINDS_PER_PATH + j) % len(KINDS)] for j in range(KINDS_PER_PATH)]
        plan += [(target, path, kind) for kind in kinds]
    return plan


# The sweep runs in SHARDS tests, so a parallel run spreads it over the workers: shard k takes
# every SHARDS-th mutation of the plan, starting at the k-th.
SHARDS = 4


def test_the_sweep_reaches_every_field_path_every_kind_and_every_kind_of_file(lexicon):
    """What the shards run together: every (schema, field path) place, every kind of value, every kind of file."""
    _root, files = lexicon
    plan = sweep_plan(files)
    places = {(target.schema, field_path(target.schema, path)) for target, path, _ in plan}
    every = {(target.schema, field_path(target.schema, path)) for target in files for path in target.paths()}
    assert places == every
    assert {schema for schema, _ in places} == {"entry", "entry-lang", "quiz", "specs", "version"}
    assert {kind for _, _, kind in plan} == set(KINDS)
    shards = [plan[k::SHARDS] for k in range(SHARDS)]
    assert sum(len(s) for s in shards) == len(plan) and all(shards)


@pytest.mark.parametrize("shard", range(SHARDS), ids=[f"shard{k + 1}of{SHARDS}" for k in range(SHARDS)])
def test_every_field_path_gets_every_kind_of_value(lexicon, capsys, shard):
    """The sweep, one shard of it: each field path the schemas name, at its first place in each kind of file."""
    root, files = lexicon
    plan = sweep_plan(files)[shard::SHARDS]
    tally = Tally(f"Sweep of every field path, shard {shard + 1} of {SHARDS}"
                  + (", every kind" if FUZZ == "full" else f", {KINDS_PER_PATH} kinds each in rotation"))
    for target, path, kind in plan:
        original = _at(target.data, path)
        tally.add(kind, run_one(root, target, path, kind, sweep_value(kind, original)))
    with capsys.disabled():
        print(tally.report() + f"; {len(plan)} mutations of {len(files)} files")
    assert sum(tally.counts.values()) == len(plan)
    assert tally.counts["invalid"] > tally.counts["valid"]


def _at(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


# Random values for hypothesis, by kind.
json_leaf = st.one_of(st.text(max_size=12), st.integers(), st.floats(allow_nan=False), st.booleans(), st.none())
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                              st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3)),
                          max_leaves=6)
VALUES = {
    "string": st.text(max_size=40), "integer": st.integers(), "float": st.floats(),
    "boolean": st.booleans(), "null": st.none(),
    "list": st.lists(json_value, max_size=4), "mapping": st.dictionaries(st.text(min_size=1, max_size=10), json_value, max_size=4),
    "long string": st.builds(lambda c, n: c * n, st.sampled_from(["a", "é", "<x>", "word ", "\u05d0"]), st.integers(1_000, 400_000)),
    "control characters": st.text(st.sampled_from(CONTROL + ["a", " "]), min_size=1, max_size=12),
    "zero-width characters": st.text(st.sampled_from(ZERO_WIDTH + ["a", "-"]), min_size=1, max_size=12),
    "right-to-left characters": st.text(st.sampled_from(RIGHT_TO_LEFT + ["a", " "]), min_size=1, max_size=12),
    "deleted": st.none(), "duplicated key": st.none(),
}
TEXT_KINDS = ("control characters", "zero-width characters", "right-to-left characters")


def test_random_mutations_of_random_fields(lexicon, capsys):
    """Hypothesis: any file, any concrete field path, any value (fixed seed, bounded examples)."""
    root, files = lexicon
    tally = Tally("Hypothesis")

    @settings(max_examples=HYPOTHESIS_EXAMPLES, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
    @given(data=st.data())
    def property_holds(data):
        target = data.draw(st.sampled_from(files), label="file")
        path = data.draw(st.sampled_from(target.paths()), label="path")
        kind = data.draw(st.sampled_from(KINDS), label="kind")
        value = data.draw(VALUES[kind], label="value")
        original = _at(target.data, path)
        if kind in TEXT_KINDS and isinstance(original, str):    # into the writer's own text, at some place
            at = data.draw(st.integers(0, len(original)), label="at")
            value = original[:at] + value + original[at:]
        tally.add(kind, run_one(root, target, path, kind, value))

    property_holds()
    with capsys.disabled():
        print(tally.report())
    assert sum(tally.counts.values()) == HYPOTHESIS_EXAMPLES


SUBPROCESS_CASES = [  # (file, path, kind, value): one per kind of file, and the crash shapes
    ("entries/tool/entry.yml", ("relations", "runs_in", 0), "mapping", {"a": 1}),
    ("entries/tool/fr.yml", ("slug",), "list", ["tool"]),
    ("entries/tool/en.yml", ("in_depth", 0, "id"), "integer", 5),
    ("quizzes/tool.en.yml", ("questions", 0, "options", 2, "describes"), "list", ["api"]),
    ("specs.yml", ("specs", 0, "id"), "null", None),
    ("entries/tool/entry.yml", ("editor",), "duplicated key", None),
    ("entries/tool/fr.yml", ("slug",), "zero-width characters", "to\u200bol"),
]


@pytest.mark.parametrize("name, path, kind, value", SUBPROCESS_CASES, ids=[f"{c[0]}:{c[2]}" for c in SUBPROCESS_CASES])
def test_a_real_process_reports_what_the_in_process_run_reports(lexicon, name, path, kind, value):
    root, files = lexicon
    target = next(f for f in files if f.name == name)
    file = root / name
    file.write_text(mutate(target.data, path, kind, value), encoding="utf-8")
    try:
        code, output = check(root)
        process = subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), "check"],
                                 capture_output=True, text=True, timeout=120)
    finally:
        file.write_text(target.text, encoding="utf-8")
    assert process.stderr == ""
    assert (process.returncode, process.stdout) == (code, output)
    assert outcome(root, name, process.returncode, process.stdout) == "invalid"
