"""Terms the entries lean on without an entry of their own, counted over the prose a reader sees.

Run from the project root: ``.venv/bin/python bench/terms_without_entry.py [--root .] [--quizzes] [--top 15] [--json]``.

Method. The corpus is read with the project's loader (:func:`lexigraph.content.load.load_corpus`).
For every entry, its FR and EN language files give the text of the sections of the page
(:data:`lexigraph.content.model.PROSE_SECTIONS`: definition, analogy, not, in depth, under the
hood, shown elsewhere, what varies, examples), every string of them, headings and code spans
included (`roots/list`, `tasks/get` are how the prose names those), footnote markers (``[^id]``)
and link addresses left out. ``--quizzes`` adds the quiz prompts, options and feedback.

Each CANDIDATE term has one case-insensitive regular expression per language, related forms
merged (``(?-i:…)`` where only the capitalised word is the MCP term: "Tasks", "Skills").
A mention is one match; an entry relies on a term when its FR or EN prose holds at least one.
A candidate is skipped when one of its forms is found in the title or an alias of a published
entry (its own entry), in that language: "access token" is an alias of authorization, "stdio"
one of transport.

Coverage of the new entries: for each, the other entries whose page links to it by a first
mention (the same term matcher as the renderer, :mod:`lexigraph.render.mentions`, one link per
target and section, never in code, headings or existing links), the other entries whose
``entry.yml`` relations name it, and, for comparison, the other entries that use the forms the
review counted for that term (``_meta``, ``server/discover``…), of which those with no link.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lexigraph import LANGUAGES  # noqa: E402
from lexigraph.content.load import load_corpus  # noqa: E402
from lexigraph.content.model import PROSE_SECTIONS, Corpus, Entry  # noqa: E402
from lexigraph.render import mentions, relations  # noqa: E402


@dataclass(frozen=True)
class Candidate:
    id: str
    label: str
    en: str
    fr: str
    note: str = ""

    def pattern(self, lang: str) -> re.Pattern:
        return _compile(self.en if lang == "en" else self.fr)


def _compile(source: str) -> re.Pattern:
    return re.compile(source, re.IGNORECASE)


# The brief's list (content review 2026-12-01b, §6, and issue 22), then the terms found recurring
# in the prose itself (an n-gram and code-span count over every entry, 2026-12-01).
CANDIDATES: list[Candidate] = [
    Candidate("side-effect", "side effect / effet de bord",
              r"\bside[- ]effects?\b", r"\beffets? de bord\b"),
    Candidate("sandbox", "sandbox / bac à sable / process isolation",
              r"\bsandbox\w*|\bisolation\b|\bisolate (?:local|each|it|them)\b",
              r"\bbacs? à sable\b|\bsandbox\w*|\bisolation\b|\bisolement\b|\bisoler les\b|\bcadres? isolés?\b|\bvues isolées\b"
              r"|\baffiche, isolée\b"),
    Candidate("mcp-registry", "MCP registry / registre MCP",
              r"\b(?:MCP|server) registry\b|\bregistry of (?:MCP )?servers\b",
              r"\bregistre (?:officiel )?(?:des |de )?serveurs\b|\bregistre MCP\b"),
    Candidate("sampling", "sampling / échantillonnage",
              r"\bsampling\b", r"\béchantillonnage\b|\bsampling\b"),
    Candidate("roots", "roots / racines (MCP sense)",
              r"\broots/\w+|`roots`|(?-i:\bRoots\b)|\broots\b", r"\broots/\w+|`roots`|(?-i:\bRoots\b)|\bracines\b"),
    Candidate("mcp-inspector", "MCP Inspector", r"\bMCP Inspector\b|(?-i:\bInspector\b)",
              r"\bMCP Inspector\b|(?-i:\bInspector\b)"),
    Candidate("oauth", "OAuth", r"\bOAuth\b", r"\bOAuth\b"),
    Candidate("jsonrpc-batch", "JSON-RPC batch / lot", r"\bbatch(?:es|ed)?\b", r"\blots?\b(?! de\b)|\bbatch(?:es)?\b"),
    Candidate("progress", "progress token / progress notifications",
              r"\bprogress ?tokens?\b|\bprogress_?callback\b|\breport_progress\b|notifications/progress|\bprogress reports?\b",
              r"\bprogressToken\b|\bjetons? de progression\b|\bprogress_callback\b|\breport_progress\b|notifications/progress"
              r"|\bprogression\b"),
    Candidate("tasks", "Tasks (the MCP extension)", r"(?-i:\bTasks\b)|\btasks/\w+|modelcontextprotocol/tasks",
              r"(?-i:\bTasks\b)|\btasks/\w+|modelcontextprotocol/tasks"),
    Candidate("skills", "Skills", r"(?-i:\bSkills?\b)", r"(?-i:\bSkills?\b)"),
    Candidate("resource-template", "resource template / modèle de ressource",
              r"\bresource templates?\b|resources/templates/list|\bURI templates?\b",
              r"\bmodèles? de ressources?\b|resources/templates/list|\bmodèles? d’(?:URI|adresse)s?\b"),
    Candidate("subscriptions", "subscriptions / abonnements",
              r"\bsubscri\w+|\bunsubscri\w+", r"\babonn\w+|\bdésabonn\w+|\bsubscri\w+|\bunsubscri\w+"),
    Candidate("stdio", "stdio", r"\bstdio\b", r"\bstdio\b"),
    Candidate("streamable-http", "Streamable HTTP", r"\bStreamable HTTP\b", r"\bStreamable HTTP\b"),
    Candidate("origin", "origin / CORS", r"\borigins?\b|\bCORS\b",
              r"\b(?:les|des|une|même|autre|d’autres|son|sa|leur|chaque) origines?\b|\bCORS\b|(?-i:\bOrigin\b)"),
    Candidate("prompt-caching", "prompt caching / cache de prompt",
              r"\bprompt cach\w+|\bprefix cach\w+|\bKV cache\b",
              r"\bcaches? de prompts?\b|\bmise en cache (?:du|des) prompts?\b|\bcache de préfixe\b"),
    Candidate("access-token", "access token / jeton d’accès", r"\baccess tokens?\b|\bbearer tokens?\b",
              r"\bjetons? d’accès\b"),
    # Found in the prose.
    Candidate("spec-revision", "specification revision (the dated protocol versions)",
              r"\brevisions?\b", r"\brévisions?\b"),
    Candidate("reference-server", "reference server (the lexicon’s own test server)",
              r"\breference servers?\b", r"\bserveurs? de référence\b",
              note="a convention of the lexicon, not an MCP term"),
    Candidate("protocol-error", "protocol error / JSON-RPC error codes",
              r"\bprotocol errors?\b|\bJSON-RPC errors?\b|\berror codes?\b|-32\d{3}\b|\bmethod not found\b",
              r"\berreurs? de protocole\b|\berreurs? JSON-RPC\b|\bcodes? d’erreur\b|-32\d{3}\b|\bméthode (?:inconnue|introuvable)\b"),
    Candidate("protocol-version", "protocol version (MCP-Protocol-Version, protocolVersion)",
              r"\bprotocol versions?\b|\bMCP-Protocol-Version\b|\bprotocolVersion\b",
              r"\bversions? (?:de|du) protocole\b|\bMCP-Protocol-Version\b|\bprotocolVersion\b"),
    Candidate("untrusted", "untrusted data / provenance", r"\buntrusted\b|\bprovenance\b",
              r"\bnon fiables?\b|\bprovenance\b", note="the review: covered in substance by prompt-injection"),
    Candidate("cancellation", "cancellation / annulation", r"\bcancel\w*|notifications/cancelled",
              r"\bannul\w*|notifications/cancelled"),
    Candidate("logging", "logging (notifications/message)",
              r"\blogging\w*|notifications/message|\blog (?:messages?|lines?|levels?)\b",
              r"\bjournalisation\b|\bligne de journal\b|\blogging\w*|notifications/message"),
    Candidate("completion", "completion (completion/complete)", r"completion/complete|`completions`|\bcompletion\b",
              r"completion/complete|`completions`|\bcomplétion\b"),
    Candidate("load-balancer", "load balancer / répartiteur de charge", r"\bload[- ]balanc\w+",
              r"\brépartiteurs? de charge\b|\brépartition de charge\b"),
    Candidate("localhost", "localhost / DNS rebinding", r"\blocalhost\b|127\.0\.0\.1|\bloopback\b|\bDNS rebinding\b",
              r"\blocalhost\b|127\.0\.0\.1|\bloopback\b|\brebinding DNS\b|\bDNS rebinding\b"),
    Candidate("uri", "URI / resource address", r"\bURIs?\b|ui://|\bresource address(?:es)?\b",
              r"\bURIs?\b|ui://|\badresses? de (?:la )?ressource\b"),
    Candidate("iframe", "iframe", r"\biframes?\b", r"\biframes?\b"),
]

#: The twelve entries written since the review, with the forms the review counted for each
#: (its table's "merged related forms"), to compare who uses the idea with who links to it.
NEW_ENTRIES: dict[str, tuple[str, str, str]] = {
    # id: (review figure "entries / mentions" out of 22, EN forms, FR forms)
    "sdk": ("18 / 208", r"\bSDKs?\b", r"\bSDKs?\b"),
    "session": ("16 / 55", r"\bsessions?\b|Mcp-Session-Id|session_id", r"\bsessions?\b|Mcp-Session-Id|session_id"),
    "lifecycle": ("12 / 156", r"\blifecycle\b|\binitialize\b|server/discover|\bhandshake\b|\bversion negotiation\b",
                  r"\bcycle de vie\b|\binitialize\b|server/discover|\bpoignée de main\b|\bnégociation de (?:la )?version\b"),
    "capabilities": ("11 / 59", r"\bcapabilit\w+|listChanged", r"\bcapacités?\b|listChanged|\bcapabilities\b"),
    "authorization": ("11 / 47", r"\bOAuth\b|\bauthori[sz]\w+|\baccess tokens?\b|\bcredentials?\b|\bAPI keys?\b",
                      r"\bOAuth\b|\bautorisations?\b|\bjetons? d’accès\b|\bidentifiants\b|\bclés? d’API\b"),
    "request-meta": ("10 / 85", r"_meta\b|\bclientInfo\b|\bclientCapabilities\b", r"_meta\b|\bclientInfo\b|\bclientCapabilities\b"),
    "extensions": ("10 / 81", r"\bextensions?\b", r"\bextensions?\b"),
    "structured-output": ("8 / 39", r"\bstructuredContent\b|\boutputSchema\b|\bstructured (?:output|content)\b",
                          r"\bstructuredContent\b|\boutputSchema\b|\bsortie structurée\b|\bcontenu structuré\b"),
    "caching": ("8 / 29", r"\bcach\w+|\bttlMs\b|\bcacheScope\b", r"\bcache\w*|\bttlMs\b|\bcacheScope\b"),
    "elicitation": ("7 / 32", r"\belicit\w*|\binput_required\b|\binputResponses\b",
                    r"\bélicitation\b|\belicit\w*|\binput_required\b|\binputResponses\b"),
    "notifications": ("6 / 66", r"\bnotifications?\b|listChanged", r"\bnotifications?\b|listChanged"),
    "mcp-prompt": ("4 / 22", r"prompts/(?:list|get)|\bprompt templates?\b|\bMCP prompts?\b|`prompts`",
                   r"prompts/(?:list|get)|\bmodèles? de prompts?\b|\bprompts? MCP\b|`prompts`"),
}

# The renderer's first-mention scopes (lexigraph/render/entry.py): prose key → link section.
_LINK_SECTIONS = {"definition": "lead", "analogy": "lead", "not": "not", "in_depth": "in-depth",
                  "under_the_hood": "under-the-hood", "what_varies": "what-varies", "examples": "examples"}
_NOT_TEXT = {"id"}                                  # identifiers in the prose files, never shown as text
_QUIZ_NOT_TEXT = {"id", "level", "teaches", "concept", "correct", "describes", "multiple", "entry"}
_FOOTNOTE = re.compile(r"\[\^[^\]\s]+\]")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def _strings(value, skip: set[str] = _NOT_TEXT, keep_titles: bool = True):
    """Every string a reader sees in a prose value (dict keys are identifiers, never text)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip and (keep_titles or key != "title"):
                yield from _strings(item, skip, keep_titles)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, skip, keep_titles)


def reader_text(entry: Entry, lang: str, quizzes: bool = False) -> str:
    """The prose of ``entry`` in ``lang`` as a reader sees it: markers and link addresses out, code in."""
    doc = entry.prose.get(lang)
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    parts = [s for key in PROSE_SECTIONS for s in _strings(data.get(key))]
    quiz = entry.quiz.get(lang)
    if quizzes and quiz is not None and isinstance(quiz.data, dict):
        parts += list(_strings(quiz.data.get("questions"), _QUIZ_NOT_TEXT))
    return _LINK.sub(r"\1", _FOOTNOTE.sub("", "\n".join(parts)))


def _published(corpus: Corpus) -> list[Entry]:
    return [e for e in corpus.entries.values() if e.ok and e.status == "published"]


def owner(corpus: Corpus, candidate: Candidate) -> tuple[str, str, str] | None:
    """(entry id, language, title or alias) of a published entry whose own terms hold one of the forms."""
    for entry in _published(corpus):
        for lang in LANGUAGES:
            for term in mentions.entry_terms(entry, lang):
                if candidate.pattern(lang).search(term):
                    return entry.id, lang, term
    return None


@dataclass
class Row:
    id: str
    label: str
    entries: int
    mentions: int
    by_lang: dict[str, int]
    hardest: list[tuple[str, int]]
    note: str = ""


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)                       # sorted: entries, then mentions
    skipped: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # candidate id → owner
    entries: int = 0


def count(corpus: Corpus, candidates: list[Candidate] | None = None, quizzes: bool = False) -> Report:
    """For each candidate with no entry of its own: the entries relying on it and its mentions (FR + EN)."""
    entries = _published(corpus)
    texts = {(e.id, lang): reader_text(e, lang, quizzes) for e in entries for lang in LANGUAGES}
    report = Report(entries=len(entries))
    for candidate in CANDIDATES if candidates is None else candidates:
        found = owner(corpus, candidate)
        if found:
            report.skipped[candidate.id] = found
            continue
        per_entry: Counter[str] = Counter()
        by_lang: Counter[str] = Counter()
        for (entry_id, lang), text in texts.items():
            n = len(candidate.pattern(lang).findall(text))
            per_entry[entry_id] += n
            by_lang[lang] += n
        per_entry = +per_entry
        report.rows.append(Row(candidate.id, candidate.label, len(per_entry), sum(per_entry.values()),
                               {lang: by_lang[lang] for lang in LANGUAGES}, per_entry.most_common(3), candidate.note))
    report.rows.sort(key=lambda r: (-r.entries, -r.mentions, r.id))
    return report


def _link_text(text: str) -> str:
    """What the first-mention matcher sees: text nodes, so no code, no existing link, no emphasis marks."""
    text = _FOOTNOTE.sub("", text)
    return _CODE.sub(" ", _LINK.sub(" ", text)).replace("*", "")


def first_mentions(corpus: Corpus) -> dict[str, dict[str, set[tuple[str, str]]]]:
    """target id → source id → {(lang, section)} where the source's page links to the target."""
    out: dict[str, dict[str, set[tuple[str, str]]]] = {}
    for lang in LANGUAGES:
        terms = mentions.terms(corpus, lang)
        for entry in _published(corpus):
            data = entry.prose_doc(lang).data
            for key, section in _LINK_SECTIONS.items():
                for text in _strings(data.get(key), keep_titles=False):
                    for _start, _end, words in terms.find(_link_text(text)):
                        target = terms.target(words)
                        if target and target != entry.id:
                            out.setdefault(target, {}).setdefault(entry.id, set()).add((lang, section))
    return out


def coverage(corpus: Corpus, new_entries: dict[str, tuple[str, str, str]] | None = None) -> list[dict]:
    """For each new entry: who links to it (first mentions, relations) and who uses the review's forms."""
    links = first_mentions(corpus)
    entries = _published(corpus)
    texts = {(e.id, lang): reader_text(e, lang) for e in entries for lang in LANGUAGES}   # code included
    rows = []
    for entry_id, (review, en, fr) in (NEW_ENTRIES if new_entries is None else new_entries).items():
        if entry_id not in corpus.entries:
            continue
        linked = links.get(entry_id, {})
        related = sorted(e.id for e in entries if e.id != entry_id
                         and any(entry_id in targets for targets in relations.forward(e).values()))
        forms = {"en": _compile(en), "fr": _compile(fr)}
        users = sorted({eid for (eid, lang), text in texts.items() if eid != entry_id and forms[lang].search(text)})
        rows.append({"entry": entry_id, "review": review,
                     "linking_entries": len(linked),
                     "linking_fr": sum(1 for s in linked.values() if any(lang == "fr" for lang, _ in s)),
                     "linking_en": sum(1 for s in linked.values() if any(lang == "en" for lang, _ in s)),
                     "links": sum(len(s) for s in linked.values()),
                     "relations_from": related,
                     "using_forms": len(users),
                     "using_forms_unlinked": sorted(set(users) - set(linked))})
    return rows


def markdown(report: Report, cover: list[dict], top: int) -> str:
    out = [f"Candidates with no entry of their own, over {report.entries} published entries (FR + EN prose), "
           f"top {top} by entries relying, then mentions:", "",
           "| rank | term | entries relying on it | mentions (FR + EN) | FR / EN | leaned on hardest |",
           "|---|---|---|---|---|---|"]
    for rank, row in enumerate(report.rows[:top], start=1):
        hardest = ", ".join(f"{eid} ({n})" for eid, n in row.hardest)
        label = row.label + (f" — {row.note}" if row.note else "")
        out.append(f"| {rank} | {label} | {row.entries} | {row.mentions} | {row.by_lang['fr']} / {row.by_lang['en']} | {hardest} |")
    rest = report.rows[top:]
    if rest:
        out += ["", "Below the top " + str(top) + ": " + "; ".join(f"{r.label} {r.entries} / {r.mentions}" for r in rest) + "."]
    if report.skipped:
        out += ["", "Skipped, they have an entry (candidate → entry, by its title or alias): "
                + "; ".join(f"{cid} → {eid} (“{term}”, {lang})" for cid, (eid, lang, term) in report.skipped.items()) + "."]
    out += ["", "The twelve entries written since the review: other entries linking to each (first mentions), "
            "relations naming it, and the other entries using the review's forms for it:", "",
            "| entry | review (of 22): entries / mentions | entries linking to it (FR / EN) | first-mention links "
            "| relations from | entries using the review's forms | of which not linking |",
            "|---|---|---|---|---|---|---|"]
    for row in cover:
        unlinked = len(row["using_forms_unlinked"])
        names = f" ({', '.join(row['using_forms_unlinked'])})" if 0 < unlinked <= 4 else ""
        out.append(f"| {row['entry']} | {row['review']} | {row['linking_entries']} ({row['linking_fr']} / {row['linking_en']}) "
                   f"| {row['links']} | {len(row['relations_from'])} | {row['using_forms']} | {unlinked}{names} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="content root (default: the project)")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--quizzes", action="store_true", help="count the quizzes' prompts, options and feedback too")
    parser.add_argument("--json", action="store_true", help="machine output")
    args = parser.parse_args(argv)
    corpus = load_corpus(args.root)
    report = count(corpus, quizzes=args.quizzes)
    cover = coverage(corpus)
    if args.json:
        print(json.dumps({"entries": report.entries, "quizzes": args.quizzes,
                          "terms": [row.__dict__ for row in report.rows],
                          "skipped": {k: {"entry": v[0], "lang": v[1], "term": v[2]} for k, v in report.skipped.items()},
                          "coverage": cover}, ensure_ascii=False, indent=2))
    else:
        print(markdown(report, cover, args.top), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
