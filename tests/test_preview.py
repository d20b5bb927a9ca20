"""`lexigraph preview <id>`: a real preview process, real Chromium, real saves of the entry's files."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.browser import chromium
from tests.support.site import PROJECT, make_project

pytestmark = [pytest.mark.browser, pytest.mark.build]

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def preview(tmp_path):
    """A preview of 'widget' on the fixture lexicon; yields (project, base URL, log file)."""
    project = make_project(FIXTURE, tmp_path / "project")
    port = free_port()
    log = tmp_path / "preview.log"
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "lexigraph", "preview", "widget", "--port", str(port)],
                                   cwd=project, stdout=out, stderr=subprocess.STDOUT,
                                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(PROJECT)})
        try:
            deadline = time.monotonic() + 120
            while "Serving on" not in log.read_text(encoding="utf-8"):
                assert process.poll() is None and time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.2)
            yield project, f"http://127.0.0.1:{port}", log
        finally:
            process.terminate()
            process.wait(timeout=30)


def wait_for_text(page, selector: str, text: str) -> None:
    """Wait until the element shows the text, across live reloads.

    A reload can run the check in the new document before its body is parsed, so the element may
    not exist yet: that counts as "not yet", not as a failure.
    """
    page.wait_for_function("([selector, text]) => document.querySelector(selector)?.innerText.includes(text)",
                           arg=[selector, text], timeout=60_000)


def test_preview_shows_a_saved_edit_and_keeps_the_last_good_page_on_bad_input(preview):
    project, base, log = preview
    source = project / "entries/widget/en.yml"
    original = source.read_text(encoding="utf-8")
    with chromium() as context:
        page = context.new_page()
        page.goto(base + "/en/widget/")
        assert "A widget is a test piece" in page.inner_text(".lx-definition")
        assert page.goto(base + "/en/gadget/").status == 200            # a neighbour is in the preview
        assert page.goto(base + "/en/a-z/").status == 200
        page.goto(base + "/en/widget/")

        source.write_text(original.replace("A widget is a test piece", "A widget is a freshly edited piece"), encoding="utf-8")
        wait_for_text(page, ".lx-definition", "freshly edited")

        source.write_text(original.replace("title: Widget\n", "title: 7\n"), encoding="utf-8")
        deadline = time.monotonic() + 60
        while "Preview not updated" not in log.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
            time.sleep(0.2)
        assert "entries/widget/en.yml:2: $.title:" in log.read_text(encoding="utf-8")
        page = context.new_page()   # the open page may be mid live-reload: read the preview from a fresh one
        page.goto(base + "/en/widget/")
        assert "freshly edited" in page.inner_text(".lx-definition")
        assert "Traceback" not in log.read_text(encoding="utf-8")

        # A new title reaches the preview's A–Z index too.
        source.write_text(original.replace("title: Widget\n", "title: Widgetry\n"), encoding="utf-8")
        page.goto(base + "/en/widget/")
        wait_for_text(page, "h1", "Widgetry")
        page.goto(base + "/en/a-z/")
        assert "Widgetry" in page.inner_text("article")


def test_preview_of_an_unknown_entry_says_so(tmp_path):
    project = make_project(FIXTURE, tmp_path / "project")
    result = subprocess.run([sys.executable, "-m", "lexigraph", "preview", "nope", "--port", str(free_port())],
                            cwd=project, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(PROJECT)})
    assert result.returncode == 1
    assert "entries/nope:1: $: no entry 'nope' to preview: give the id of a folder in entries/" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
