"""The README's "Lexigraph for agents" section works as written: the stdio configuration starts
`lexigraph mcp` from any folder, and the HTTP command serves the URL the README gives."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

from mcp.client.stdio import StdioServerParameters

from tests.support.lexigraph_mcp import HttpServer, connect, free_port

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## Lexigraph for agents", 1)[1].split("\n## ", 1)[0]
CLONE = "/path/to/lexigraph"


def fenced(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", SECTION, flags=re.S)


def test_stdio_configuration_from_the_readme_starts_the_server(tmp_path):
    (config,) = fenced("json")
    server = json.loads(config.replace(CLONE, str(ROOT)))["mcpServers"]["lexigraph"]
    # Run from an unrelated folder: the configuration must not depend on the client's working directory.
    target = StdioServerParameters(command=server["command"], args=server["args"], cwd=str(tmp_path))
    with connect(target, "auto") as client:
        hits = client.call_tool("search", {"query": "harnais"}).structured_content["results"]
        assert hits[0]["id"] == "harness"


def test_http_command_from_the_readme_serves_the_readme_url():
    (command,) = fenced("bash")
    (url,) = re.findall(r"`(http://127\.0\.0\.1:\d+/mcp)`", SECTION)
    port = re.search(r"--port (\d+)", command).group(1)
    assert url == f"http://127.0.0.1:{port}/mcp"
    # The README's port may be taken on a test machine: the same command on a free port.
    free = str(free_port())
    argv = shlex.split(command.strip().replace(port, free))
    server = HttpServer([str(ROOT / argv[0]), *argv[1:]], int(free), cwd=ROOT)
    try:
        with connect(url.replace(port, free), "legacy") as client:
            assert client.call_tool("get_entry", {"id": "mcp-apps", "lang": "en"}).structured_content["title"] == "MCP Apps"
    finally:
        server.stop()


def test_mcp_help_explains_the_options():
    done = subprocess.run([sys.executable, "-m", "lexigraph", "mcp", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    for text in ("--http", "--port", "stdin/stdout", "http://127.0.0.1:PORT/mcp", "stateless", "DNS rebinding", "default: 8765"):
        assert text in " ".join(done.stdout.split()), text


def test_mcp_on_content_with_problems_lists_them_on_stderr_and_exits_1(tmp_path):
    from tests.test_check_fixtures import materialise

    root = materialise("bad-version", tmp_path)
    done = subprocess.run([sys.executable, "-m", "lexigraph", "--root", str(root), "mcp"], cwd=ROOT,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout == ""          # stdout is the MCP channel: nothing but protocol goes there
    expected = (ROOT / "tests" / "fixtures" / "invalid" / "bad-version" / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert [line.strip() for line in done.stderr.splitlines() if line.startswith("  ")] == expected
    assert done.stderr.rstrip().endswith("lexigraph mcp: fix the problems above first (lexigraph check lists them).")
    assert "Traceback" not in done.stderr
