"""One published entry as a JSON record: the item of each language's ``lexicon.json`` (publish/exports.py writes
it) and what `lexigraph mcp` serves as format="json" (agents/lexicon.py). It writes no file: like the page's
Markdown copy (render/markdown_copy.py), it is a rendering of the entry."""

from __future__ import annotations

from lexigraph.render import relations
from lexigraph.render.cite import citation_line
from lexigraph.render.evidence import Citations, claims_json
from lexigraph.render.support_record import support_records
from lexigraph.render.urls import UrlMap, permalink


def entry_json(site: UrlMap, entry, lang: str) -> dict:
    """One published entry of the JSON export (also what `lexigraph mcp` serves as format="json")."""
    quiz = entry.quiz.get(lang)
    return {"id": entry.id, "url": site.absolute(site.urls[(lang, entry.id)]),
            "permalink": site.absolute(permalink(entry, lang)),
            "markdown": site.absolute(site.urls[(lang, entry.id)]) + "index.md",
            "citation": citation_line(site, entry, lang),
            "facts": entry.facts.data, "text": entry.prose[lang].data,
            "pointed_at_by": relations.reverse(site.corpus, entry),
            "quiz": quiz.data if quiz is not None else None,
            "evidence": evidence_json(entry, lang),
            "support": support_records(site.corpus, entry, lang)}


def evidence_json(entry, lang: str) -> dict:
    """The entry's evidence: its sources and observations, numbered as on the page, and every
    sentence of its prose with the source ids (``sources``) and observed step ids (``observed``) it carries."""
    citations = Citations(entry, lang)
    return {"sources": [{"id": s["id"], "number": citations.number[s["id"]], "title": s["title"], "url": s.get("url"),
                         "note": (s.get("note") or {}).get(lang), "date": s["date"]}
                        for s in citations.sources],
            "observed": [{"step": s["id"], "number": citations.number["observed:" + s["id"]],
                          "implementation": s["observed_with"]["implementation"], "version": s["observed_with"]["version"]}
                         for s in citations.observed],
            "claims": claims_json(entry, lang)}
