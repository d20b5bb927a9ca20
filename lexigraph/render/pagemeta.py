"""Per-page head text (meta description, title of archived versions) and the HTML clean-up applied to every page."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

from lexigraph.content.archive import past_versions
from lexigraph.render.cite import plain
from lexigraph.render.i18n import t
from lexigraph.render.relmap import MAP_SLUG, map_parts

DESCRIPTION_LIMIT = 300   # characters; search engines show about 160, the rest is cut at a word


def _shorten(text: str) -> str:
    text = re.sub(r"[ \t\r\n]+", " ", text).strip()     # not str.split(): no-break spaces stay (French typography)
    if len(text) <= DESCRIPTION_LIMIT:
        return text
    return text[:DESCRIPTION_LIMIT].rsplit(" ", 1)[0] + "…"


_DEFINITION = re.compile(r'<p class="lx-definition"[^>]*>(.*?)</p>', re.S)
_ANALOGY = re.compile(r'<span class="lx-analogy">.*?</span>', re.S)
_TAG = re.compile(r"<[^>]+>")


def archived_definition(markdown: str) -> str:
    """The definition of an archived page (its frozen HTML), as plain text; '' when it has none."""
    match = _DEFINITION.search(markdown)
    if match is None:
        return ""
    return html.unescape(_TAG.sub("", _ANALOGY.sub("", match.group(1)))).strip()


def _snapshot(site, entry, version: str):
    for snap in past_versions(site.corpus, entry):
        if snap.version == version:
            return snap
    return None


def head_text(site, generated, lang: str) -> dict:
    """{'description': …, 'title': … or None} for a generated page (see mkdocs_glue.localise_page).

    Home, A–Z and Revisions have a sentence of their own in each language; an entry page
    says its definition, as plain text; an archived version says which version it is."""
    if generated.entry_id is None:
        name = generated.url.strip("/").partition("/")[2] or "home"
        key = {"home": "home_description", "a-z": "az_description", "revisions": "revisions_description",
               MAP_SLUG.get(lang): "map_description", t(lang, "support_slug"): "support_description"}.get(name)
        part = name.partition("/")[2]
        if name.partition("/")[0] == MAP_SLUG.get(lang) and part.isdigit():   # /fr/carte/2/: its page number
            total = len(map_parts(site.corpus))
            return {"description": t(lang, "map_part_description", n=int(part), total=total), "title": None}
        return {"description": t(lang, key) if key else t(lang, "home_description"), "title": None}
    entry = site.corpus.entries[generated.entry_id]
    title = plain(entry.text(lang, "title") or entry.id)
    definition = plain(entry.text(lang, "definition") or "") or t(lang, "planned_notice")
    if generated.version is None:
        return {"description": _shorten(definition), "title": None}
    snap = _snapshot(site, entry, generated.version)
    frozen = archived_definition(snap.markdown(lang)) if snap is not None else ""
    return {"description": _shorten(t(lang, "archived_description", version=generated.version, title=title,
                                      definition=frozen or definition)),
            "title": t(lang, "archived_title", title=title, version=generated.version)}


# md_in_html's `markdown` attribute (render/entry.py's blocks, render/cite.py, archived pages) only tells
# Python-Markdown what to do; in the page it is invalid HTML (Nu HTML Checker). Removed from every tag.
_MARKDOWN_ATTRIBUTE = re.compile(r'(<(?:div|section|details|p|span)(?:\s+(?!markdown\b)[\w:.-]+(?:="[^"]*")?)*)'
                                 r'\s+markdown(?:="[^"]*")?(?=[\s/>])')


# Archived versions frozen before the quiz became a <div> (render/quiz.py) still hold a heading-less <section>.
_OLD_QUIZ = re.compile(r'<section( data-search-exclude class="lx-quiz"[^>]*>.*?</ol>)</section>', re.S)


# Python-Markdown's toc extension writes one title on every heading's permalink, in English (mkdocs.yml).
_PERMALINK = re.compile(r'(class="headerlink" href="#[^"]*") title="Permanent link"')


def clean_html(page_html: str, lang: str | None = None) -> str:
    """A page's content HTML without attributes meant for the Markdown pass, without the heading-less
    quiz <section> of archived versions, and with its headings' permalink titles in the page's language."""
    page_html = _OLD_QUIZ.sub(r"<div\1</div>", _MARKDOWN_ATTRIBUTE.sub(r"\1", page_html))
    if lang is not None:
        title = html.escape(t(lang, "permalink_title"), quote=True)
        page_html = _PERMALINK.sub(lambda m: f'{m.group(1)} title="{title}"', page_html)
    return page_html


def ui_labels(lang: str) -> dict:
    """Interface text the theme overrides need (overrides/partials/palette.html, copyright.html)."""
    return {"palette_dark": t(lang, "palette_dark"), "code_scroll": t(lang, "code_scroll"),
            "footer_licence": t(lang, "footer_licence"), "footer_generator": t(lang, "footer_generator")}


# Static templates of the theme (mkdocs.yml, theme.static_templates): one missing-address page per language.
NOT_FOUND_PER_LANGUAGE = {"fr/404.html": "fr", "en/404.html": "en"}


def template_context(context: dict, template_name: str, config, default_lang: str = "fr") -> dict:
    """For MkDocs' static templates. 404.html, served for any missing address, speaks the default language
    (its <html lang>) and overrides/404.html shows the French and the English text, each under its own lang.
    fr/404.html and en/404.html, for hosts that serve a folder's own 404 page, speak their language only."""
    if template_name == "404.html":
        from lexigraph import LANGUAGES

        config.theme["language"] = default_lang
        context["lx_ui"] = ui_labels(default_lang)
        context["lx_not_found"] = {lang: {"title": t(lang, "not_found_title"), "text": t(lang, "not_found_text"),
                                          "home": t(lang, "not_found_home"), "az": t(lang, "not_found_az")}
                                   for lang in LANGUAGES}
        context["config"].site_description = t(default_lang, "home_description")
    elif template_name in NOT_FOUND_PER_LANGUAGE:
        lang = NOT_FOUND_PER_LANGUAGE[template_name]
        config.theme["language"] = lang
        context["lx_ui"] = ui_labels(lang)
        context["lx_not_found_one"] = {"lang": lang, "title": t(lang, "not_found_title"), "text": t(lang, "not_found_text"),
                                       "home": t(lang, "not_found_home"), "az": t(lang, "not_found_az")}
        context["config"].site_description = t(lang, "home_description")
        # Served for any missing address under /fr/ or /en/, at any depth: links from the site's root, as
        # MkDocs does for its own NNN.html templates (only those match its error-template pattern).
        context["base_url"] = urlsplit(config.site_url or "/").path
    return context
