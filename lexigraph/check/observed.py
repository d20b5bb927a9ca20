"""An ``[^observed:step]`` marker is checkable: its step records what the run shows (``shows``), each
recorded value is found in the run's record, and a sentence carrying the marker names nothing else
(warnings; errors with ``--strict``).

Two rules, each one function (one row each in a rule registry):

- :func:`record_problems`: every value in a step's ``shows`` appears in the step's record: its snippet,
  the case of ``tests/snippets/mcp_cases.yml`` that runs it, and the files listed under ``record``
  (a transcript the test compares with the live run, the test module that asserts a browser's
  answer). The snippet tests compare those files with the run, so a recorded value cannot drift from
  what ran without a test or this rule failing. A content root without ``tests/snippets/`` (the
  content copied alone) has no record to compare with: the rule is then silent.
- :func:`claim_problems`: a sentence carrying ``[^observed:step]`` names only code spans, numbers and
  error codes that one of its observed steps records in ``shows`` (or that are the implementation,
  package or version in ``observed_with``). Dates are left out (a run does not show when it ran),
  except an ISO date that names a specification revision of ``specs.yml``. In a sentence that also
  cites a source, what no step shows is the source's to support; the rule then asks only that the
  step shows at least one of the values the sentence names.

FORMAT.md, "Evidence markers", says how to write ``shows`` and ``record``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list
from lexigraph.content import evidence as ev
from lexigraph.content import safefile
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import Problem

OBSERVED_KIND = "observed"
CASES = Path("tests") / "snippets" / "mcp_cases.yml"
RECORD_ROOTS = ("snippets/", "tests/snippets/", "tests/support/")
#: A recorded value the run shows missing (``absent: io.modelcontextprotocol/tasks``), for a record that is the whole answer.
ABSENT = "absent:"

_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|"
           "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre")
#: A date written out ("1 December 2026", « 1er décembre 2026 », "November 2026") or in ISO form.
_DATE = re.compile(rf"(?<![\w-])(?:\d{{1,2}}(?:er)?[ \u00a0\u202f]+)?(?:{_MONTHS})[ \u00a0\u202f]+\d{{4}}(?![\w-])"
                   rf"|(?<![\w.-])\d{{4}}-\d{{2}}(?:-\d{{2}})?(?![\w-]|\.\d)", re.I)
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


def _warn(doc: YamlDoc, path: tuple, message: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message, OBSERVED_KIND)


def _plain(text: str) -> str:
    """What a code value is compared as: no JSON quotes, whitespace collapsed (``isError: true`` finds ``"isError": true``)."""
    return re.sub(r"\s+", " ", text.replace('"', "")).strip()


def shown_in(kind: str, value: str, text: str) -> bool:
    """Whether ``text`` (a record, or recorded values) holds ``value`` of ``kind``: a code value as a substring,
    a number or an error code as a whole figure."""
    if kind == ev.CODE_SPAN:
        plain = _plain(text)
        return any(_whole(variant).search(plain) for variant in _variants(_plain(value))) or _dotted(_plain(value), plain)
    return ev.number_value(value, "en") in ev.numbers_in(text) or value in _plain(text).split()


@functools.lru_cache(maxsize=4096)
def _whole(value: str) -> re.Pattern:
    """``value`` as a whole name where it starts or ends with a name character: ``name`` is not found in ``names``."""
    before = r"(?<![\w$])" if re.match(r"[\w$]", value) else ""
    after = r"(?![\w$])" if re.search(r"[\w$]$", value) else ""
    return re.compile(before + re.escape(value) + after)


def _variants(value: str) -> list[str]:
    """A code value and the forms it is written in code: ``advertise()`` is called as ``advertise(…)``,
    ``<label>`` is written ``<label for=…>``."""
    out = [value]
    if value.endswith("()"):
        out.append(value[:-1])
    if re.fullmatch(r"<[A-Za-z][\w-]*>", value):
        out.append(value[:-1])
    pair = re.fullmatch(r"([\w$]+): (true|false|null)", value)
    if pair:                                 # JSON `isError: true` is Python's isError=True in a transcript
        python = {"true": "True", "false": "False", "null": "None"}[pair.group(2)]
        out += [f"{pair.group(1)}={python}", f"{pair.group(1)}: {python}"]
    return out


def _dotted(value: str, text: str) -> bool:
    """``_meta.ui`` is in a JSON record written ``"_meta": {"ui": …}``: each dotted part as a whole name, in order."""
    parts = value.split(".")
    if len(parts) < 2 or not all(re.fullmatch(r"[A-Za-z_$][\w$-]*", p) for p in parts):
        return False
    at = 0
    for part in parts:
        match = re.compile(rf"(?<![\w$]){re.escape(part)}(?![\w$])").search(text, at)
        if match is None:
            return False
        at = match.end()
    return True


def _kind(value: str) -> str:
    if re.fullmatch(r"[-−]?\d+(?:[.,]\d+)*", value.strip()):
        return ev.ERROR_CODE if re.fullmatch(r"[-−]32\d{3}", value.strip()) else ev.NUMBER
    return ev.CODE_SPAN


# --- the record of a step -------------------------------------------------------------------------

def _cases(corpus: Corpus) -> list[dict]:
    def read() -> list[dict]:
        import yaml

        path = corpus.root / CASES
        try:
            data = yaml.safe_load(safefile.read_text(path, corpus.root / "tests", corpus.root, safefile.YAML))
        except (OSError, safefile.UnsafeFile, yaml.YAMLError):
            return []
        return [c for c in data if isinstance(c, dict)] if isinstance(data, list) else []
    return corpus.derive(("observed-cases",), read)


def _read_record(corpus: Corpus, name: str) -> str | None:
    def read() -> str | None:
        try:
            if name.startswith("snippets/"):
                return corpus.read_snippet(name[len("snippets/"):])
            return safefile.read_text(corpus.root / name, corpus.root / "tests", corpus.root, safefile.SNIPPET)
        except (OSError, safefile.UnsafeFile):
            return None
    return corpus.derive(("observed-record", name), read)


def record_text(corpus: Corpus, step: dict) -> str:
    """Everything a step's run is recorded in, as one text: the snippet, its case in mcp_cases.yml, its ``record`` files."""
    import yaml

    parts = []
    snippet = step.get("snippet")
    if isinstance(snippet, str):
        parts.append(_read_record(corpus, "snippets/" + snippet) or "")
        parts += [yaml.safe_dump(c, allow_unicode=True, sort_keys=False) for c in _cases(corpus) if c.get("snippet") == snippet]
    for name in as_list(step.get("record")):
        if isinstance(name, str):
            parts.append(_read_record(corpus, name) or "")
    return "\n".join(parts)


def record_problems(corpus: Corpus) -> list[Problem]:
    """``shows`` and ``record`` on steps: each record file readable, each recorded value in the record."""
    out: list[Problem] = []
    if not (corpus.root / CASES).parent.is_dir():
        return out          # a content root without the snippet tests (a copy of the content alone): nothing to compare with
    for entry in corpus.entries.values():
        if entry.facts is None or entry.status != "published":
            continue
        out += list(_records(corpus, entry))
    return out


def _records(corpus: Corpus, entry: Entry) -> Iterator[Problem]:
    doc = entry.facts_doc()
    for i, step in enumerate(as_list(entry.fact("steps"))):
        step = as_dict(step)
        shows, record = as_list(step.get("shows")), as_list(step.get("record"))
        if (shows or record) and not isinstance(step.get("observed_with"), dict):
            yield _warn(doc, ("steps", i, "shows" if shows else "record"),
                        "shows and record describe an observation: add observed_with (and a test), or remove them")
            continue
        missing = False
        for j, name in enumerate(record):
            if not isinstance(name, str):
                continue
            if not name.startswith(RECORD_ROOTS):
                missing = True               # the schema says where a record may be
            elif ".." in name.split("/"):
                yield _warn(doc, ("steps", i, "record", j), f"'{name}' must stay inside its folder (no '..')")
                missing = True
            elif _read_record(corpus, name) is None:
                yield _warn(doc, ("steps", i, "record", j), f"record file '{name}' does not exist or may not be read")
                missing = True
        if missing or not shows:
            continue
        text = record_text(corpus, step)
        for j, value in enumerate(shows):
            if not isinstance(value, str):
                continue
            if value.startswith(ABSENT):
                gone = value[len(ABSENT):].strip()
                if gone and shown_in(ev.CODE_SPAN, gone, text):
                    yield _warn(doc, ("steps", i, "shows", j),
                                f"'{gone}' is in the run's record, so the run does not show it absent: remove '{value}'")
                continue
            if not (shown_in(ev.CODE_SPAN, value, text) or shown_in(_kind(value), value, text)):
                where = ", ".join(["snippets/" + str(step.get("snippet"))] + [str(r) for r in record])
                yield _warn(doc, ("steps", i, "shows", j),
                            f"'{value}' is not in the run's record ({where}, and its case in {CASES.as_posix()} if any): "
                            "record only what the run shows; fix the value, or add the transcript that shows it under record")


# --- sentences that cite an observation ------------------------------------------------------------

def claim_problems(corpus: Corpus) -> list[Problem]:
    """Sentences carrying ``[^observed:step]`` that name a value no cited step records in ``shows``."""
    from lexigraph.content.specs import parse_registry

    revisions = {d for spec in parse_registry(corpus.registry).values() for d in spec.dates()}
    out: list[Problem] = []
    for entry in corpus.entries.values():
        if entry.facts is None or entry.status != "published":
            continue
        steps = ev.observable_steps(entry.facts_data())
        if not steps:
            continue
        for lang in LANGUAGES:
            doc = entry.prose.get(lang)
            if doc is not None and isinstance(doc.data, dict):
                key = f"observed-claims:{entry.facts.digest}:{','.join(sorted(revisions))}"
                out += corpus.memo(doc, key, lambda d=doc, lang=lang, steps=steps: list(_claims(d, lang, steps, revisions)))
    return out


def named(sentence: str, lang: str, revisions: set[str]) -> list[tuple[str, str]]:
    """What the rule checks in a sentence: its code spans, numbers and error codes, dates left out
    (an ISO date that names a revision stays)."""
    def blank(match: re.Match) -> str:
        keep = _ISO.fullmatch(match.group(0)) and match.group(0) in revisions
        return match.group(0) if keep else " "
    masked = "".join(piece if code else _DATE.sub(blank, piece) for code, piece in ev.split_code(ev.strip_markers(sentence)))
    return ev.named_values(masked, lang)


def _implicit(value: str, steps: list[dict]) -> bool:
    """The implementation, package or version a step names in observed_with (``2.3`` for ``2.3.0``)."""
    for step in steps:
        seen = step["observed_with"]
        names = [str(seen.get(k)) for k in ("implementation", "package", "version") if seen.get(k)]
        if value in names or str(seen.get("version", "")).startswith(value + "."):
            return True
    return False


def _claims(doc: YamlDoc, lang: str, steps: dict[str, dict], revisions: set[str]) -> Iterator[Problem]:
    for _section, path, sentence in ev.claims(doc.data, lang):
        cited = [steps[m[len(ev.OBSERVED):]] for m in dict.fromkeys(sentence.markers)
                 if m.startswith(ev.OBSERVED) and m[len(ev.OBSERVED):] in steps]
        if not cited:
            continue                     # an unresolved marker is check.evidence's to report
        also_sources = any(not m.startswith(ev.OBSERVED) for m in sentence.markers)
        every = named(sentence.text, lang, revisions)
        values = [(k, v) for k, v in every if not _implicit(v, cited)]
        recorded = "\n".join(str(v).removeprefix(ABSENT) for s in cited for v in as_list(s.get("shows")))
        unshown = [(k, v) for k, v in values if not shown_in(k, v, recorded)]
        markers = "".join(f"[^{ev.OBSERVED}{s['id']}]" for s in cited)
        ids = ", ".join(f"'{s['id']}'" for s in cited)
        excerpt = _excerpt(sentence.text)
        if also_sources:
            if values and len(unshown) == len(every):          # nothing it names is the step's, not even its version
                said = ", ".join(f"{k} '{v}'" for k, v in unshown)
                yield _warn(doc, path, f"{markers}: step {ids} shows none of what this sentence names ({said}; “{excerpt}”): "
                            "add the values its run shows to the step's shows in entry.yml, or remove the marker and let the source carry the sentence")
            continue
        for kind, value in unshown:
            yield _warn(doc, path, f"{markers}: the sentence names {kind} '{value}', which step {ids} does not record in shows "
                        f"(“{excerpt}”): if the run shows it, add it to the step's shows in entry.yml; otherwise cite "
                        "the source that says it, or rewrite the sentence")


def _excerpt(text: str, size: int = 60) -> str:
    flat = re.sub(r"[ \t\r\n]+", " ", ev.strip_markers(text)).strip()
    return flat if len(flat) <= size else flat[:size - 1].rstrip() + "…"
