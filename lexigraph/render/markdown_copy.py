"""The Markdown copy of an entry (index.md next to its page, and what `lexigraph mcp` get_entry returns): evidence markers become Markdown footnotes."""

from __future__ import annotations

from typing import Any

from lexigraph.content import evidence as ev
from lexigraph.render import relations, support
from lexigraph.render.cite import citation_line
from lexigraph.render.entry import fence, number_label, source_note
from lexigraph.render.evidence import Citations, observed_line
from lexigraph.render.i18n import colon, long_date, t
from lexigraph.render.urls import UrlMap, permalink


def published(site: UrlMap):
    return sorted((e for e in site.corpus.entries.values() if e.status == "published"), key=lambda e: e.fact("number"))


def _item(prefix: str, text: str) -> str:
    """A Markdown list item whose text may span several lines or paragraphs."""
    return prefix + "\n  ".join(str(text).strip().splitlines())


def markdown_copy(site: UrlMap, entry, lang: str) -> str:
    """A clean Markdown rendering of ``entry`` in ``lang`` (no HTML), published as index.md next to its page."""
    out = [f"# {entry.text(lang, 'title')}", ""]
    if entry.status != "published":
        return "\n".join(out + [t(lang, "planned_notice"), ""])
    numbers = Citations(entry, lang).number
    footnote = lambda marker: f"[^{numbers[marker]}]" if marker in numbers else f"[^{marker}]"  # noqa: E731

    def marked(value: Any) -> Any:
        """``value`` (a prose document's data) with the markers of every string made footnotes."""
        if isinstance(value, str):
            return ev.replace_markers(value, footnote)
        if isinstance(value, dict):
            return {k: marked(v) for k, v in value.items()}
        return [marked(v) for v in value] if isinstance(value, list) else value

    page_prose: dict[str, Any] = marked(entry.prose_doc(lang).data)

    def text(key: str, default: Any = None) -> Any:
        """A field of the prose in ``lang``, its markers made footnotes (one of ``ev.NOT_PROSE`` as written)."""
        return page_prose.get(key, default) if key not in ev.NOT_PROSE else entry.text(lang, key, default)

    other = "en" if lang == "fr" else "fr"
    link = lambda target: f"[{site.corpus.entries[target].text(lang, 'title')}]({site.absolute(site.urls[(lang, target)])}index.md)"  # noqa: E731
    deprecated = entry.fact("deprecated")
    if isinstance(deprecated, dict):
        spec = site.specs.get(deprecated["spec"])
        line = t(lang, "deprecated_notice", spec=spec.name if spec else deprecated["spec"], date=long_date(deprecated["revision"], lang))
        replaced = [link(target) for target in deprecated["replaced_by"] if target in site.corpus.entries]
        out += [f"**{line}**" + (f" {t(lang, 'deprecated_replaced')} {', '.join(replaced)}." if replaced else ""), ""]
    out += [f"> {text('definition').strip()} {text('analogy').strip()}", "",
            f"{number_label(entry)} · {entry.fact('version')} · {t(lang, 'language_name')} · CC BY 4.0  ",
            f"{t(lang, 'permalink')}{colon(lang)} {site.absolute(permalink(entry, lang))}  ",
            f"{t(other, 'language_name')}{colon(lang)} {site.absolute(site.urls[(other, entry.id)])}index.md", "",
            f"## {t(lang, 'not')}", "", text("not").strip(), "", f"## {t(lang, 'in_depth')}", ""]
    for section in text("in_depth"):
        out += [f"### {section['title']}", "", section["body"].strip(), ""]
    hood = text("under_the_hood")
    out += [f"## {t(lang, 'under_the_hood')}", "", hood["intro"].strip(), ""]
    for index, step in enumerate(entry.fact("steps"), start=1):
        prose = hood["steps"][step["id"]]
        code = site.corpus.read_snippet(step["snippet"])
        out += [f"### {index}. {prose['title']}", "", prose["intro"].strip(), "", fence(code, step["language"]), ""]
        out += [_item(f"- `{key}`{colon(lang)} ", note) for key, note in prose["annotations"].items()]
        out += ["", f"**{t(lang, 'trap')}.** {prose['trap'].strip()}", ""]
    out += [f"## {t(lang, 'shown_elsewhere')}", ""]
    out += [_item(f"- {link(target)} — ", text("shown_elsewhere")[target]) for target in entry.fact("shown_elsewhere")]
    out += ["", f"## {t(lang, 'what_varies')}", "", text("what_varies").strip(), ""] + support.markdown_section(site, entry, lang)
    out += [f"## {t(lang, 'examples')}", ""]
    out += [_item(f"- {x['date']}{colon(lang)} ", text("examples")[x["id"]]) for x in entry.fact("examples")]
    out += ["", f"## {t(lang, 'relations')}", ""]
    out += [f"- {t(lang, kind)}{colon(lang)} {', '.join(link(x) for x in targets)}" for kind, targets in relations.both_ways(site.corpus, entry)]
    notes = text("versions") or {}
    out += ["", f"## {t(lang, 'versions')}", ""]
    out += [f"- {v['version']} ({v['date']}): {', '.join(t(lang, 'changed_' + c) for c in v['changed'])}"
            + (f" — {notes[v['version']].strip()}" if v["version"] in notes else "") for v in reversed(entry.fact("versions") or [])]
    corrections = entry.fact("corrections") or []
    if corrections:
        out += ["", f"**{t(lang, 'corrections')}**", ""] + [f"- {c['date']}{colon(lang)} {c['note'][lang]}" for c in corrections]
    out += ["", f"## {t(lang, 'cite')}", "", citation_line(site, entry, lang), "", f"## {t(lang, 'sources')}", ""]
    citations = Citations(entry, lang)
    out += [f"[^{citations.number[s['id']]}]: {_source_title(s)}{source_note(s, lang)} ({s['date']})" for s in citations.sources]
    out += [f"[^{citations.number[ev.OBSERVED + step['id']]}]: {observed_line(citations, step)}" for step in citations.observed]
    return "\n".join(out) + "\n"


def _source_title(source: dict) -> str:
    """A source's title as a Markdown link, or the title alone for a work with no public address."""
    return f"[{source['title']}]({source['url']})" if source.get("url") else source["title"]
