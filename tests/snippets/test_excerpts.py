"""Some entries show an excerpt of a longer snippet that other tests run: the site's own WebMCP
tools (snippets/webmcp/site-tools.js, run in Chromium by test_webmcp_site.py) and the reference
MCP server (snippets/server/weather_server.py, run by the JSON-RPC cases). Every part of an
excerpt between elision lines (`// …`, `# …`) must be the full file's lines, verbatim and in
order, so a page never shows code that is not the code that runs."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "snippets"
# excerpt → (the full file it is cut from, how many parts it keeps)
EXCERPTS = {
    "webmcp/site-tools-excerpt.js": ("webmcp/site-tools.js", 4),
    "server/weather_server_excerpt.py": ("server/weather_server.py", 4),
}


def is_elision(line: str) -> bool:
    return line.strip().startswith(("// …", "# …"))


def parts(text: str) -> list[list[str]]:
    chunks, current = [], []
    for line in text.splitlines():
        if is_elision(line):
            chunks.append(current)
            current = []
        else:
            current.append(line)
    chunks.append(current)
    return [c for c in chunks if c]


def unmatched(excerpt: str, full: str) -> list[str]:
    """The first line of each excerpt part not found, in order, as a whole run of the full file's lines."""
    lines, start, missing = full.splitlines(), 0, []
    for chunk in parts(excerpt):
        for at in range(start, len(lines) - len(chunk) + 1):
            if lines[at:at + len(chunk)] == chunk:
                start = at + len(chunk)
                break
        else:
            missing.append(chunk[0])
    return missing


def read(name: str) -> str:
    return (SNIPPETS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("excerpt", sorted(EXCERPTS))
def test_excerpt_is_the_full_file_verbatim_and_in_order(excerpt):
    full, count = EXCERPTS[excerpt]
    assert len(parts(read(excerpt))) == count
    assert unmatched(read(excerpt), read(full)) == []


@pytest.mark.parametrize("excerpt, old, new", [
    ("webmcp/site-tools-excerpt.js", "annotations: { readOnlyHint: true }", "annotations: { readOnlyHint: false }"),
    ("webmcp/site-tools-excerpt.js", "  register();\n", ""),
    ("server/weather_server_excerpt.py", "read_only_hint=True", "read_only_hint=False"),
    ("server/weather_server_excerpt.py", 'host="127.0.0.1"', 'host="0.0.0.0"'),
])
def test_a_changed_full_file_no_longer_matches_its_excerpt(excerpt, old, new):
    full = read(EXCERPTS[excerpt][0])
    assert full.count(old) == 1
    assert unmatched(read(excerpt), full.replace(old, new)) != []


@pytest.mark.parametrize("excerpt", sorted(EXCERPTS))
def test_parts_out_of_order_do_not_match(excerpt):
    first, *_, last = parts(read(excerpt))
    swapped = "\n".join(last + ["# …"] + first)
    assert unmatched(swapped, read(EXCERPTS[excerpt][0])) == [first[0]]
