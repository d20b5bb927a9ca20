"""Snippets of the mcp-host, mcp-client, mcp-server and mcp-resource entries, run as real processes
against the reference server (snippets/server/weather_server.py) over stdio."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def run(snippet: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run a snippet as its own process; stdout and stderr are kept apart."""
    return subprocess.run([sys.executable, str(SNIPPETS / snippet)], input=stdin, capture_output=True,
                          text=True, timeout=90, check=True)


# --- mcp-host: one client per server, one offer, one approval ------------------------------

def test_host_approved_prints_the_transcript_shown_in_the_entry():
    assert run("mcp-host/host.py", "y\n").stdout == (SNIPPETS / "mcp-host/transcript.txt").read_text(encoding="utf-8")


def test_host_opens_one_modern_client_per_server_and_offers_one_prefixed_tool_each():
    lines = run("mcp-host/host.py", "y\n").stdout.splitlines()
    assert lines[:2] == ["client weather: connected, protocol 2026-07-28", "client tracker: connected, protocol 2026-07-28"]
    assert "host: weather__search_issues is not offered" in lines
    assert "host: tracker__get_forecast is not offered" in lines
    assert "offered to the model: weather__get_forecast, tracker__search_issues" in lines


def test_host_sends_the_unprefixed_name_to_the_chosen_server_and_labels_the_result():
    out = run("mcp-host/host.py", "y\n").stdout
    assert 'tracker server, tool search_issues, arguments {"query": "wind", "repository": "example/weather-app"}' in out
    assert out.endswith("result from tracker (untrusted data): #102 Wind speed rounded to zero in the dashboard\n")


def test_host_refused_sends_nothing():
    out = run("mcp-host/host.py", "n\n").stdout
    assert out.endswith("allow? [y/N] n\nhost: refused, nothing was sent to the server\n")
    assert "result from" not in out
