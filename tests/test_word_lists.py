"""The writers' word lists (lexigraph/data/: terminology, absolute words, phrases that never link)
are content: a broken one is a located message from `check` and a refused build, never a traceback.

The first tests break a copy of the lists and run check in this process; one smoke test and the
build tests run a copy of the lexigraph package whose list was broken, as a real process; the
sweep changes every field of every list into every kind of value, in-process, as
tests/test_fuzz_check.py does for the entries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexigraph.content.yamlfile import parse_text
from tests.support.cli import lexigraph
from tests.support.site import PROJECT, make_project
from tests.test_fuzz_check import _walk

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


def broken_package(tmp_path: Path, name: str, content: bytes) -> Path:
    """A copy of the lexigraph package with lexigraph/data/<name> replaced; returns the folder to put on PYTHONPATH."""
    where = tmp_path / "package"
    shutil.copytree(PROJECT / "lexigraph", where / "lexigraph", ignore=shutil.ignore_patterns("__pycache__"))
    (where / "lexigraph" / "data" / name).write_bytes(content)
    return where


def run(package: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    # cwd holds no lexigraph/ folder, so `python -m` imports the broken copy from PYTHONPATH.
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(package))
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


CASES = {
    "wrong types": ("terminology.yml", b"fr: [1, {use: 3}]\nen:\n  - use: the user\n    avoid: []\n    why: one name\n", [
        "lexigraph/data/terminology.yml:1: $.fr[0]: LX103 expected a mapping of fields, got a whole number",
        "lexigraph/data/terminology.yml:1: $.fr[1].avoid: LX103 missing required field",
        "lexigraph/data/terminology.yml:1: $.fr[1].use: LX103 expected text, got a whole number",
        "lexigraph/data/terminology.yml:1: $.fr[1].why: LX103 missing required field",
        "lexigraph/data/terminology.yml:4: $.en[0].avoid: LX103 needs at least 1 item(s), has 0",
    ]),
    "YAML syntax": ("not-terms.yml", b"fr: [serveur A2A\nen: []\n", [
        "lexigraph/data/not-terms.yml:2: $: LX102 YAML syntax error (column 3): did not find expected ',' or ']' "
        "(while parsing a flow sequence); hint: a '[' list is not closed, or holds a ',' in its text: "
        "close it, or quote the text",
    ]),
    "not UTF-8": ("absolute-words.yml", b"fr: [\xe9t\xe9]\n", [
        "lexigraph/data/absolute-words.yml:1: $: LX101 file is not valid UTF-8 (invalid continuation byte at byte 5)",
    ]),
    "a phrase of punctuation only": ("not-terms.yml", "en: ['—', '...']\n".encode(), [
        "lexigraph/data/not-terms.yml:1: $.en[0]: LX103 '—' holds no letter or digit: write a word",
        "lexigraph/data/not-terms.yml:1: $.en[1]: LX103 '...' holds no letter or digit: write a word",
    ]),
    "unknown language and empty phrase": ("not-terms.yml", b"fr: ['  ']\nde: [Modell]\n", [
        "lexigraph/data/not-terms.yml:1: $.fr[0]: LX103 '  ' holds no letter or digit: write a word",
        "lexigraph/data/not-terms.yml:2: $.de: LX103 unknown field 'de'; allowed: fr, en",
    ]),
    "a label in French only": ("labels.yml", b"fr:\n  a: Bonjour\n  b: Au revoir\nen:\n  a: Hello\n", [
        "lexigraph/data/labels.yml:3: $.fr.b: LX103 label 'b' has no en text: add it under en:",
    ]),
    "labels as a list": ("labels.yml", b"fr: [Bonjour]\nen: {}\n", [
        "lexigraph/data/labels.yml:1: $.fr: LX103 expected a mapping of fields, got a list",
    ]),
}


def test_check_strict_locates_a_label_s_typography_in_labels_yml(tmp_path):
    """The labels are checked like the prose, at their own line in the data file (no longer by parsing i18n.py)."""
    package = broken_package(tmp_path, "labels.yml", b"fr:\n  a: Bonjour\n  b: Il l'a dit\nen:\n  a: Hello\n  b: Said\n")
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    result = run(package, tmp_path, "lexigraph", "--root", str(root), "check", "--strict")
    assert "Traceback" not in result.stdout + result.stderr
    assert "  lexigraph/data/labels.yml:3: $.fr.b: LX903 straight apostrophe: write ’" in result.stdout.splitlines()


@pytest.mark.parametrize("case", CASES)
def test_check_reports_a_broken_list_with_file_line_and_path(tmp_path, case, word_lists):
    """In this process, the lists read from a copy (the word_lists fixture below)."""
    name, content, expected = CASES[case]
    data, _lists, forget = word_lists
    (data / name).write_bytes(content)
    forget()
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    result = lexigraph("--root", str(root), "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert sorted(line.strip() for line in result.stdout.splitlines() if line.startswith("  ")) == sorted(expected)


def test_a_real_process_reads_the_broken_list_of_its_package(tmp_path):
    """Smoke: `python -m lexigraph check` with a package whose list is broken reports it the same way."""
    name, content, expected = CASES["wrong types"]
    package = broken_package(tmp_path, name, content)
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    result = run(package, tmp_path, "lexigraph", "--root", str(root), "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert sorted(line.strip() for line in result.stdout.splitlines() if line.startswith("  ")) == sorted(expected)


def test_the_build_refuses_a_broken_list_and_keeps_the_previous_site(tmp_path):
    project = make_project(FIXTURE, tmp_path / "project")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(PROJECT))
    first = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet"], cwd=project, env=env,
                           capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    page = (project / "site" / "en" / "widget" / "index.html").read_bytes()
    package = broken_package(tmp_path, "not-terms.yml", b"en: {Pydantic model: 1}\n")
    result = run(package, project, "mkdocs", "build", "--quiet")
    assert result.returncode != 0
    assert "lexigraph/data/not-terms.yml:1: $.en: LX103 expected a list, got a mapping" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert (project / "site" / "en" / "widget" / "index.html").read_bytes() == page


# --- every field of every list, every kind of value (the sweep of tests/test_fuzz_check.py) ------

@pytest.fixture
def word_lists(tmp_path, monkeypatch):
    """The package's lists copied to a folder laid out like the package; check reads them from there."""
    from lexigraph.check import cues, terminology
    from lexigraph.content import wordlists

    data = tmp_path / "package" / "lexigraph" / "data"
    shutil.copytree(PROJECT / "lexigraph" / "data", data)
    # Keyed on the file's stat; two writes within the clock's resolution could share one, so clear them.
    caches = (wordlists._read, wordlists._digest, wordlists._file, terminology._rules, cues._phrases_cached)
    for cached in caches:
        cached.cache_clear()
    monkeypatch.setattr(wordlists, "DATA", data)
    monkeypatch.setattr(wordlists, "_DATA", str(data))      # what stamp() looks at
    monkeypatch.setattr(wordlists, "ROOT", data.parent.parent)
    yield data, wordlists.LISTS, lambda: [cached.cache_clear() for cached in caches]
    for cached in caches:
        cached.cache_clear()


@pytest.mark.slow      # a sweep (about 20 s): in the full suite, out of --fast
def test_every_field_of_every_list_gets_every_kind_of_value(tmp_path, word_lists, capsys):
    from tests.test_fuzz_check import (
        KINDS,
        Tally,
        _at,
        check,
        field_path,
        mutate,
        outcome,
        renders,
        sweep_value,
    )

    data, lists, forget = word_lists
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    tally = Tally("Sweep of the word lists")
    for word_list in lists:
        file = data / word_list.file
        text = file.read_text(encoding="utf-8")
        doc, problems = parse_text(text, word_list.file)
        assert doc is not None and not problems
        places = {}
        for path in _walk(doc.data):
            places.setdefault(field_path(word_list.schema, path), path)
        for path in places.values():
            for kind in KINDS:
                file.write_text(mutate(doc.data, path, kind, sweep_value(kind, _at(doc.data, path))), encoding="utf-8")
                forget()          # the lists, the rules and the words built from them are read again
                try:
                    code, output = check(root)
                    result = outcome(root, f"lexigraph/data/{word_list.file}", code, output)
                    if result == "valid":       # a list check accepts must not break rendering (first mentions)
                        renders(root, "lexigraph/data")
                finally:
                    file.write_text(text, encoding="utf-8")
                    forget()
                tally.add(kind, result)
    assert tally.counts["invalid"] > 0 and sum(tally.counts.values()) >= 20 * len(KINDS)
    with capsys.disabled():
        print(tally.report())


def test_mkdocs_serve_reads_an_edited_list_again(tmp_path):
    """`mkdocs serve` watches lexigraph/data/ and reads a list again when its file changes: here the
    list is broken mid-session, and the rebuild reports it at its line."""
    import socket
    import time
    import urllib.request

    package = broken_package(tmp_path, "not-terms.yml", (PROJECT / "lexigraph" / "data" / "not-terms.yml").read_bytes())
    project = make_project(FIXTURE, tmp_path / "project")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(package))
    with log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                                  cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while "Serving on" not in log.read_text(encoding="utf-8"):
                assert server.poll() is None and time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.2)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/widget/", timeout=30) as response:
                assert response.status == 200
            (package / "lexigraph" / "data" / "not-terms.yml").write_text("en: {A2A server: 1}\n", encoding="utf-8")
            message = "lexigraph/data/not-terms.yml:1: $.en: LX103 expected a list, got a mapping"
            deadline = time.monotonic() + 60
            while message not in log.read_text(encoding="utf-8"):
                assert server.poll() is None and time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.2)
            assert "Traceback" not in log.read_text(encoding="utf-8")
        finally:
            server.terminate()
            server.wait(timeout=30)
