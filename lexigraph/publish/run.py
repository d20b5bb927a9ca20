"""Publish, after MkDocs: everything written beside the built site, in order (schemas, exports, feeds, sitemap, search index), with progress lines; nothing in a preview."""

from __future__ import annotations

import time
from pathlib import Path

from lexigraph.pipeline import Build, log
from lexigraph.publish import exports
from lexigraph.publish.schemas import publish_probes, publish_schemas
from lexigraph.render.urls import base_path


def publish_extras(build: Build, site_dir: Path) -> None:
    from lexigraph.publish import pagefind

    if build.preview is not None:   # feeds, sitemap and search cover the whole lexicon: not in a preview
        return
    started = time.perf_counter()
    publish_schemas(site_dir)
    publish_probes(build.corpus.root, site_dir)
    exports.publish(build.site, build.pages.values(), site_dir)
    log.info("Lexigraph: feeds, sitemap, Markdown and JSON copies written in %.1f s", time.perf_counter() - started)
    started = time.perf_counter()
    indexed = pagefind.publish(build, site_dir, base_path(build.site.site_url))
    log.info("Lexigraph: search index (Pagefind) of %d entry pages, one per language, in %.1f s",
             indexed, time.perf_counter() - started)
