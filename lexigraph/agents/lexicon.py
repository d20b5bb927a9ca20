"""The lexicon as agents query it: find an entry by id or slug, rank entries for a query, list
them with their stale status, and hand out an entry as the site publishes it.

Everything served comes from the validated corpus and the site's own outputs (the Markdown
copy from :func:`lexigraph.render.markdown_copy.markdown_copy`, the JSON export item from :func:`lexigraph.render.json_record.entry_json`,
archived versions as frozen in ``archive/``): there is no second renderer. Nothing here
opens a file by a name a client supplied; every name is looked up in what was loaded.

Loading (and the snapshot in ``.cache/lexigraph/served-<key>/`` that spares a restarted server the YAML) is
agents/served_cache.py's: this module gets the summary and an :class:`EntryStore` that reads an entry's file
when it is first served.
"""

from __future__ import annotations

import pickle
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from lexigraph import LANGUAGES
from lexigraph.content.model import Entry
from lexigraph.content.option_order import display_order
from lexigraph.errors import close_matches
from lexigraph.render.cite import plain
from lexigraph.render.i18n import labels, t
from lexigraph.render.json_record import entry_json
from lexigraph.render.urls import UrlMap

FORMATS = ("markdown", "json")
MAX_QUERY = 500          # characters; a longer query is refused, not truncated
MAX_NAME = 200           # an id, slug, version or spec longer than this is no name of ours
LANGUAGE_NAMES = {"fr": ("fr", "fra", "fre", "french", "francais", "fr-fr", "fr_fr"),
                  "en": ("en", "eng", "english", "anglais", "en-us", "en-gb", "en_us", "en_gb")}


class QueryError(ValueError):
    """A request the lexicon cannot answer; the message says why and what to try instead."""


def fold(text: str) -> str:
    """Lowercase without accents, for matching: « Hôte » and "hote" are the same word."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def _quoted(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _shown(value: str) -> str:
    """A client-supplied value as echoed in an error message: short and on one line."""
    value = value.replace("\n", " ")
    return value if len(value) <= 40 else value[:37] + "..."


class EntryStore:
    """Each entry in full with its archived pages: in memory, or read from the snapshot on first use."""

    def __init__(self, folder: Path | None = None, loaded: dict | None = None) -> None:
        self.folder, self.loaded = folder, dict(loaded or {})

    def get(self, entry_id: str) -> tuple[Entry, dict]:
        """(the full entry, archived version → {lang: page Markdown}) for an id of the loaded index."""
        if entry_id not in self.loaded:
            assert self.folder is not None, "a store made in memory holds every entry of its index"
            with (self.folder / f"{entry_id}.pickle").open("rb") as handle:
                self.loaded[entry_id] = pickle.load(handle)
        return self.loaded[entry_id]


@dataclass
class Lexicon:
    """The published entries of one content root, ready to be queried."""

    site: UrlMap                              # its corpus holds each entry's summary (SUMMARY_FACTS, SUMMARY_TEXT)
    archived: dict[str, dict[str, dict]]      # entry id → archived version → its version.yml
    store: EntryStore                        # each entry in full, with its archived pages
    names: dict[str, str] = field(default_factory=dict)      # folded id or slug → entry id
    stale: dict[str, list] = field(default_factory=dict)     # entry id → [specs.Staleness]
    _index: dict[str, list] = field(default_factory=dict)    # lang → [(entry, fields)]

    def __post_init__(self) -> None:
        from lexigraph.content.specs import stale_entries

        for entry in self.entries():
            for name in (entry.id, *(entry.text(lang, "slug", entry.id) for lang in LANGUAGES)):
                self.names.setdefault(fold(name), entry.id)
        for item in stale_entries(self.site.corpus, self.site.specs):
            self.stale.setdefault(item.entry_id, []).append(item)

    # -- what there is -------------------------------------------------------------------

    def entries(self) -> list[Entry]:
        """Every entry, published and planned, by number."""
        return sorted(self.site.corpus.entries.values(), key=lambda e: e.fact("number", 0))

    def url(self, entry: Entry, lang: str) -> str:
        return self.site.absolute(self.site.urls[(lang, entry.id)])

    # -- checking what a client sent -----------------------------------------------------

    def language(self, lang: object) -> str:
        if lang in LANGUAGES:
            return lang
        text = str(lang)
        guess = [code for code, names in LANGUAGE_NAMES.items() if fold(text.strip()) in names]
        hint = f" (did you mean '{guess[0]}'?)" if guess else ""
        return self._refuse(f"unknown language '{_shown(text)}'{hint}: Lexigraph is written in 'fr' and 'en'")

    def entry(self, name: str) -> Entry:
        """The entry whose id, French slug or English slug is ``name``."""
        if not name.strip():
            self._refuse("the id is empty: give an entry id such as 'mcp' (list_entries lists them)")
        if len(name) > MAX_NAME:
            self._refuse(f"the id is {len(name):,} characters long; entry ids are short, such as 'mcp' or 'mcp-apps'")
        found = self.names.get(fold(name.strip()))
        if found is None:
            nearest = self.nearest(name)
            hint = f" (did you mean {_quoted(nearest)}?)" if nearest else " (list_entries lists every id)"
            self._refuse(f"no entry '{_shown(name)}' in the lexicon{hint}")
        return self.site.corpus.entries[found]

    def term(self, name: str) -> Entry:
        """The entry named ``name`` by id, slug, title or alias in either language ("tool call", « Appel d’outil »)."""
        if name.strip() and len(name) <= MAX_NAME and fold(name.strip()) not in self.names:
            wanted = " ".join(words(name))
            for entry in self.entries():
                for lang in LANGUAGES:
                    if wanted in {" ".join(words(n)) for n in [entry.text(lang, "title") or "", *(entry.text(lang, "aliases") or [])]}:
                        return entry
        return self.entry(name)

    def nearest(self, name: str, n: int = 3) -> list[str]:
        """Entry ids that look like ``name``: by spelling of ids and slugs, else by search."""
        close = close_matches(fold(name.strip()), self.names, n=n * 2)
        ids = list(dict.fromkeys(self.names[c] for c in close))[:n]
        if not ids:
            for lang in LANGUAGES:
                ids += [e.id for e, _ in self._rank(words(name), lang)[:n] if e.id not in ids]
        return ids[:n]

    def version(self, entry: Entry, version: str | None) -> str | None:
        """``None`` for the current version, else an archived version's name."""
        if version is None or version == entry.fact("version"):
            return None
        if version in self.archived.get(entry.id, {}):
            return version
        listed = [v["version"] for v in entry.fact("versions") or []]
        served = sorted(set(self.archived.get(entry.id, {})) | {entry.fact("version")})
        if version in listed:
            self._refuse(f"version '{version}' of '{entry.id}' was not archived; versions served: {', '.join(served)}")
        close = close_matches(version, served)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        self._refuse(f"'{entry.id}' has no version '{_shown(version)}'{hint}; versions: {', '.join(served)}")

    def spec(self, spec: str) -> str:
        if spec in self.site.specs:
            return spec
        close = close_matches(fold(spec), self.site.specs, cutoff=0.5)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        self._refuse(f"unknown specification '{_shown(spec)}'{hint}; tracked: {', '.join(self.site.specs)}")

    @staticmethod
    def _refuse(message: str) -> NoReturn:
        raise QueryError(message)

    # -- search --------------------------------------------------------------------------

    def search(self, query: str, lang: str, limit: int) -> list[Entry]:
        """Published entries of ``lang`` ranked for ``query`` (best first), at most ``limit``."""
        lang = self.language(lang)
        if not query.strip():
            self._refuse("the query is empty: give a few words, e.g. 'outil' or 'tool call'")
        if len(query) > MAX_QUERY:
            self._refuse(f"the query is {len(query):,} characters long; at most {MAX_QUERY} are accepted")
        if not 1 <= limit <= 50:
            self._refuse(f"limit is {limit}; give a number from 1 to 50")
        tokens = words(query)
        if not tokens:
            self._refuse(f"the query '{_shown(query)}' has no words to search for")
        return [entry for entry, _ in self._rank(tokens, lang)[:limit]]

    def _fields(self, lang: str) -> list:
        if lang not in self._index:
            rows = []
            for entry in self.entries():
                if entry.status != "published":
                    continue
                text = lambda key, entry=entry: entry.text(lang, key) or ""
                names = [entry.id, entry.text(lang, "slug", entry.id), *(entry.text(lang, "aliases") or [])]
                rows.append((entry, {
                    "title": words(text("title")), "names": {w for n in names for w in words(n)},
                    "whole": {fold(n) for n in [text("title"), *names]},
                    "definition": set(words(text("definition"))),
                    "body": set(words(text("analogy"))),
                }))
            self._index[lang] = rows
        return self._index[lang]

    def _rank(self, tokens: list[str], lang: str) -> list[tuple[Entry, float]]:
        whole = " ".join(tokens)
        significant = [w for w in tokens if len(w) > 2] or tokens
        scored = []
        for entry, f in self._fields(lang):
            score = 100.0 if whole in {" ".join(words(n)) for n in f["whole"]} else 0.0
            for token in significant:
                score += _weight(token, f["title"], 10, 6) or _weight(token, f["names"], 8, 5)
                score += _weight(token, f["definition"], 3, 2) + _weight(token, f["body"], 1, 0.5)
            if score:
                scored.append((entry, score))
        return sorted(scored, key=lambda item: (-item[1], item[0].fact("number", 0)))

    # -- what is served ------------------------------------------------------------------

    def markdown(self, entry: Entry, lang: str, version: str | None = None) -> str:
        """The entry's Markdown copy (as published next to its page), or an archived version's frozen
        page made clean Markdown the same way (no HTML, absolute links; see :mod:`archived_copy`)."""
        from lexigraph.agents.archived_copy import clean_markdown
        from lexigraph.render.markdown_copy import markdown_copy

        full, pages = self.store.get(entry.id)
        if version is None:
            return markdown_copy(self.site, full, lang)
        meta = self.archived[entry.id][version]
        return clean_markdown(pages[version][lang], self.site.absolute(f"{lang}/{meta[lang]['slug']}/{version}/"))

    def data(self, entry: Entry, lang: str, version: str | None = None) -> dict:
        """The entry as the JSON export has it; an archived version as its record and frozen Markdown."""
        full, pages = self.store.get(entry.id)
        if version is not None:
            meta = self.archived[entry.id][version]
            return {"id": entry.id, "version": version, "date": meta.get("date"), "changed": meta.get("changed", []),
                    "title": meta[lang]["title"], "url": self.site.absolute(f"{lang}/{meta[lang]['slug']}/{version}/"),
                    "markdown": self.markdown(entry, lang, version)}
        if entry.status != "published":
            return {"id": entry.id, "status": entry.status, "title": entry.text(lang, "title"), "url": self.url(entry, lang)}
        return entry_json(self.site, full, lang)

    def _quiz_doc(self, entry: Entry, lang: str):
        doc = self.store.get(entry.id)[0].quiz.get(lang)
        if doc is None:
            self._refuse(f"'{entry.id}' has no quiz yet ({entry.status} entry)")
        return doc

    def quiz(self, entry: Entry, lang: str) -> dict:
        """The entry's three questions as the model may see them: options in the site's display order
        (:func:`content.option_order.display_order`), with neither which one is right nor the feedback."""
        questions = []
        for question in self._quiz_doc(entry, lang).data["questions"]:
            options = [{"id": o["id"], "text": plain(o["text"])} for o in display_order(entry.id, question["id"], question["options"])]
            questions.append({"id": question["id"], "level": t(lang, "level_" + question["level"]),
                              "prompt": plain(question["prompt"]), "multiple": bool(question.get("multiple")),
                              "options": options})
        shown = {name: labels(lang)[key] for name, key in
                  (("title", "quiz"), ("correct", "correct"), ("wrong", "wrong"), ("right", "quiz_right"),
                   ("missed", "quiz_missed"), ("score", "quiz_score"), ("retry", "quiz_retry"), ("check", "quiz_check"))}
        return {"id": entry.id, "lang": lang, "title": entry.text(lang, "title"), "url": self.url(entry, lang),
                "labels": shown, "questions": questions}

    def quiz_key(self, entry: Entry, lang: str) -> dict:
        """The answer key of the quiz, for its view only: per question, the right option ids and each option's feedback."""
        return {"id": entry.id, "lang": lang, "questions": [
            {"id": q["id"], "right": [o["id"] for o in display_order(entry.id, q["id"], q["options"]) if o.get("correct")],
             "feedback": {o["id"]: plain(o["feedback"]) for o in display_order(entry.id, q["id"], q["options"])}}
            for q in self._quiz_doc(entry, lang).data["questions"]]}

    def features(self) -> dict[str, str]:
        """Every feature id of the entries' support data → the id of the entry that describes it."""
        if "features" not in self._index:
            self._index["features"] = [(str(f.get("feature")), entry.id) for entry in self.entries()
                                       for f in entry.fact("support") or [] if isinstance(f, dict)]
        return dict(self._index["features"])

    def support(self, name: str, lang: str) -> tuple[str, str, list[dict]]:
        """("feature" or "entry", its id, the support records) of a feature id, or of every feature of an entry
        named by id or slug: the JSON export's records (render/support_record.py)."""
        from lexigraph.render.support_record import support_records

        lang = self.language(lang)
        if not name.strip():
            self._refuse("the name is empty: give a feature id such as 'tools-call', or an entry id such as 'tool' "
                         "for all its features")
        if len(name) > MAX_NAME:
            self._refuse(f"the name is {len(name):,} characters long; feature and entry ids are short, such as "
                         "'tools-call' or 'tool'")
        features = self.features()
        wanted = fold(name.strip())
        if wanted in features:
            entry = self.site.corpus.entries[features[wanted]]
            return "feature", wanted, [r for r in support_records(self.site.corpus, entry, lang) if r["feature"] == wanted]
        if wanted in self.names:
            entry = self.site.corpus.entries[self.names[wanted]]
            return "entry", entry.id, support_records(self.site.corpus, entry, lang)
        pool = {**{name: self.names[name] for name in self.names}, **{feature: feature for feature in features}}
        close = list(dict.fromkeys(pool[c] for c in close_matches(wanted, pool, n=6, cutoff=0.6)))[:3]
        hint = f" (did you mean {_quoted(close[:3])}?)" if close else \
            " (list_entries lists the entries; an entry's support names its features)"
        self._refuse(f"no feature or entry '{_shown(name)}' in the lexicon{hint}")

    def citation(self, entry: Entry, lang: str, version: str | None, style: str) -> dict:
        """The citation the entry page's "Cite this entry" block gives, in one of its formats, for any served version."""
        import dataclasses

        from lexigraph.render import cite

        makers = {name: make for name, _, make in cite.FORMATS}
        if style not in makers:
            self._refuse(f"unknown citation format '{_shown(str(style))}': use {_quoted(list(makers))}")
        if entry.status != "published":
            self._refuse(f"'{entry.id}' is a {entry.status} entry: there is nothing to cite yet")
        full = self.store.get(entry.id)[0]
        served = self.version(entry, version)
        ref = cite.reference(self.site, full, lang)
        if served is not None:
            meta = self.archived[entry.id][served]
            ref = dataclasses.replace(ref, key=f"lexigraph-{entry.id}-{served}-{lang}", title=meta[lang]["title"],
                                      version=served, date=str(meta.get("date") or cite.version_date(full, served)),
                                      url=self.site.absolute(f"{lang}/{meta[lang]['slug']}/{served}/"))
        return {"id": entry.id, "lang": lang, "version": ref.version, "format": style, "url": ref.url,
                "citation": makers[style](ref)}


def _weight(token: str, vocabulary, exact: float, prefix: float) -> float:
    if token in vocabulary:
        return exact
    if len(token) >= 3 and any(word.startswith(token) for word in vocabulary):
        return prefix
    return 0.0
