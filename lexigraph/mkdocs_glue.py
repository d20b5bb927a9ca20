"""The bodies of the MkDocs events (hooks/lexigraph_hooks.py calls them): generated pages added to MkDocs' files, HTML fragments restored, one navigation per language, page context localised. With authoring/preview.py, the only module that uses MkDocs objects."""

from __future__ import annotations

import re
import time

from lexigraph import LANGUAGES
from lexigraph.pipeline import DEFAULT_LANGUAGE, Build, log
from lexigraph.render.entry import PageMarkdown
from lexigraph.render.i18n import labels
from lexigraph.render.indexes import render_root
from lexigraph.render.pages import Page, plan_language
from lexigraph.render.urls import base_path


def add_pages(build: Build, files, config):
    """Add every generated page of both languages to MkDocs' files."""
    from mkdocs.structure.files import File

    build.pages = {}
    build.fragments = {}
    for lang in LANGUAGES:
        for page in plan_language(build.site, lang) if build.preview is None else _preview_pages(build, lang):
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
    if build.preview is None:
        log.info("Lexigraph: %d pages to build, in French and English", len(build.pages))
    return files


def page_rendered(build: Build) -> None:
    """Count a page MkDocs has rendered; on a large site, say how far the build is, ten times over."""
    build.rendered += 1
    total = len(build.pages)
    step = max(100, -(-total // 10))
    if build.preview is None and total >= 2 * step and build.rendered % step == 0:
        log.info("Lexigraph: %d of %d pages rendered (%.0f s)", build.rendered, total, time.perf_counter() - build.started)


def _preview_pages(build: Build, lang: str) -> list[Page]:
    """The preview's pages: its indexes (of its own entries) and its entries' pages."""
    scope = build.preview
    assert scope is not None   # called for a preview build only
    indexes = [page for page in plan_language(scope.index_site, lang) if page.entry_id is None]
    return indexes + [page for page in plan_language(build.site, lang, scope.entries) if page.entry_id]


def restore_fragments(build: Build, html: str, page) -> str:
    """Put a page's HTML fragments back in place of their placeholder paragraphs."""
    from lexigraph.render.pagemeta import clean_html

    generated = build.pages.get(page.file.src_uri)
    lang = generated.lang if generated is not None and generated.lang else DEFAULT_LANGUAGE
    fragments = build.fragments.get(page.file.src_uri)
    if not fragments:
        return clean_html(html, lang)
    # Snippet bodies stay out of the search index (their field names are in the annotations):
    # the index is the largest file of the site and grows with every entry.
    html = html.replace('<div class="highlight">', '<div data-search-exclude class="highlight">')
    return clean_html(_PLACEHOLDER.sub(lambda m: fragments[int(m.group(1))], html), lang)


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
        base = base_path(config.site_url)
        # `true`, not the list: see overrides/partials/alternate.html (no <link rel="alternate"> in the head).
        config.extra["alternate"] = True
        context["lx_languages"] = [
            {"name": labels(other)["language_name"], "lang": other, "link": base + url}
            for other, url in generated.alternates.items()
        ]
        context["lx_alternates"] = generated.alternates
        context["lx_entry"] = generated.entry_id
        context["lx_lang"] = lang
        context.update(_head_context(build, generated, lang))
        from lexigraph.render.pagemeta import head_text, ui_labels

        context["lx_ui"] = ui_labels(lang)
        text = head_text(build.site, generated, lang)   # per-language description; archived pages name their version
        page.meta["description"] = text["description"]
        if text["title"]:
            page.meta["title"] = text["title"]
    return context


def localise_template(build: Build, context: dict, template_name: str, config) -> dict:
    """Per static template (404 pages): its language's text (render/pagemeta.py) and, for a page of one
    language, that language's navigation only, as on every other page."""
    from lexigraph.render.pagemeta import NOT_FOUND_PER_LANGUAGE, template_context

    context = template_context(context, template_name, config, DEFAULT_LANGUAGE)
    lang = NOT_FOUND_PER_LANGUAGE.get(template_name)
    if lang in getattr(build, "navs", {}):
        context["nav"] = build.navs[lang]
    return context


def _head_context(build: Build, generated: Page, lang: str) -> dict:
    """For overrides/main.html: the entry's citation metadata and the language's feed and Markdown copy."""
    from lexigraph.render import cite

    # Root-relative on purpose; overrides/main.html says why these links avoid rel="alternate" alone.
    base = base_path(build.site.site_url)
    head: dict[str, object] = {"lx_feed": f"{base}{lang}/feed.xml" if lang else None}
    entry = build.corpus.entries.get(generated.entry_id) if generated.entry_id else None
    if entry is not None and entry.status == "published" and generated.version in (None, entry.fact("version")):
        head["lx_head"] = cite.head(build.site, entry, lang, generated.alternates)
    if entry is not None and generated.version is None:
        head["lx_markdown"] = f"{base}{generated.url}index.md"
    return head


def keep_out_of_material_search(page) -> None:
    """Pagefind indexes the site (lexigraph/publish/pagefind.py); Material's lunr index stays empty.

    Material's search plugin stays in mkdocs.yml because its header shows the search box
    (overrides/partials/search.html) only when the plugin is on.
    """
    page.meta["search"] = {"exclude": True}
