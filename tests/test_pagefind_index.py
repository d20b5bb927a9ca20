"""The search index that the build writes is the one pagefind's own client writes, without its poll delay.

lexigraph/publish/pagefind.py indexes the entry pages through pagefind's Python client with the
client's 0.1 s wait before each response taken out (_no_poll_delay). These tests index the same
pages of a real build both ways (the client as published, and as the build runs it), compare the
files, and check that the delay is gone while pages are added and back afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import shutil
import time
from pathlib import Path

import pagefind.service

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


def test_the_index_is_the_one_pagefinds_client_writes_with_its_delay(fixture_site, tmp_path):
    pages = _pages(fixture_site.parent)
    assert len(pages) == 4                      # two entries, in French and in English
    started = time.monotonic()
    slow = _index(fixture_site, pages, tmp_path / "with-delay", prompt=False)
    with_delay = time.monotonic() - started
    started = time.monotonic()
    fast = _index(fixture_site, pages, tmp_path / "without", prompt=True)
    without = time.monotonic() - started
    assert fast == slow
    assert sum(name.startswith("fragment/") for name in fast) == len(pages)
    assert with_delay >= 0.1 * len(pages)       # the client's wait, once per response
    assert without < with_delay


def test_the_delay_is_taken_out_only_while_indexing():
    saved = pagefind.service.asyncio
    assert saved is asyncio
    with publish_pagefind._no_poll_delay():
        assert pagefind.service.asyncio is not asyncio
        assert pagefind.service.asyncio.create_task is asyncio.create_task   # the rest of asyncio as it is
    assert pagefind.service.asyncio is asyncio
