"""The beginners' reading path on the pages: the list on the home page, and "previous / next" on each entry of the
path, each with the reader's quiz progress (filled in by docs/assets/page.js from the answers quiz.js saved)."""

from __future__ import annotations

from lexigraph.content import reading_path
from lexigraph.render.i18n import t
from lexigraph.render.prose import escape, heading_text
from lexigraph.render.quiz import question_digest
from lexigraph.render.urls import relative


def _progress(entry, lang: str) -> str:
    """An empty span page.js fills with "quiz: 2/3 answered" from saved answers (nothing without JS or quiz)."""
    quiz = entry.quiz.get(lang)
    if quiz is None or not isinstance(quiz.data, dict):
        return ""
    questions = [q for q in quiz.data.get("questions") or [] if isinstance(q, dict) and q.get("id")]
    keys = " ".join(f"{q['id']}:{question_digest(entry, q['id'])}" for q in questions)
    return (f' <span class="lx-path__progress" data-lx-progress="{escape(entry.id)}" data-questions="{escape(keys)}"'
            f' data-template="{escape(t(lang, "path_progress"))}" hidden></span>')


def home_section(site, lang: str) -> list[str]:
    """The path on the home page: a heading (in the table of contents) and the ordered steps."""
    path = reading_path.of(site.corpus)
    if path is None:
        return []
    url = f"{lang}/"
    items = []
    for step in path.steps:
        entry = site.corpus.entries[step]
        items.append(f'<li class="lx-path__step"><a href="{relative(url, site.urls[(lang, step)])}">'
                     f'{escape(entry.text(lang, "title"))}</a>{_progress(entry, lang)}</li>')
    return [f"## {heading_text(path.title[lang])} {{#path}}", "",
            f'<p class="lx-lead">{escape(t(lang, "path_lead", n=len(path.steps)))}</p>', "",
            f'<ol class="lx-path">{"".join(items)}</ol>', ""]


def entry_nav(site, entry, lang: str, url: str) -> list[str]:
    """"Step 3 of 9", previous and next, on an entry of the path; nothing on other entries."""
    path = reading_path.of(site.corpus)
    where = path.neighbours(entry.id) if path is not None else None
    if path is None or where is None:
        return []
    position, previous, following = where
    home = relative(url, f"{lang}/") + "#path"
    links = []
    for rel, target, key, arrow in (("prev", previous, "path_previous", "←"), ("next", following, "path_next", "→")):
        if target is None:
            continue
        other = site.corpus.entries[target]
        text = f"{arrow} {escape(other.text(lang, 'title'))}" if rel == "prev" else f"{escape(other.text(lang, 'title'))} {arrow}"
        links.append(f'<a class="lx-path-nav__{rel}" rel="{rel}" href="{relative(url, site.urls[(lang, target)])}">'
                     f'<span class="lx-path-nav__label">{t(lang, key)}</span> {text}</a>')
    return [f'<nav class="lx-path-nav" aria-label="{escape(path.title[lang])}"><p class="lx-path-nav__where">'
            f'<a href="{home}">{escape(t(lang, "path_step", n=position, total=len(path.steps)))}</a>{_progress(entry, lang)}</p>'
            f'{"".join(links)}</nav>', ""]
