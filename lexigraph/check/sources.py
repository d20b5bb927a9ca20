"""Sources say what they are cited for (warnings; errors with ``--strict``). Two rules, one function each
(one row each in a rule registry):

- :func:`date_note_problems`: a source's ``date`` and its own ``note`` do not contradict each other: a note
  that calls the source undated (“undated”, « non datée », “no date”, « sans date ») while ``date`` gives
  one must say how that date was inferred (“date inferred from …”, « date déduite de … »).
- :func:`version_problems`: a sentence that cites only sources (no observation of its own) and names a
  version (after “version”, “v”, “SDK”, “Chrome”, “Chromium”, “release”, or right after a code span:
  “`mcp` 2.3.0”, “Chrome 153”, « version 0.3 ») names one that its sources state: in their ``title``,
  ``note``, ``url`` or ``versions`` (the versions a source itself states, listed by the writer).

What the rules cannot read (whether the source says what the sentence says, whether a date in the
note is the source's own) is listed for writers in FORMAT.md, "Sources".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list
from lexigraph.content import evidence as ev
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import Problem

SOURCES_KIND = "sources"

_UNDATED = re.compile(r"(?<![\w-])(?:undated|not dated|no date|without a date|non datée?s?|sans date|pas de date)(?![\w-])", re.I)
_INFERRED = re.compile(r"(?<![\w-])(?:date (?:inferred|estimated|taken)|dated (?:from|by)|inferred from|"
                       r"date (?:déduite|estimée|reprise)|datée? d[’']après|déduite? de)(?![\w-])", re.I)
#: A version as prose names one: after a word that says so, or right after a code span (written \x00 here).
_VERSION = re.compile(r"(?:(?<![\w-])(?:[Vv]ersions?|v|SDK|Chrome|Chromium|release|[Rr]elease)|\x00)[ \u00a0\u202f]+"
                      r"(\d+(?:\.\d+)*(?:\.x)?)(?![\w-]|\.\d)")


def _warn(doc: YamlDoc, path: tuple, message: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message, SOURCES_KIND)


def _published(corpus: Corpus) -> Iterator[Entry]:
    for entry in corpus.entries.values():
        if entry.facts is not None and entry.status == "published":
            yield entry


def date_note_problems(corpus: Corpus) -> list[Problem]:
    """Sources whose note says they are undated while ``date`` gives a date, with no word on how it was inferred."""
    out: list[Problem] = []
    for entry in _published(corpus):
        for i, source in enumerate(as_list(entry.fact("sources"))):
            source = as_dict(source)
            note = as_dict(source.get("note"))
            if not source.get("date"):
                continue
            for lang in LANGUAGES:
                text = note.get(lang)
                if isinstance(text, str) and _UNDATED.search(text) and not _INFERRED.search(text):
                    said = _UNDATED.search(text).group(0)  # type: ignore[union-attr]
                    out.append(_warn(entry.facts_doc(), ("sources", i, "note", lang),
                                     f"source '{source.get('id')}' has date {source['date']} but its note calls it “{said}”: "
                                     "date is the source's own date; give the date the source carries, or say in the note "
                                     "how this one was inferred (en: “undated; date inferred from …”, "
                                     "fr: « non datée ; date déduite de … »)"))
    return out


def versions_named(sentence: str) -> list[str]:
    """The versions a sentence names outside code (``2.3.0`` in “`mcp` 2.3.0”, ``153`` in “Chrome 153”)."""
    text = "".join("\x00" if code else piece for code, piece in ev.split_code(ev.strip_markers(sentence)))
    return list(dict.fromkeys(m.group(1) for m in _VERSION.finditer(text)))


def _states(source: dict, version: str) -> bool:
    """Whether a source's title, note, url or versions hold ``version``, whole or as the start of a longer
    version (``2.3`` is stated by “mcp 2.3.0”; ``15`` is not stated by “153”)."""
    texts = [str(source.get(k) or "") for k in ("title", "url")] + [str(v) for v in as_dict(source.get("note")).values()]
    texts += [str(v) for v in as_list(source.get("versions"))]
    pattern = re.compile(rf"(?<![\d.]){re.escape(version)}(?:\.\d+)*(?!\d)")
    return any(pattern.search(t) for t in texts)


def version_problems(corpus: Corpus) -> list[Problem]:
    """Sentences citing only sources that name a version none of those sources states."""
    out: list[Problem] = []
    for entry in _published(corpus):
        sources = {s["id"]: s for s in as_list(entry.fact("sources")) if isinstance(s, dict) and isinstance(s.get("id"), str)}
        for lang in LANGUAGES:
            doc = entry.prose.get(lang)
            if doc is not None and isinstance(doc.data, dict):
                out += corpus.memo(doc, f"source-versions:{entry.facts.digest}",     # type: ignore[union-attr]
                                   lambda d=doc, lang=lang, sources=sources: list(_versions(d, lang, sources)))
    return out


def _versions(doc: YamlDoc, lang: str, sources: dict[str, dict]) -> Iterator[Problem]:
    for _section, path, sentence in ev.claims(doc.data, lang):
        if any(m.startswith(ev.OBSERVED) for m in sentence.markers):
            continue                    # an observation names its own version (check.observed)
        cited = [sources[m] for m in dict.fromkeys(sentence.markers) if m in sources]
        if not cited:
            continue
        for version in versions_named(sentence.text):
            if not any(_states(s, version) for s in cited):
                ids = ", ".join(f"'{s['id']}'" for s in cited)
                excerpt = re.sub(r"\s+", " ", sentence.plain)
                excerpt = excerpt if len(excerpt) <= 60 else excerpt[:59].rstrip() + "…"
                yield _warn(doc, path, f"the sentence names version {version}, which its source {ids} does not state in "
                            f"title, note, url or versions (“{excerpt}”): cite the source that says it, or add "
                            f"\"{version}\" to that source's versions in entry.yml if the source itself states it")
