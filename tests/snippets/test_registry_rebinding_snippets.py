"""Snippets of the mcp-registry and dns-rebinding entries, each run for real.

mcp-registry: snippets/mcp-registry/validate.py is run on the project's server.json and on three
copies that each change one thing, against the registry's schema vendored in tests/vendor/; its
output must be validate.txt, line for line. dns-rebinding: the reference server
(snippets/server/weather_server.py) runs over Streamable HTTP on 127.0.0.1, and raw requests with
forged Host and Origin headers get the answers the transcript shows. Every server is stopped.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "snippets"
REGISTRY = SNIPPETS / "mcp-registry"


# --- mcp-registry --------------------------------------------------------------------------------

def load(name: str) -> dict:
    return json.loads((REGISTRY / name).read_text(encoding="utf-8"))


def run_validate(*files: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "validate.py", "--schema", "../../tests/vendor/mcp-registry-server.schema.json", *files]
    return subprocess.run(command, cwd=REGISTRY, capture_output=True, text=True, timeout=60, check=False)


def test_registry_snippet_server_json_is_the_projects_own():
    assert load("server.json") == json.loads((ROOT / "server.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, changed", [
    ("unnamed.json", {"name": "lexigraph"}),
    ("ranged.json", {"version": "^0.1.0"}),
])
def test_registry_each_broken_copy_changes_one_field_of_server_json(name, changed):
    assert load(name) == {**load("server.json"), **changed}


def test_registry_bare_copy_keeps_only_the_required_fields():
    server = load("server.json")
    assert load("bare.json") == {k: server[k] for k in ("$schema", "name", "description", "version")}
    assert "packages" not in load("bare.json") and "remotes" not in load("bare.json")


def test_registry_server_json_gives_the_command_uvx_lexigraph_root_mcp_and_no_tools():
    """The command a client builds from server.json: `uvx lexigraph --root <content_root> mcp`."""
    from lexigraph.cli import build_parser

    server = load("server.json")
    assert server["name"] == "org.lexigraph/lexigraph"
    (package,) = server["packages"]
    assert (package["registryType"], package["runtimeHint"], package["transport"]) == ("pypi", "uvx", {"type": "stdio"})
    words = [package["runtimeHint"], package["identifier"]]
    for argument in package["packageArguments"]:
        words += [argument["name"], f"<{argument['valueHint']}>"] if argument["type"] == "named" else [argument["value"]]
    assert " ".join(words) == "uvx lexigraph --root <content_root> mcp"
    parsed = build_parser().parse_args(words[2:])
    assert (parsed.root, parsed.command) == ("<content_root>", "mcp")
    assert not {"tools", "resources", "prompts", "capabilities"} & set(server)  # nothing says what it offers


def test_registry_validate_prints_the_transcript_shown_in_the_entry():
    command, *expected = (REGISTRY / "validate.txt").read_text(encoding="utf-8").splitlines()
    assert command.startswith("$ python validate.py ")
    args = shlex.split(command[2:])[2:]
    assert args[:2] == ["--schema", "../../tests/vendor/mcp-registry-server.schema.json"]
    done = run_validate(*args[2:])
    assert done.stderr == ""
    assert done.stdout.splitlines() + [f"(exit status {done.returncode})"] == expected
    assert done.returncode == 1  # unnamed.json fails; the others pass


def test_registry_schema_lets_a_version_range_through_and_says_the_registry_rejects_it():
    schema = json.loads((ROOT / "tests/vendor/mcp-registry-server.schema.json").read_text(encoding="utf-8"))
    detail = schema["definitions"]["ServerDetail"]
    assert "Version ranges are rejected" in detail["properties"]["version"]["description"]
    assert "pattern" not in detail["properties"]["version"]
    assert detail["required"] == ["name", "description", "version"]


def test_registry_validate_fails_on_a_missing_description(tmp_path):
    broken = {k: v for k, v in load("bare.json").items() if k != "description"}
    (tmp_path / "nodesc.json").write_text(json.dumps(broken), encoding="utf-8")
    done = run_validate(str(tmp_path / "nodesc.json"))
    assert done.returncode == 1
    assert done.stdout == f"{tmp_path / 'nodesc.json'}: (root): 'description' is a required property\n"
