"""Machine-readable outputs written after MkDocs: a Markdown copy of each entry, /llms.txt,
a JSON export and an Atom feed per language, and the sitemap with language alternates."""

from __future__ import annotations

import gzip
import html
import json
from pathlib import Path
from xml.etree import ElementTree as ET

from . import LANGUAGES, relations
from .archive import past_versions
from .cite import citation_line, plain, version_date
from .i18n import colon, t
from .links import SiteMap, permalink
from .render import fence, number_label, source_note

SCHEMAS = {"facts": "entry.schema.json", "text": "entry-lang.schema.json", "quiz": "quiz.schema.json"}
ATOM = "http://www.w3.org/2005/Atom"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _published(site: SiteMap):
    return sorted((e for e in site.corpus.entries.values() if e.status == "published"), key=lambda e: e.fact("number"))


def _item(prefix: str, text: str) -> str:
    """A Markdown list item whose text may span several lines or paragraphs."""
    return prefix + "\n  ".join(str(text).strip().splitlines())


def markdown_copy(site: SiteMap, entry, lang: str) -> str:
    """A clean Markdown rendering of ``entry`` in ``lang`` (no HTML), published as index.md next to its page."""
    text = lambda key, default=None: entry.text(lang, key, default)  # noqa: E731
    out = [f"# {text('title')}", ""]
    if entry.status != "published":
        return "\n".join(out + [t(lang, "planned_notice"), ""])
    other = "en" if lang == "fr" else "fr"
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
    link = lambda target: f"[{site.corpus.entries[target].text(lang, 'title')}]({site.absolute(site.urls[(lang, target)])}index.md)"  # noqa: E731
    out += [f"## {t(lang, 'shown_elsewhere')}", ""]
    out += [_item(f"- {link(target)} — ", text("shown_elsewhere")[target]) for target in entry.fact("shown_elsewhere")]
    out += ["", f"## {t(lang, 'what_varies')}", "", text("what_varies").strip(), "", f"## {t(lang, 'examples')}", ""]
    out += [_item(f"- {x['date']}{colon(lang)} ", text("examples")[x["id"]]) for x in entry.fact("examples")]
    out += ["", f"## {t(lang, 'relations')}", ""]
    out += [f"- {t(lang, kind)}{colon(lang)} {', '.join(link(x) for x in targets)}" for kind, targets in relations.both_ways(site.corpus, entry)]
    notes = text("versions") or {}
    out += ["", f"## {t(lang, 'versions')}", ""]
    out += [f"- {v['version']} ({v['date']}): {', '.join(t(lang, 'changed_' + c) for c in v['changed'])}"
            + (f" — {notes[v['version']].strip()}" if v["version"] in notes else "") for v in reversed(entry.fact("versions") or [])]
    out += ["", f"## {t(lang, 'cite')}", "", citation_line(site, entry, lang), "", f"## {t(lang, 'sources')}", ""]
    out += [f"- [{s['title']}]({s['url']}){source_note(s, lang)} ({s['date']})" for s in entry.fact("sources")]
    return "\n".join(out) + "\n"


def llms_txt(site: SiteMap) -> str:
    """/llms.txt: H1, summary blockquote, then one section per language linking the Markdown copies."""
    out = ["# Lexigraph", "", f"> {t('en', 'home_lead')} Each entry is dated, versioned and published under CC BY 4.0, "
           "in French and English.", "",
           "Every entry has a Markdown copy (`index.md` next to its page) and a versioned permalink "
           "(`/<lang>/<slug>/<version>/`); cite the permalink.", ""]
    for lang in LANGUAGES:
        out += [f"## {t(lang, 'language_name')}", ""]
        for entry in sorted(site.corpus.entries.values(), key=lambda e: e.fact("number")):
            url = site.absolute(site.urls[(lang, entry.id)]) + "index.md"
            detail = f"{plain(entry.text(lang, 'definition'))} ({entry.fact('version')})" if entry.status == "published" \
                else t(lang, "planned")
            out.append(f"- [{entry.text(lang, 'title')}]({url}): {detail}")
        out.append("")
    out += ["## Data", ""]
    out += [f"- [{t(lang, 'lexicon_json')}]({site.absolute(f'{lang}/lexicon.json')}): {t(lang, 'language_name')}" for lang in LANGUAGES]
    out += [f"- [{t(lang, 'feed_title')}]({site.absolute(f'{lang}/feed.xml')}): Atom, {t(lang, 'language_name')}" for lang in LANGUAGES]
    out += [f"- [{name}]({site.absolute('schemas/' + name)}): JSON Schema" for name in SCHEMAS.values()]
    return "\n".join(out) + "\n"


def lexicon_json(site: SiteMap, lang: str) -> dict:
    """Every published entry of ``lang``: its facts, text and quiz, each valid against a published schema."""
    return {"lexicon": "Lexigraph", "language": lang, "license": "CC-BY-4.0",
            "schemas": {part: site.absolute("schemas/" + name) for part, name in SCHEMAS.items()},
            "entries": [entry_json(site, entry, lang) for entry in _published(site)]}


def entry_json(site: SiteMap, entry, lang: str) -> dict:
    """One published entry of the JSON export (also what `lexigraph mcp` serves as format="json")."""
    quiz = entry.quiz.get(lang)
    return {"id": entry.id, "url": site.absolute(site.urls[(lang, entry.id)]),
            "permalink": site.absolute(permalink(entry, lang)),
            "markdown": site.absolute(site.urls[(lang, entry.id)]) + "index.md",
            "citation": citation_line(site, entry, lang),
            "facts": entry.facts.data, "text": entry.prose[lang].data,
            "pointed_at_by": relations.reverse(site.corpus, entry),
            "quiz": quiz.data if quiz is not None else None}


def _rfc3339(date: str) -> str:
    return (date if len(date) == 10 else date + "-01") + "T00:00:00Z"


def atom_feed(site: SiteMap, lang: str) -> bytes:
    """New and revised entries of ``lang``, one item per version listed in entry.yml, newest first."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: lang})
    items = []
    for entry in _published(site):
        archived = {s.version: s.url(lang) for s in past_versions(site, entry)}
        notes = entry.text(lang, "versions") or {}
        for position, v in enumerate(entry.fact("versions") or []):
            version = v["version"]
            url = permalink(entry, lang) if version == entry.fact("version") else archived.get(version, site.urls[(lang, entry.id)])
            kind = t(lang, "feed_new") if position == 0 else t(lang, "feed_revised")
            summary = notes.get(version) or ", ".join(t(lang, "changed_" + c) for c in v["changed"])
            items.append((_rfc3339(version_date(entry, version)), entry, version, site.absolute(permalink(entry, lang, version)),
                          site.absolute(url), kind, plain(summary), v["changed"]))
    items.sort(key=lambda item: (item[0], item[1].id), reverse=True)
    sub(feed, "title", f"{t(lang, 'feed_title')} ({t(lang, 'language_name')})")
    sub(feed, "id", site.absolute(f"{lang}/feed.xml"))
    sub(feed, "link", rel="self", href=site.absolute(f"{lang}/feed.xml"))
    sub(feed, "link", rel="alternate", href=site.absolute(f"{lang}/"), hreflang=lang)
    sub(feed, "updated", items[0][0] if items else "1970-01-01T00:00:00Z")
    sub(sub(feed, "author"), "name", "Lexigraph")
    sub(feed, "rights", "CC BY 4.0")
    for updated, entry, version, uid, url, kind, summary, changed in items:
        node = sub(feed, "entry")
        sub(node, "title", f"{entry.text(lang, 'title')} — {version} ({kind})")
        sub(node, "id", uid)
        sub(node, "link", rel="alternate", href=url, hreflang=lang)
        sub(node, "updated", updated)
        sub(node, "summary", summary)
        for what in changed:
            sub(node, "category", term=what, label=t(lang, "changed_" + what))
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True)


def sub(parent, tag: str, text: str | None = None, **attrs):
    """An Atom child element, with text if given."""
    node = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
    if text is not None:
        node.text = text
    return node


def sitemap(site: SiteMap, pages) -> bytes:
    """Every page of both languages, each with xhtml:link alternates (its languages and x-default)."""
    ET.register_namespace("", SITEMAP)
    ET.register_namespace("xhtml", XHTML)
    urlset = ET.Element(f"{{{SITEMAP}}}urlset")
    for page in sorted(pages, key=lambda p: p.url):
        node = ET.SubElement(urlset, f"{{{SITEMAP}}}url")
        ET.SubElement(node, f"{{{SITEMAP}}}loc").text = site.absolute(page.url)
        entry = site.corpus.entries.get(page.entry_id) if page.entry_id else None
        if entry is not None and entry.status == "published":
            ET.SubElement(node, f"{{{SITEMAP}}}lastmod").text = version_date(entry, page.version)
        for lang, url in {**page.alternates, "x-default": ""}.items():
            ET.SubElement(node, f"{{{XHTML}}}link", {"rel": "alternate", "hreflang": lang, "href": site.absolute(url)})
    return ET.tostring(urlset, encoding="utf-8", xml_declaration=True)


def permalink_stub(site: SiteMap, entry, lang: str) -> str:
    """The current version's permalink: names the version and sends the reader to the entry page."""
    title = html.escape(entry.text(lang, "title"))
    version = html.escape(entry.fact("version"))
    page = site.absolute(site.urls[(lang, entry.id)])
    text = html.escape(t(lang, "permalink_current", version=entry.fact("version")))
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<title>{title} · {version} · Lexigraph</title>'
            f'<link rel="canonical" href="{html.escape(page)}">'
            f'<meta http-equiv="refresh" content="0; url=../"></head>'
            f'<body><h1>{title} · {version}</h1><p>{text} <a href="../">{title}</a></p></body></html>\n')


def publish(site: SiteMap, pages, site_dir: Path) -> None:
    """Write every machine-readable output into the built site."""
    (site_dir / "llms.txt").write_text(llms_txt(site), encoding="utf-8")
    for lang in LANGUAGES:
        for entry in site.corpus.entries.values():
            folder = site_dir / site.urls[(lang, entry.id)]
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "index.md").write_text(markdown_copy(site, entry, lang), encoding="utf-8")
            if entry.status == "published":
                stub = site_dir / permalink(entry, lang) / "index.html"
                stub.parent.mkdir(parents=True, exist_ok=True)
                stub.write_text(permalink_stub(site, entry, lang), encoding="utf-8")
        (site_dir / lang / "lexicon.json").write_text(
            json.dumps(lexicon_json(site, lang), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        (site_dir / lang / "feed.xml").write_bytes(atom_feed(site, lang))
    xml = sitemap(site, pages)
    (site_dir / "sitemap.xml").write_bytes(xml)
    (site_dir / "sitemap.xml.gz").write_bytes(gzip.compress(xml, mtime=0))
