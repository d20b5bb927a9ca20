"""Citing an entry: the model's line, BibTeX, RIS, CSL-JSON, an APA-style line and the
page metadata (Highwire ``citation_*`` tags, JSON-LD) — all naming the versioned permalink."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

from lexigraph.render.i18n import MONTHS, t
from lexigraph.render.prose import escape, inline
from lexigraph.render.urls import permalink

LICENSES = {"CC-BY-4.0": ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/")}
LANGUAGE_NAMES = {"fr": "french", "en": "english"}   # BibTeX/biblatex language names
PUBLISHER = "Lexigraph"


def version_date(entry, version: str | None = None) -> str:
    """The date of ``version`` (default: the current one) from entry.yml's ``versions``."""
    version = version or entry.fact("version")
    for item in entry.fact("versions") or []:
        if item["version"] == version:
            return item["date"]
    return version[1:]


def plain(markdown_line: str) -> str:
    """One line of writers' Markdown → plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", inline(markdown_line or "")))


@dataclass(frozen=True)
class Reference:
    """What every citation format says about one version of one entry in one language."""

    key: str
    lang: str
    title: str
    version: str
    date: str          # YYYY-MM or YYYY-MM-DD
    given: str
    family: str
    url: str           # absolute versioned permalink
    license: str
    license_url: str | None

    @property
    def editor(self) -> str:
        return f"{self.family}, {self.given}" if self.given else self.family

    @property
    def date_parts(self) -> list[int]:
        return [int(part) for part in self.date.split("-")]


def reference(site, entry, lang: str) -> Reference:
    given, _, family = str(entry.fact("editor", PUBLISHER)).rpartition(" ")
    license, license_url = LICENSES.get(entry.fact("license"), (entry.fact("license"), None))
    version = entry.fact("version")
    return Reference(key=f"lexigraph-{entry.id}-{version}-{lang}", lang=lang, title=entry.text(lang, "title"),
                     version=version, date=version_date(entry), given=given, family=family,
                     url=site.absolute(permalink(entry, lang)), license=license, license_url=license_url)


def line(ref: Reference) -> str:
    """The model's form: ``Lexigraph, « MCP », v2026-08, <url>, CC BY 4.0.``"""
    quoted = f"« {ref.title} »" if ref.lang == "fr" else f"“{ref.title}”"
    return f"Lexigraph, {quoted}, {ref.version}, {ref.url}, {ref.license}."


def _note(ref: Reference) -> str:
    return f"{t(ref.lang, 'version_word').capitalize()} {ref.version}, {t(ref.lang, 'in_language')}. {t(ref.lang, 'license_note', license=ref.license)}."


_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "~": r"\~{}", "^": r"\^{}", **{c: "\\" + c for c in "{}&%$#_"}}


def _bib(text: str) -> str:
    return "".join(_BIBTEX_SPECIAL.get(char, char) for char in text)


def bibtex(ref: Reference) -> str:
    year, month = ref.date_parts[:2]
    fields = [("title", f"{{{_bib(ref.title)}}}"), ("editor", _bib(ref.editor)), ("howpublished", PUBLISHER),
              ("publisher", PUBLISHER), ("year", str(year)), ("month", str(month)), ("date", ref.date),
              ("version", ref.version), ("language", LANGUAGE_NAMES[ref.lang]), ("langid", LANGUAGE_NAMES[ref.lang]),
              ("url", ref.url), ("note", _bib(_note(ref)))]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@misc{{{ref.key},\n{body}\n}}"


def ris(ref: Reference) -> str:
    tags = [("TY", "DICT"), ("TI", ref.title), ("T2", PUBLISHER), ("A2", ref.editor), ("PY", str(ref.date_parts[0])),
            ("DA", ref.date.replace("-", "/")), ("ET", ref.version), ("LA", ref.lang), ("PB", PUBLISHER),
            ("UR", ref.url), ("N1", _note(ref)), ("ER", "")]
    return "\n".join(f"{tag}  - {value}" for tag, value in tags)


def csl_json(ref: Reference) -> str:
    item = {"id": ref.key, "type": "entry-dictionary", "title": ref.title, "container-title": PUBLISHER,
            "publisher": PUBLISHER, "editor": [{"family": ref.family, "given": ref.given}],
            "issued": {"date-parts": [ref.date_parts]}, "version": ref.version, "language": ref.lang,
            "URL": ref.url, "license": ref.license, "note": _note(ref)}
    return json.dumps([item], ensure_ascii=False, indent=2)


def apa(ref: Reference) -> str:
    """``Capirchio, A. (Ed.). (2026, August 15). MCP (Version v2026-08, in English). In Lexigraph. License: CC BY 4.0. <url>``"""
    parts = ref.date_parts
    when = str(parts[0])
    if len(parts) > 1:
        month = MONTHS[ref.lang][parts[1] - 1]
        day: int | str | None = parts[2] if len(parts) > 2 else None
        day = "1er" if day == 1 and ref.lang == "fr" else day
        when += f", {month} {day}" if day and ref.lang == "en" else f", {day} {month}" if day else f", {month}"
    initials = " ".join(f"{name[0]}." for name in ref.given.split())
    author = f"{ref.family}, {initials}" if initials else ref.family
    return (f"{author} {t(ref.lang, 'apa_editor')}. ({when}). {ref.title} ({t(ref.lang, 'version_word')} {ref.version}, "
            f"{t(ref.lang, 'in_language')}). {t(ref.lang, 'apa_in')} {PUBLISHER}. {t(ref.lang, 'license_note', license=ref.license)}. {ref.url}")


FORMATS = (("line", "cite_line", line), ("apa", "cite_apa", apa), ("bibtex", None, bibtex),
           ("ris", None, ris), ("csl-json", None, csl_json))
FORMAT_NAMES = {"bibtex": "BibTeX", "ris": "RIS", "csl-json": "CSL-JSON"}


def citation_line(site, entry, lang: str) -> str:
    return line(reference(site, entry, lang))


def render_block(site, entry, lang: str) -> list[str]:
    """The "Cite this entry" section of an entry page, as Markdown lines."""
    ref = reference(site, entry, lang)
    rows = []
    for name, label, make in FORMATS:
        title = t(lang, label) if label else FORMAT_NAMES[name]
        text = escape(make(ref))
        shown = f'<p id="cite-{name}" class="lx-cite__text">{text}</p>' if name in ("line", "apa") else \
            f'<pre id="cite-{name}" class="lx-cite__text">{text}</pre>'  # no <code>: Material would rewrap it
        rows.append(f'<div class="lx-cite__format" data-format="{name}"><p class="lx-cite__label">{title} '
                    f'<button type="button" class="md-button lx-cite__copy" data-copy="cite-{name}" '
                    f'data-copied="{escape(t(lang, "copied"))}" hidden>{t(lang, "copy")}</button></p>{shown}</div>')
    return [
        f"## {t(lang, 'cite')} {{#cite}}", "",
        '<div data-search-exclude class="lx-cite" markdown="0">\n' + "\n".join(rows) + "\n</div>", ""]


def head(site, entry, lang: str, alternates: dict[str, str]) -> dict:
    """The page metadata of an entry: Highwire/Dublin Core meta tags and a JSON-LD DefinedTerm."""
    ref = reference(site, entry, lang)
    meta = [("citation_title", ref.title), ("citation_author", ref.editor),
            ("citation_publication_date", ref.date.replace("-", "/")), ("citation_date", ref.date.replace("-", "/")),
            ("citation_language", lang), ("citation_public_url", ref.url), ("citation_publisher", PUBLISHER),
            ("citation_version", ref.version),
            ("DC.rights", f"{ref.license} {ref.license_url or ''}".strip()), ("DC.language", lang)]
    term_set = {"@type": "DefinedTermSet", "@id": site.absolute(f"{lang}/a-z/"), "name": PUBLISHER,
                "url": site.absolute(f"{lang}/"), "inLanguage": lang, "license": ref.license_url or ref.license}
    term = {"@context": "https://schema.org", "@type": "DefinedTerm", "@id": ref.url, "name": ref.title,
            "description": plain(entry.text(lang, "definition")), "termCode": entry.id,
            "url": site.absolute(site.urls[(lang, entry.id)]), "inLanguage": lang, "version": ref.version,
            "dateModified": ref.date, "license": ref.license_url or ref.license,
            "editor": {"@type": "Person", "name": entry.fact("editor")},
            "sameAs": [site.absolute(url) for other, url in alternates.items() if other != lang],
            "inDefinedTermSet": term_set}
    jsonld = json.dumps(term, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")   # for machines: no indentation
    return {"meta": meta, "jsonld": jsonld, "license_url": ref.license_url}
