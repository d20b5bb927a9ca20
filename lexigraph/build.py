"""The build pipeline as MkDocs sees it: load → validate → render → (MkDocs builds) → publish extras.

The MkDocs hook (hooks/lexigraph_hooks.py) calls these functions and nothing else. One
MkDocs build serves both languages; the corpus is loaded and validated once per process
and content state (``mkdocs serve`` rebuilds only after an edit).
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import LexigraphError
from .load import Corpus, load_corpus
from .links import SiteMap
from .render import PageMarkdown
from . import LANGUAGES
from .i18n import LABELS
from .site import Page, plan_language, render_root
from .validate import registry, validate

# MkDocs prints its own loggers' INFO lines (not with --quiet): what a long build is doing.
log = logging.getLogger("mkdocs.plugins.lexigraph")

DEFAULT_LANGUAGE = "fr"
CONTENT_DIRS = ("entries", "quizzes", "snippets", "archive")
CONTENT_FILES = ("specs.yml",)


@dataclass
class Build:
    corpus: Corpus
    site: SiteMap
    pages: dict = field(default_factory=dict)   # src_uri → Page, for this build
    fragments: dict = field(default_factory=dict)  # src_uri → HTML fragments of its skeleton
    navs: dict = field(default_factory=dict)    # lang → Navigation
    rendered: int = 0                            # pages MkDocs has rendered so far, for progress lines
    started: float = 0.0                         # when MkDocs began rendering them (perf_counter)


_cache: dict[tuple, Build] = {}


@dataclass(frozen=True)
class Scope:
    """A writer's preview (lexigraph/preview.py): its in-memory build and the entries it shows."""
    build: Build
    entries: frozenset
    index_site: SiteMap    # the home, A–Z and Revisions pages list the preview's entries only


PREVIEW: Scope | None = None   # set only inside `lexigraph preview`; a normal build never sees it


def _signature(root: Path) -> tuple:
    """Changes whenever a content file or a word list (lexigraph/data/) is added, removed or edited
    (for `mkdocs serve`)."""
    from . import datalists

    stats = [datalists.stamp(word_list) for word_list in datalists.LISTS]
    for name in CONTENT_DIRS:
        for path in sorted((root / name).rglob("*")):
            if path.is_file():
                st = path.stat()
                stats.append((str(path), st.st_mtime_ns, st.st_size))
    for name in CONTENT_FILES:
        path = root / name
        if path.is_file():
            stats.append((str(path), path.stat().st_mtime_ns, path.stat().st_size))
    return (str(root.resolve()), tuple(stats))


def prepare(root: Path, site_url: str) -> Build:
    """Load and validate the content once; raise LexigraphError listing every problem."""
    if PREVIEW is not None:
        return PREVIEW.build
    key = (_signature(root), site_url)
    if key not in _cache:
        started = time.perf_counter()
        corpus = load_corpus(root, use_cache=True)
        problems = validate(corpus)
        corpus.save_cache()
        if problems:
            raise LexigraphError(problems)
        _cache.clear()
        site = SiteMap.of(corpus, site_url or "https://www.lexigraph.org/", registry(corpus))
        _cache[key] = Build(corpus, site)
        log.info("Lexigraph: %d entries read and checked in %.1f s", len(corpus.entries), time.perf_counter() - started)
    return _cache[key]


def watched_data() -> str:
    """The folder of the writers' word lists, for `mkdocs serve` to watch beside the content."""
    from . import datalists

    return str(datalists.DATA)


def publish_schemas(site_dir: Path) -> None:
    """Copy the JSON Schemas to <site>/schemas/ so editors can validate while typing."""
    from importlib import resources

    target = site_dir / "schemas"
    target.mkdir(parents=True, exist_ok=True)
    for item in resources.files("lexigraph.schemas").iterdir():
        if item.name.endswith(".schema.json"):
            (target / item.name).write_text(item.read_text(encoding="utf-8"), encoding="utf-8")



def add_pages(build: Build, files, config):
    """Add every generated page of both languages to MkDocs' files."""
    from mkdocs.structure.files import File

    build.pages = {}
    build.fragments = {}
    for lang in LANGUAGES:
        for page in plan_language(build.site, lang) if PREVIEW is None else _preview_pages(lang):
            markdown = page.render()
            if isinstance(markdown, PageMarkdown):
                build.fragments[page.src_uri] = markdown.fragments
                markdown = markdown.skeleton
            files.append(File.generated(config, page.src_uri, content=markdown))
            build.pages[page.src_uri] = page
    root = Page("", "index.md", "", {lang: f"{lang}/" for lang in LANGUAGES}, render=lambda: render_root(build.site))
    files.append(File.generated(config, root.src_uri, content=root.render()))
    build.pages[root.src_uri] = root
    build.rendered, build.started = 0, time.perf_counter()
    if PREVIEW is None:
        log.info("Lexigraph: %d pages to build, in French and English", len(build.pages))
    return files


def page_rendered(build: Build) -> None:
    """Count a page MkDocs has rendered; on a large site, say how far the build is, ten times over."""
    build.rendered += 1
    total = len(build.pages)
    step = max(100, -(-total // 10))
    if PREVIEW is None and total >= 2 * step and build.rendered % step == 0:
        log.info("Lexigraph: %d of %d pages rendered (%.0f s)", build.rendered, total, time.perf_counter() - build.started)


def _preview_pages(lang: str) -> list[Page]:
    """The preview's pages: its indexes (of its own entries) and its entries' pages."""
    indexes = [page for page in plan_language(PREVIEW.index_site, lang) if page.entry_id is None]
    return indexes + [page for page in plan_language(PREVIEW.build.site, lang, PREVIEW.entries) if page.entry_id]


def restore_fragments(build: Build, html: str, page) -> str:
    """Put a page's HTML fragments back in place of their placeholder paragraphs."""
    fragments = build.fragments.get(page.file.src_uri)
    if not fragments:
        return html
    # Snippet bodies stay out of the search index (their field names are in the annotations):
    # the index is the largest file of the site and grows with every entry.
    html = html.replace('<div class="highlight">', '<div data-search-exclude class="highlight">')
    return _PLACEHOLDER.sub(lambda m: fragments[int(m.group(1))], html)


_PLACEHOLDER = re.compile(r"<p>LXFRAGMENT(\d+)X</p>")


def split_navigation(build: Build, nav) -> None:
    """Keep one small navigation per language (home and A–Z), never the whole lexicon.

    mkdocs.yml's nav has one section per language; each page is later shown its own
    language's section only, so a page's HTML does not grow with the number of entries.
    """
    from mkdocs.structure.nav import Navigation

    build.navs = {}
    for section in nav.items:
        children = getattr(section, "children", None) or []
        pages = [item for item in children if getattr(item, "is_page", False)]
        if pages:
            lang = pages[0].file.src_uri.split("/", 1)[0]
            local = Navigation(children, pages)
            local.homepage = pages[0]
            for item in children:
                item.parent = None
            build.navs[lang] = local


def localise_page(build: Build, context: dict, page, config) -> dict:
    """Per page: Material's interface language, the language's navigation, and the alternates."""
    generated = build.pages.get(page.file.src_uri)
    lang = generated.lang if generated is not None and generated.lang else DEFAULT_LANGUAGE
    config.theme["language"] = lang
    if lang in getattr(build, "navs", {}):
        context["nav"] = build.navs[lang]
    if generated is not None:
        base = _base_path(config.site_url)
        # `true`, not the list: see overrides/partials/alternate.html (no <link rel="alternate"> in the head).
        config.extra["alternate"] = True
        context["lx_languages"] = [
            {"name": LABELS[other]["language_name"], "lang": other, "link": base + url}
            for other, url in generated.alternates.items()
        ]
        context["lx_alternates"] = generated.alternates
        context["lx_entry"] = generated.entry_id
        context["lx_lang"] = lang
        context.update(_head_context(build, generated, lang))
    return context


def _base_path(site_url: str | None) -> str:
    """The path part of site_url ('/' or '/lexigraph/')."""
    from urllib.parse import urlsplit

    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def _head_context(build: Build, generated: Page, lang: str) -> dict:
    """For overrides/main.html: the entry's citation metadata and the language's feed and Markdown copy."""
    from . import cite

    # Root-relative on purpose; overrides/main.html says why these links avoid rel="alternate" alone.
    base = _base_path(build.site.site_url)
    head = {"lx_feed": f"{base}{lang}/feed.xml" if lang else None}
    entry = build.corpus.entries.get(generated.entry_id) if generated.entry_id else None
    if entry is not None and entry.status == "published" and generated.version in (None, entry.fact("version")):
        head["lx_head"] = cite.head(build.site, entry, lang, generated.alternates)
    if entry is not None and generated.version is None:
        head["lx_markdown"] = f"{base}{generated.url}index.md"
    return head


def keep_out_of_material_search(page) -> None:
    """Pagefind indexes the site (lexigraph/search.py); Material's lunr index stays empty.

    Material's search plugin stays in mkdocs.yml because its header shows the search box
    (overrides/partials/search.html) only when the plugin is on.
    """
    page.meta["search"] = {"exclude": True}


def publish_extras(build: Build, site_dir: Path) -> None:
    from . import extras, search

    if PREVIEW is not None:   # feeds, sitemap and search cover the whole lexicon: not in a preview
        return
    started = time.perf_counter()
    publish_schemas(site_dir)
    extras.publish(build.site, build.pages.values(), site_dir)
    log.info("Lexigraph: feeds, sitemap, Markdown and JSON copies written in %.1f s", time.perf_counter() - started)
    started = time.perf_counter()
    indexed = search.publish(build, site_dir, _base_path(build.site.site_url))
    log.info("Lexigraph: search index (Pagefind) of %d entry pages, one per language, in %.1f s",
             indexed, time.perf_counter() - started)
