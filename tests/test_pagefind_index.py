"""The search index that the build writes is the one pagefind's own client writes, without its poll delay.

lexigraph/publish/pagefind.py indexes the entry pages through pagefind's Python client with the
client's 0.1 s wait before each response taken out (_no_poll_delay). These tests index the same
pages of a real build both ways (the client as published, and as the build runs it), compare the
files, and count the client's waits (its calls of asyncio.sleep with a delay): one fewer per page
added, and all of them back afterwards, even when indexing failed. Counts, not clock readings: the
machine running the suite may be as slow as it likes.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from lexigraph.pipeline import prepare
from lexigraph.publish import pagefind as publish_pagefind
from lexigraph.render.pages import plan_language


@contextlib.contextmanager
def _client_as_published():
    """pagefind's client with its delay everywhere: _no_poll_delay made a no-op."""
    real = publish_pagefind._no_poll_delay
    publish_pagefind._no_poll_delay = contextlib.nullcontext  # type: ignore[assignment]
    try:
        yield
    finally:
        publish_pagefind._no_poll_delay = real


def _pages(project: Path) -> list:
    build = prepare(project, "https://www.lexigraph.org/")
    for lang in ("fr", "en"):
        for page in plan_language(build.site, lang):
            build.pages[page.src_uri] = page
    return publish_pagefind.entry_pages(build)


def _index(site: Path, pages: list, out: Path, *, prompt: bool) -> dict[str, object]:
    """Index ``pages`` of ``site`` into a copy at ``out``; the files of its pagefind/ folder (path → digest;
    the entry file parsed, since Pagefind writes its languages in no fixed order)."""
    shutil.copytree(site, out, ignore=shutil.ignore_patterns("pagefind"))
    if prompt:
        asyncio.run(publish_pagefind._publish(pages, out, "/"))
    else:
        with _client_as_published():
            asyncio.run(publish_pagefind._publish(pages, out, "/"))
    files: dict[str, object] = {}
    for path in sorted((out / "pagefind").rglob("*")):
        if path.is_file():
            name = path.relative_to(out / "pagefind").as_posix()
            data = path.read_bytes()
            files[name] = json.loads(data) if name == "pagefind-entry.json" else hashlib.sha256(data).hexdigest()
    return files


@pytest.fixture
def waits(monkeypatch) -> list[float]:
    """The delay of each wait (asyncio.sleep with a delay above 0) anything in this process asks for."""
    seen: list[float] = []
    real = asyncio.sleep

    async def sleep(delay, result=None):
        if delay > 0:
            seen.append(delay)
        return await real(delay, result)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return seen


def _count(waits: list[float], run) -> int:
    """How many waits ``run()`` asked for."""
    before = len(waits)
    run()
    return len(waits) - before


def test_the_index_is_the_one_pagefinds_client_writes_with_its_delay(fixture_site, tmp_path, waits):
    pages = _pages(fixture_site.parent)
    assert len(pages) == 4                      # two entries, in French and in English
    files = {}
    as_published = _count(waits, lambda: files.update(slow=_index(fixture_site, pages, tmp_path / "with-delay", prompt=False)))
    as_built = _count(waits, lambda: files.update(fast=_index(fixture_site, pages, tmp_path / "without", prompt=True)))
    assert files["fast"] == files["slow"]
    assert sum(name.startswith("fragment/") for name in files["fast"]) == len(pages)
    assert as_published >= len(pages)           # the client waits before it reads each response
    assert as_published - as_built >= len(pages)    # none of them while the pages are added
    assert as_built > 0                         # writing the files and closing keep the delay


def test_the_delay_is_back_after_indexing_even_when_it_failed(fixture_site, tmp_path, waits):
    pages = _pages(fixture_site.parent)
    before = _count(waits, lambda: _index(fixture_site, pages, tmp_path / "before", prompt=False))
    broken = [*pages[:2], ("en", "no-such-page/", "Nothing", [])]
    shutil.copytree(fixture_site, tmp_path / "broken", ignore=shutil.ignore_patterns("pagefind"))
    with pytest.raises(FileNotFoundError):
        asyncio.run(publish_pagefind._publish(broken, tmp_path / "broken", "/"))
    after = _count(waits, lambda: _index(fixture_site, pages, tmp_path / "after", prompt=False))
    assert before >= len(pages)
    assert after == before                      # the client as published: every wait, as before the build's run
