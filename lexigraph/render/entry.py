"""Stage 3, render: one entry in one language → the Markdown/HTML of its page.

Prose goes through :mod:`lexigraph.render.prose` (safe HTML); headings stay Markdown so
MkDocs builds the table of contents; snippets become fenced code blocks so
Material highlights them and adds its copy button.
"""

from __future__ import annotations

import re

from lexigraph.content.model import Entry
from lexigraph.content.specs import stale_entries
from lexigraph.content.today import today
from lexigraph.render import cite, mentions, prose, relations, support
from lexigraph.render import path as reading_path
from lexigraph.render.evidence import Citations
from lexigraph.render.i18n import colon, long_date, month_year, t
from lexigraph.render.prose import escape, heading_text, inline, to_html
from lexigraph.render.quiz import render_quiz
from lexigraph.render.relmap import entry_map
from lexigraph.render.urls import UrlMap, entry_link, relative
from lexigraph.render.versions import render_versions


def fence(code: str, language: str) -> str:
    ticks = "`" * max(3, _longest_backtick_run(code) + 1)
    return f"{ticks}{language}\n{code.rstrip()}\n{ticks}"


def _longest_backtick_run(text: str) -> int:
    return max((len(run) for run in re.findall(r"`+", text)), default=0)


def number_label(entry: Entry) -> str:
    return f"Nº {int(entry.fact('number', 0)):03d}"


FRAGMENT = "LXFRAGMENT{}X"


class PageMarkdown(str):
    """A page's Markdown (the str value, raw HTML included), plus a fast form for the build:
    ``skeleton`` holds only headings, code fences and one placeholder paragraph per HTML
    fragment, so MkDocs' Markdown pass never re-parses the HTML; the hook puts
    ``fragments`` back into the rendered page."""

    skeleton: str
    fragments: list[str]


def assemble(parts: list[str]) -> PageMarkdown:
    """Join a page's parts; every part that starts with '<' is one HTML fragment."""
    skeleton = []
    fragments: list[str] = []
    for part in parts:
        if part.startswith("<"):
            skeleton.append(FRAGMENT.format(len(fragments)))
            fragments.append(part)
        else:
            skeleton.append(part)
    page = PageMarkdown("\n".join(parts))
    page.skeleton, page.fragments = "\n".join(skeleton), fragments
    return page


def render_page(make_parts) -> PageMarkdown:
    """A page from a function returning its parts: all its prose converted in one pass, then assembled."""
    with prose.batch() as pending:
        return assemble([pending.resolve(part) for part in make_parts()])


def render_entry(site: UrlMap, entry: Entry, lang: str) -> PageMarkdown:
    """The page of ``entry`` in ``lang``, in the model entry's reading order; its evidence markers
    numbered as the Sources list (render.evidence)."""
    token = prose.citations.set(Citations(entry, lang) if entry.status == "published" else None)
    try:
        return render_page(lambda: _entry_parts(site, entry, lang))
    finally:
        prose.citations.reset(token)


def _entry_parts(site: UrlMap, entry: Entry, lang: str) -> list[str]:
    url = site.urls[(lang, entry.id)]
    other = "en" if lang == "fr" else "fr"
    out: list[str] = [f"# {heading_text(entry.text(lang, 'title'))}", ""]
    switch = (f'<a class="lx-switch" href="{relative(url, site.urls[(other, entry.id)])}" hreflang="{other}" lang="{other}">'
              f'{t(lang, "other_language")}{colon(lang)} {escape(entry.text(other, "title"))}</a>')
    if entry.status == "planned":
        out += [f'<p class="lx-meta">{number_label(entry)} · {switch}</p>', "",
                f'<p class="lx-notice">{t(lang, "planned_notice")}</p>', ""]
        return out
    out += [fiche_header(entry, lang, switch), ""]
    out += reading_path.entry_nav(site, entry, lang, url)
    deprecated = deprecated_notice(site, entry, lang, url)
    if deprecated:
        out += [deprecated, ""]
    for notice in stale_notices(site, entry, lang, url):
        out += [f'<div class="admonition warning lx-stale" role="note">{notice}</div>', ""]
    links = page_mentions(site, entry, lang, url)
    out += [f'<p class="lx-definition" id="definition">{inline(entry.text(lang, "definition"), links.section("lead"))} '
            f'<span class="lx-analogy">{inline(entry.text(lang, "analogy"), links.section("lead"))}</span></p>', ""]
    out += _section(lang, "not", to_html(entry.text(lang, "not"), links.section("not")))
    out += [f"## {t(lang, 'in_depth')} {{#in-depth}}", ""]
    for section in entry.text(lang, "in_depth"):
        out += [f"### {heading_text(section['title'])} {{#in-depth-{section['id']}}}", "",
                _block(to_html(section["body"], links.section("in-depth"))), ""]
    out += _under_the_hood(site, entry, lang, links)
    out += _shown_elsewhere(site, entry, lang, url)
    out += _section(lang, "what_varies", to_html(entry.text(lang, "what_varies"), links.section("what-varies"))
                    + _valid_for(site, entry, lang), anchor="what-varies")
    out += support.render_section(site, entry, lang, url)
    out += _examples(entry, lang, links)
    out += _relations(site, entry, lang, url)
    quiz = entry.quiz.get(lang)
    if quiz is not None:
        questions = quiz.data["questions"]
        out += [f"## {t(lang, 'quiz')} {{#quiz}}", "",
                f'<p class="lx-lead">{t(lang, "quiz_lead", n=len(questions))}</p>', "",
                render_quiz(site, entry, lang, url, questions), ""]
    out += [_block(f'<p class="lx-colophon">{escape(_colophon(entry, lang))}</p>'), ""]
    out += render_versions(site, entry, lang, url)
    out += cite.render_block(site, entry, lang)
    out += _sources(entry, lang)
    return out




def fiche_header(entry: Entry, lang: str, switch: str) -> str:
    """The fiche's header line, as on the model fiche: Nº, version and its date, then the other language."""
    from lexigraph.render.cite import version_date

    date = version_date(entry)
    return (f'<p class="lx-meta lx-fiche"><span class="lx-fiche__id"><span class="lx-fiche__num">{number_label(entry)}</span>'
            f' · <span class="lx-fiche__version">{escape(entry.fact("version"))}</span>'
            f' · <time datetime="{escape(date)}">{escape(long_date(date, lang))}</time></span> {switch}</p>')


def page_mentions(site: UrlMap, entry: Entry, lang: str, url: str) -> mentions.PageMentions:
    """First-mention links for the page of ``entry`` at ``url``: one scope per top-level section
    (the lead, what it is not, in depth, under the hood, what varies, examples), so a term links
    once per section, not again in each of its subsections or steps."""
    return mentions.PageMentions(site.corpus, lang, entry.id, lambda target: relative(url, site.urls[(lang, target)]))


def _checked(site: UrlMap, entry: Entry):
    """(spec, checked revision) pairs of the entry that the registry knows."""
    for item in entry.fact("checked_against") or []:
        spec = site.specs.get(item["spec"])
        if spec is not None:
            yield spec, item["revision"]


def deprecated_notice(site: UrlMap, entry: Entry, lang: str, url: str) -> str | None:
    """The notice at the top of a deprecated entry's page: which revision deprecated it, and what replaces it."""
    info = entry.fact("deprecated")
    if not isinstance(info, dict):
        return None
    spec = site.specs.get(info["spec"])
    name = spec.name if spec is not None else info["spec"]
    revisions = relative(url, f"{lang}/revisions/")
    anchor = spec.anchor(info["revision"]) if spec is not None else ""
    when = f'<a href="{revisions}#{escape(anchor)}">{escape(long_date(info["revision"], lang))}</a>' if anchor else escape(long_date(info["revision"], lang))
    text = escape(t(lang, "deprecated_notice", spec=name, date="\x00")).replace("\x00", when)
    replaced = [entry_link(site, lang, url, target) for target in info.get("replaced_by", []) if target in site.corpus.entries]
    more = f' {escape(t(lang, "deprecated_replaced"))} {", ".join(replaced)}.' if replaced else ""
    return f'<div class="admonition danger lx-deprecated" role="note"><p>{text}{more}</p></div>'


def stale_notices(site: UrlMap, entry: Entry, lang: str, url: str) -> list[str]:
    """One notice (HTML) per specification that has moved on since the entry was checked: the dates
    written out, each newer revision linked to its anchor on the Revisions page with its note, and
    when the review is (or was) due."""
    revisions = relative(url, f"{lang}/revisions/")
    notices = []
    for spec, checked in _checked(site, entry):
        if checked >= spec.current or checked not in spec.dates():
            continue
        newer = [d for d in spec.dates() if d > checked]
        items = "".join(f'<li><a href="{revisions}#{escape(spec.anchor(d))}">{escape(t(lang, "stale_revision", date=long_date(d, lang)))}</a>'
                        f'{colon(lang)} {escape(spec.note(d, lang))}</li>' for d in newer)
        due = spec.due(newer[0])
        state = t(lang, "stale_overdue" if today() > due else "stale_due", due=long_date(due.isoformat(), lang))
        notices.append(f'<p>{escape(t(lang, "stale_notice", spec=spec.name, checked=long_date(checked, lang)))}</p>'
                       f'<ul>{items}</ul><p class="lx-due">{escape(state)}</p>')
    return notices


def stale_ids(site: UrlMap) -> set[str]:
    """Published entries checked against an older revision of some specification than its current one."""
    return {s.entry_id for s in stale_entries(site.corpus, site.specs)}


def _valid_for(site: UrlMap, entry: Entry, lang: str) -> str:
    items = []
    for spec, checked in _checked(site, entry):
        state = t(lang, "revision_current") if checked == spec.current else t(lang, "revision_superseded", current=spec.current)
        items.append(f"<li>{escape(spec.name)} <time datetime=\"{checked}\">{checked}</time> ({state})</li>")
    if not items:
        return ""
    return f'<p class="lx-valid-for"><strong>{t(lang, "valid_for")}</strong></p><ul class="lx-valid-for">{"".join(items)}</ul>'


def _block(html: str) -> str:
    """Wrap pre-rendered HTML so Markdown leaves it alone."""
    return f'<div class="lx-prose" markdown="0">\n{html}\n</div>'


def _section(lang: str, key: str, html: str, anchor: str | None = None) -> list[str]:
    return [f"## {t(lang, key)} {{#{anchor or key}}}", "", _block(html), ""]


def _under_the_hood(site: UrlMap, entry: Entry, lang: str, links: mentions.PageMentions) -> list[str]:
    hood = entry.text(lang, "under_the_hood")
    steps = entry.fact("steps")
    out = [f"## {t(lang, 'under_the_hood')} {{#under-the-hood}}", "",
           f'<p class="lx-lead">{t(lang, "steps_count", n=len(steps))}</p>', "", _block(to_html(hood["intro"], links.section("under-the-hood"))), ""]
    for index, step in enumerate(steps, start=1):
        prose = hood["steps"][step["id"]]
        scope = links.section("under-the-hood")
        code = site.corpus.read_snippet(step["snippet"])
        out += [f"### <span class=\"lx-step-number\">{index:02d}</span> {heading_text(prose['title'])} {{#step-{step['id']}}}", "",
                _block(to_html(prose["intro"], scope)), "",
                f'<p class="lx-code-label"><code>{escape(step["language"])}</code> · <span>snippets/{escape(step["snippet"])}</span></p>', "",
                fence(code, step["language"]), ""]
        items = "".join(f"<dt><code>{escape(key)}</code></dt><dd>{to_html(text, scope)}</dd>"
                        for key, text in prose["annotations"].items())
        out += [f'<dl class="lx-annotations">{items}</dl>', "",
                f'<div class="admonition warning lx-trap"><p class="admonition-title">{t(lang, "trap")}</p>{to_html(prose["trap"], scope)}</div>', ""]
    return out


def _shown_elsewhere(site: UrlMap, entry: Entry, lang: str, url: str) -> list[str]:
    reasons = entry.text(lang, "shown_elsewhere")
    items = "".join(f"<li>{entry_link(site, lang, url, target)} — {inline(reasons[target])}</li>"
                    for target in entry.fact("shown_elsewhere"))
    return [f"## {t(lang, 'shown_elsewhere')} {{#shown-elsewhere}}", "", f'<ul class="lx-shown-elsewhere">{items}</ul>', ""]


def _examples(entry: Entry, lang: str, links: mentions.PageMentions) -> list[str]:
    texts = entry.text(lang, "examples")
    items = "".join(f'<dt id="example-{escape(x["id"])}"><time datetime="{escape(x["date"])}">{escape(x["date"])}</time></dt><dd>{to_html(texts[x["id"]], links.section("examples"))}</dd>'
                    for x in entry.fact("examples"))
    return [f"## {t(lang, 'examples')} {{#examples}}", "", f'<dl class="lx-examples">{items}</dl>', ""]


def _relations(site: UrlMap, entry: Entry, lang: str, url: str) -> list[str]:
    rows = "".join(f'<dt>{t(lang, kind)}</dt><dd>{", ".join(entry_link(site, lang, url, x, preview=True) for x in targets)}</dd>'
                   for kind, targets in relations.both_ways(site.corpus, entry))
    drawing = entry_map(site, entry, lang, url)   # aria-hidden: the list right after it is its text (render/relmap.py)
    return [f"## {t(lang, 'relations')} {{#relations}}", "",
            f'<p class="lx-lead">{t(lang, "relations_lead")}</p>', ""] + (
           [drawing, ""] if drawing else []) + [f'<dl class="lx-relations">{rows}</dl>', ""]


def _colophon(entry: Entry, lang: str) -> str:
    return t(lang, "colophon", number=f"{int(entry.fact('number')):03d}", version=entry.fact("version"),
             first=month_year(entry.fact("first_written"), lang), editor=entry.fact("editor"))


def source_note(source: dict, lang: str) -> str:
    """What the entry says of a source, in the page's language, after its title (or nothing)."""
    note = source.get("note")
    return f" — {note[lang]}" if note else ""


def _sources(entry: Entry, lang: str) -> list[str]:
    """The numbered Sources list (then the observations), each item linking back to where it is cited.
    Built after the prose is converted, so it knows every citation on the page."""
    numbering = prose.citations.get() or Citations(entry, lang)
    pending = prose.current_batch()
    items = pending.late(lambda: numbering.sources_html(source_note)) if pending is not None else numbering.sources_html(source_note)
    return [f"## {t(lang, 'sources')} {{#sources}}", "", f'<ol data-search-exclude class="lx-sources">{items}</ol>', ""]
