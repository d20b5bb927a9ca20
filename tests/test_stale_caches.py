"""Derived data follows edits in long-running processes: a real `mkdocs serve` and a real `lexigraph preview`.

Each test edits content while the process runs and expects the process to see the edit, as a
fresh start would. Each failed on the code before explicit caches (stop 25):
- the snippet reader of the cross checks kept a snippet's first text for the whole process;
- the preview kept its term index on a corpus it edited in place, so a renamed entry kept its old links;
- the preview read only the previewed entry's files again, so a fix made in a neighbour never reached it.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.site import PROJECT, make_project

pytestmark = pytest.mark.build

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(PROJECT)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(log: Path, text: str, *, after: int = 0, timeout: float = 120) -> int:
    """Wait until ``text`` appears in the log past offset ``after``; return the offset just past it."""
    deadline = time.monotonic() + timeout
    while True:
        seen = log.read_text(encoding="utf-8")
        at = seen.find(text, after)
        if at >= 0:
            return at + len(text)
        assert time.monotonic() < deadline, f"{text!r} never appeared; log:\n{seen[-3000:]}"
        time.sleep(0.2)


@contextmanager
def _running(command: list[str], project: Path, log: Path, ready: str):
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=project, stdout=out, stderr=subprocess.STDOUT, env=ENV)
        try:
            _wait_for(log, ready)
            yield process
        finally:
            process.terminate()
            process.wait(timeout=30)


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode("utf-8")


def test_mkdocs_serve_checks_an_edited_snippet_against_its_new_text(tmp_path):
    project = make_project(FIXTURE, tmp_path / "p")
    port = _free_port()
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    with _running(command, project, log, "Serving on"):
        assert "annotation key" not in log.read_text(encoding="utf-8")
        snippet = project / "snippets" / "widget" / "declare.json"
        text = snippet.read_text(encoding="utf-8")
        assert '"name"' in text
        offset = len(log.read_text(encoding="utf-8"))
        snippet.write_text(text.replace('"name"', '"label"'), encoding="utf-8")
        # The annotation `name` no longer appears in the snippet: the rebuild must say so.
        _wait_for(log, "annotation key 'name' does not appear in snippets/widget/declare.json", after=offset)


@pytest.fixture
def real_project(tmp_path):
    return make_project(PROJECT, tmp_path / "real")


def test_preview_links_a_renamed_entry_under_its_new_title(real_project, tmp_path):
    port = _free_port()
    log = tmp_path / "preview.log"
    base = f"http://127.0.0.1:{port}"
    mention = re.compile(r'class="lx-mention" data-entry="tool"[^>]*>([^<]*)<')
    with _running([sys.executable, "-m", "lexigraph", "preview", "tool", "--port", str(port)],
                  real_project, log, "Serving on"):
        before = mention.findall(_get(base + "/en/tool-call/"))
        assert before and all("tool" in words.lower() for words in before)
        prose = real_project / "entries" / "tool" / "en.yml"
        text = prose.read_text(encoding="utf-8")
        assert "\ntitle: Tool\n" in text and "\naliases:" not in text
        offset = len(log.read_text(encoding="utf-8"))
        prose.write_text(text.replace("\ntitle: Tool\n", "\ntitle: Zorblax\n"), encoding="utf-8")
        _wait_for(log, "Preview rebuilt", after=offset)
        after = mention.findall(_get(base + "/en/tool-call/"))
        # "tool" is no longer this entry's name: no first mention links it any more
        assert all("tool" not in words.lower() for words in after), after


def test_preview_accepts_an_edit_once_a_neighbour_fixes_the_problem(real_project, tmp_path):
    port = _free_port()
    log = tmp_path / "preview.log"
    facts = real_project / "entries" / "tool-call" / "entry.yml"
    neighbour = real_project / "entries" / "api" / "entry.yml"
    original = facts.read_text(encoding="utf-8")
    relations = original.split("relations:")[1].split("\nshown_elsewhere")[0]
    assert "api" not in relations
    with _running([sys.executable, "-m", "lexigraph", "preview", "tool-call", "--port", str(port)],
                  real_project, log, "Serving on"):
        offset = len(log.read_text(encoding="utf-8"))
        edited = (original.replace("often_confused_with: [", "often_confused_with: [api, ", 1) if "often_confused_with: [" in relations
                  else original.replace("relations:\n", "relations:\n  often_confused_with: [api]\n", 1))
        facts.write_text(edited, encoding="utf-8")
        offset = _wait_for(log, "'api' does not list 'tool-call' back under often_confused_with", after=offset)
        offset = _wait_for(log, "Preview not updated", after=offset)
        # The writer adds the reciprocal relation in the neighbour, then saves the entry again.
        text = neighbour.read_text(encoding="utf-8")
        if "often_confused_with: [" in text:
            text = text.replace("often_confused_with: [", "often_confused_with: [tool-call, ", 1)
        else:
            text = text.replace("relations:\n", "relations:\n  often_confused_with: [tool-call]\n", 1)
        neighbour.write_text(text, encoding="utf-8")
        time.sleep(0.5)
        facts.write_text(facts.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        _wait_for(log, "Preview rebuilt", after=offset)
