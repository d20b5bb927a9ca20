"""Evidence markers in prose (``[^source-id]``, ``[^observed:step-id]``): where they are, which sentence carries them, which sentences need one.

Shared by the checks (:mod:`lexigraph.check.evidence`), the page renderer (:mod:`lexigraph.render.evidence`),
the Markdown copy and the JSON export, so all four read a marker, a section and a sentence the same way.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

OBSERVED = "observed:"
_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"
#: One marker: ``[^spec-2025-06-18]`` or ``[^observed:tools-call]``.
MARKER = re.compile(rf"\[\^((?:{OBSERVED})?{_ID})\]")
#: Anything written like a marker, to report a malformed one (``[^Spec 1]``, ``[^observed: x]``).
MARKER_LIKE = re.compile(r"\[\^([^\]\n\x00]{0,80})\]")
_CODE = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")
_TAG = re.compile(r"</?[A-Za-z][^>\n]*>")
_LINK_TARGET = re.compile(r"\]\([^)\n]*\)|<https?://[^>\s]*>|https?://[^\s)\]]+")

# Sentences: a final mark followed by a space (markers written right after it stay with the sentence before).
_SENTENCE_END = re.compile(r"[.!?…]+(?:[ \u00a0\u202f]?[”»]|[\"’)])*((?:\[\^[^\]\s]+\])*)[ \t\u00a0\u202f\n]+(?=\S)")
_ABBREVIATIONS = re.compile(r"(?:^|[\s(])(?:e\.g|i\.e|etc|cf|vs|p\. ex|c\.-à-d|M|Mme|Dr|No|Nº|n°|fig|ch|p|pp|art|al|resp|ex)\.$", re.I)
_BLOCK_BREAK = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*+]|\d+[.)])[ \t])|\n(?=[ \t]*#{1,6}[ \t])|\n(?=[ \t]*\|)")
_LIST_MARK = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+|^[ \t]*#{1,6}[ \t]+")

# What makes a sentence a claim that needs a marker.
_FIGURE = re.compile(r"(?<![\w.-])[-−+]?\d+(?:[.,:/\u202f\u00a0-]\d+)*(?:\s?%)?(?![\w])|\d\s?%")
_NORMATIVE = {
    "en": re.compile(r"(?<![\w-])(?:MUST(?: NOT)?|SHOULD(?: NOT)?|SHALL(?: NOT)?|REQUIRED|RECOMMENDED|MAY|OPTIONAL)(?![\w-])"),
    "fr": re.compile(r"(?<![\w-])(?:(?:NE )?DOI(?:T|VENT)(?: PAS)?|DEVRAI(?:T|ENT)(?: PAS)?|PEU(?:T|VENT)|RECOMMANDÉE?S?|OBLIGATOIRES?|FACULTATIFS?|FACULTATIVES?)(?![\w-])"),
}
_ATTRIBUTION = {
    "en": re.compile(r"\baccording to\b|\breport(?:s|ed)\b|\bcited as (?:a |the )?source\b", re.I),
    "fr": re.compile(r"(?<![\w-])(?:selon|d[’']après|rapport(?:e|ent|é|ée|és|ées)|cité(?:e|s|es)? (?:en|comme) source)(?![\w-])", re.I),
}
REASONS = ("figure", "normative", "attribution")


@dataclass
class Sentence:
    """One sentence of a section: its text as written, the marker ids it carries, why it needs one."""

    text: str
    markers: list[str] = field(default_factory=list)
    needs: list[str] = field(default_factory=list)   # subset of REASONS

    @property
    def plain(self) -> str:
        """The sentence without its markers."""
        return strip_markers(self.text).strip()

    @property
    def marked(self) -> bool:
        return bool(self.markers)


def split_code(text: str) -> Iterator[tuple[bool, str]]:
    """(is_code, piece) over ``text``: code spans (and fenced blocks) apart from prose."""
    return iter(_pieces(text))


@functools.lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[tuple[bool, str], ...]:
    """Memoised: the evidence rules split the same sentence many times (markers, claims, parity)."""
    out = []
    at = 0
    for match in _CODE.finditer(text):
        if match.start() > at:
            out.append((False, text[at:match.start()]))
        out.append((True, match.group(0)))
        at = match.end()
    if at < len(text):
        out.append((False, text[at:]))
    return tuple(out)


def markers(text: str) -> list[str]:
    """The marker ids in ``text`` in order (``observed:x`` for an observation), code spans left alone."""
    return [m.group(1) for code, piece in split_code(text or "") if not code for m in MARKER.finditer(piece)]


def malformed_markers(text: str) -> list[str]:
    """Things written like a marker that are not one (``[^Spec 1]``), code spans left alone."""
    return [m.group(0) for code, piece in split_code(text or "") if not code
            for m in MARKER_LIKE.finditer(piece) if not MARKER.fullmatch(m.group(0))]


def replace_markers(text: str, replace) -> str:
    """``text`` with each marker (outside code) replaced by ``replace(marker_id)``."""
    return "".join(piece if code else MARKER.sub(lambda m: replace(m.group(1)), piece)
                   for code, piece in split_code(text or ""))


def strip_markers(text: str) -> str:
    return replace_markers(text, lambda _id: "")


def _prose_view(text: str) -> str:
    """``text`` with code spans as the word ``x`` and link addresses dropped: what the claim rules read."""
    out = "".join("x" if code else piece for code, piece in split_code(text))
    return _LINK_TARGET.sub("]", out)


def needs(sentence: str, lang: str) -> list[str]:
    """Why ``sentence`` must carry a marker (empty when it need not)."""
    view = _LIST_MARK.sub("", _prose_view(strip_markers(sentence)))
    if _TAG.search(view):
        return []          # raw HTML: an error of its own (check.safety); what it holds is no claim of ours
    found = []
    if _FIGURE.search(view):
        found.append("figure")
    if _NORMATIVE.get(lang, _NORMATIVE["en"]).search(view):
        found.append("normative")
    if _ATTRIBUTION.get(lang, _ATTRIBUTION["en"]).search(view):
        found.append("attribution")
    return found


def _mask_code(text: str) -> str:
    """Same length as ``text``, with code spans and link addresses blanked (so nothing in them splits)."""
    out = "".join(re.sub(r"[^\n]", "_", piece) if code else piece for code, piece in split_code(text))
    return _LINK_TARGET.sub(lambda m: "_" * len(m.group(0)), out)


def sentences(text: str, lang: str) -> list[Sentence]:
    """The sentences of a prose value, each with its markers and what it needs."""
    text = text or ""
    masked = _mask_code(text)
    cuts = [0]
    for block in _BLOCK_BREAK.finditer(masked):
        cuts.append(block.end())
    bounds = []
    for start, end in zip(cuts, cuts[1:] + [len(text)], strict=True):
        piece = masked[start:end]
        at = 0
        for match in _SENTENCE_END.finditer(piece):
            head = piece[at:match.start() + 1].rstrip(".")
            if (_ABBREVIATIONS.search(piece[max(at, match.start() - 8):match.start() + 1]) or not head.strip()
                    or re.fullmatch(r"[ \t]*\d+", head)):      # "1. " opens a list item
                continue
            bounds.append((start + at, start + match.end(1)))
            at = match.end()
        bounds.append((start + at, end))
    out = []
    for start, end in bounds:
        piece = text[start:end].strip()
        if strip_markers(_LIST_MARK.sub("", piece)).strip():
            out.append(Sentence(piece, markers(piece), needs(piece, lang)))
        elif out and markers(piece):          # markers alone on a line: they belong to the sentence before
            out[-1].markers += markers(piece)
    return out


# The sections FR and EN must mark alike, and the prose fields each one holds.
def sections(data: dict) -> Iterator[tuple[str, tuple, str]]:
    """(section name, JSON path, text) for every prose value of a language file that may hold markers."""
    if not isinstance(data, dict):
        return
    for key in ("definition", "analogy", "not"):
        if isinstance(data.get(key), str):
            yield key, (key,), data[key]
    for i, item in enumerate(data.get("in_depth") or []):
        if isinstance(item, dict) and isinstance(item.get("body"), str):
            yield f"in-depth/{item.get('id')}", ("in_depth", i, "body"), item["body"]
    hood = data.get("under_the_hood")
    if isinstance(hood, dict):
        if isinstance(hood.get("intro"), str):
            yield "under-the-hood", ("under_the_hood", "intro"), hood["intro"]
        for step_id, step in (hood.get("steps") or {}).items() if isinstance(hood.get("steps"), dict) else ():
            if not isinstance(step, dict):
                continue
            for key in ("intro", "trap"):
                if isinstance(step.get(key), str):
                    yield f"under-the-hood/{step_id}", ("under_the_hood", "steps", step_id, key), step[key]
            for name, note in (step.get("annotations") or {}).items() if isinstance(step.get("annotations"), dict) else ():
                if isinstance(note, str):
                    yield f"under-the-hood/{step_id}", ("under_the_hood", "steps", step_id, "annotations", name), note
    if isinstance(data.get("what_varies"), str):
        yield "what-varies", ("what_varies",), data["what_varies"]
    for group, prefix in (("examples", "examples"), ("shown_elsewhere", "shown-elsewhere"), ("versions", "versions")):
        values = data.get(group)
        if isinstance(values, dict):
            for key, text in values.items():
                if isinstance(text, str):
                    yield f"{prefix}/{key}", (group, key), text


NOT_PROSE = ("title", "slug", "aliases")   # fields where a marker has no place


def claims(data: dict, lang: str) -> Iterator[tuple[str, tuple, Sentence]]:
    """(section, JSON path, sentence) for every sentence of a language file's prose."""
    for section, path, text in sections(data):
        for sentence in sentences(text, lang):
            yield section, path, sentence


@dataclass(frozen=True)
class Tally:
    """How many of an entry's claims (sentences the rule names) carry a marker, in one language."""

    claims: int
    marked: int
    markers: int

    def __str__(self) -> str:
        return f"{self.marked}/{self.claims} claims marked"


def tally(data: dict, lang: str) -> Tally:
    found = [s for _, _, s in claims(data, lang)]
    needing = [s for s in found if s.needs]
    return Tally(len(needing), sum(1 for s in needing if s.marked), sum(len(s.markers) for s in found))


def source_ids(facts: dict) -> list[str]:
    """The ids of an entry's sources, in order (sources without a usable id left out)."""
    return [s["id"] for s in (facts.get("sources") or []) if isinstance(s, dict) and isinstance(s.get("id"), str)]


def observable_steps(facts: dict) -> dict[str, dict]:
    """Steps a marker may cite as an observation: tested, with ``observed_with``; by id, in order."""
    return {s["id"]: s for s in (facts.get("steps") or [])
            if isinstance(s, dict) and isinstance(s.get("id"), str) and not s.get("untested")
            and isinstance(s.get("observed_with"), dict)}


# What an observed sentence names, for the rule that its step shows it (check.observed).
CODE_SPAN, NUMBER, ERROR_CODE = "code span", "number", "error code"
#: A JSON-RPC error code (-32602, −32601) or an HTTP status written with "HTTP" / a status word.
_ERROR_CODE = re.compile(r"(?<![\w.-])[-−]32\d{3}(?!\w|\.\d)|(?<=HTTP[ \u00a0\u202f])[1-5]\d\d(?!\w|\.\d)")


def number_value(text: str, lang: str) -> str:
    """A figure as one canonical string: spaces and thousands separators out, a French decimal comma
    as a point, a Unicode minus as ``-`` (``111 076`` and ``111,076`` are ``111076``; ``1,5`` in French is ``1.5``)."""
    value = re.sub(r"[ \u00a0\u202f]", "", text).replace("−", "-").rstrip("%").strip()
    if lang == "fr":
        value = value.replace(",", ".")
    else:
        value = value.replace(",", "") if re.fullmatch(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", value) else value
    return value


def named_values(sentence: str, lang: str) -> list[tuple[str, str]]:
    """(kind, value) for what a sentence names that a run can show: each code span (its text, without
    backticks), each error code (``-32602``, an HTTP status after ``HTTP``) and each other number written
    in digits outside code, in order, each once."""
    text = strip_markers(sentence)
    found: list[tuple[str, str]] = []
    for code, piece in split_code(text):
        if code:
            value = piece.strip("`").strip()
            if value:
                found.append((ERROR_CODE if re.fullmatch(r"[-−]32\d{3}", value) else CODE_SPAN, value.replace("−", "-")))
            continue
        view = _LINK_TARGET.sub("]", piece)
        errors = {m.start(): m for m in _ERROR_CODE.finditer(view)}
        for match in _FIGURE.finditer(view):
            error = next((e for at, e in errors.items() if match.start() <= at < match.end() or at <= match.start() < e.end()), None)
            if error is not None:
                found.append((ERROR_CODE, number_value(error.group(0), lang)))
            else:
                found.append((NUMBER, number_value(match.group(0), lang)))
    return list(dict.fromkeys(found))


def numbers_in(text: str, lang: str = "en") -> set[str]:
    """Every figure written in ``text`` (a recorded value, a transcript), canonical (:func:`number_value`)."""
    return {number_value(m.group(0), lang) for m in _FIGURE.finditer(text)}
