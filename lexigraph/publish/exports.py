"""Machine-readable outputs written after MkDocs: a Markdown copy of each entry, /llms.txt,
a JSON export and an Atom feed per language, and the sitemap with language alternates."""

from __future__ import annotations

import gzip
import html
import json
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.publish.feeds import atom_feed
from lexigraph.publish.sitemap import sitemap
from lexigraph.render.cite import plain
from lexigraph.render.i18n import t
from lexigraph.render.json_record import entry_json
from lexigraph.render.markdown_copy import markdown_copy, published
from lexigraph.render.urls import UrlMap, permalink

SCHEMAS = {"facts": "entry.schema.json", "text": "entry-lang.schema.json", "quiz": "quiz.schema.json", "support": "support.schema.json"}


def llms_txt(site: UrlMap) -> str:
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


def lexicon_json(site: UrlMap, lang: str) -> dict:
    """Every published entry of ``lang``: its facts, text and quiz, each valid against a published schema."""
    return {"lexicon": "Lexigraph", "language": lang, "license": "CC-BY-4.0",
            "schemas": {part: site.absolute("schemas/" + name) for part, name in SCHEMAS.items()},
            "entries": [entry_json(site, entry, lang) for entry in published(site)]}


def permalink_stub(site: UrlMap, entry, lang: str) -> str:
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


def publish(site: UrlMap, pages, site_dir: Path) -> None:
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
