"""server.json (the entry of `lexigraph mcp` in the official MCP registry) validates against the
registry's published schema, vendored in tests/vendor/, and agrees with the project it describes."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, FormatChecker

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_BYTES = (ROOT / "tests" / "vendor" / "mcp-registry-server.schema.json").read_bytes()
SCHEMA = json.loads(SCHEMA_BYTES)
SERVER = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))


def problems(document: dict) -> list[str]:
    validator = Draft7Validator(SCHEMA, format_checker=FormatChecker())
    return sorted(f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(document))


def test_the_vendored_schema_is_the_registry_file_its_readme_records():
    """tests/vendor/README.md records the file's source, its $id and its SHA-256: a copy edited here (say,
    loosened until server.json passes) or replaced without its record fails; so does an invalid schema."""
    readme = (ROOT / "tests" / "vendor" / "README.md").read_text(encoding="utf-8")
    (row,) = [line for line in readme.splitlines() if line.startswith("| `mcp-registry-server.schema.json` |")]
    recorded = re.search(r"SHA-256 `([0-9a-f]{64})`", row)
    assert recorded, "record the file's SHA-256 in its row of tests/vendor/README.md"
    assert hashlib.sha256(SCHEMA_BYTES).hexdigest() == recorded[1]
    assert f"(`$id` `{SCHEMA['$id']}`)" in row
    Draft7Validator.check_schema(SCHEMA)


def test_server_json_validates_against_the_registry_schema():
    assert SERVER["$schema"] == SCHEMA["$id"]
    assert problems(SERVER) == []


def test_server_json_agrees_with_the_project():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (package,) = SERVER["packages"]
    assert SERVER["version"] == package["version"] == project["version"]
    assert (package["registryType"], package["identifier"]) == ("pypi", project["name"])
    assert package["transport"] == {"type": "stdio"}
    # The command a client builds: `uvx lexigraph --root <content_root> mcp`, as the CLI parses it.
    from lexigraph.cli import build_parser

    arguments = [a["name"] if a["type"] == "named" else a["value"] for a in package["packageArguments"]]
    assert arguments == ["--root", "mcp"]
    parsed = build_parser().parse_args(["--root", "/srv/lexigraph", "mcp"])
    assert (parsed.root, parsed.http) == ("/srv/lexigraph", False)


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(name="lexigraph"), "name: 'lexigraph' does not match '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$'"),
    (lambda s: s.update(description="x" * 101), "description: '" + "x" * 101 + "' is too long"),
    (lambda s: s["packages"][0]["transport"].update(type="websocket"), "packages/0: "),
    (lambda s: s.pop("version"), "(root): 'version' is a required property"),
])
def test_the_schema_refuses_a_broken_server_json(change, message):
    broken = copy.deepcopy(SERVER)
    change(broken)
    found = problems(broken)
    assert found and any(p.startswith(message) for p in found), found
