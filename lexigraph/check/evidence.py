"""Evidence markers: each resolves, each source is cited, each claim carries one, FR and EN mark alike (warnings; errors with ``--strict``).

The rules and the syntax are in FORMAT.md, "Evidence markers"; what counts as a sentence and a
claim is :mod:`lexigraph.content.evidence`. A duplicated source id is an error: markers could not
say which source they mean.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import metadata

from lexigraph import LANGUAGES
from lexigraph.check.common import as_dict, as_list, did_you_mean
from lexigraph.content import evidence as ev
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import CROSS, Problem

EVIDENCE = "evidence"
_WHY = {"figure": "states a figure, a date or a version", "normative": "quotes normative wording (MUST, DOIT…)",
        "attribution": "attributes a claim to someone"}


def _warn(doc: YamlDoc, path: tuple, message: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message, EVIDENCE)


def _excerpt(text: str, size: int = 60) -> str:
    flat = re.sub(r"[ \t\r\n]+", " ", ev.strip_markers(text)).strip()   # no-break spaces stay what they are
    return flat if len(flat) <= size else flat[:size - 1].rstrip() + "…"


def duplicate_source_ids(corpus: Corpus) -> list[Problem]:
    """Errors: two sources of one entry with the same id."""
    out = []
    for entry in corpus.entries.values():
        if entry.facts is None:
            continue
        seen: dict[str, int] = {}
        for i, source in enumerate(as_list(entry.fact("sources"))):
            sid = as_dict(source).get("id")
            if not isinstance(sid, str):
                continue
            if sid in seen:
                out.append(Problem(entry.facts.path, entry.facts.line(("sources", i, "id")), format_path(("sources", i, "id")),
                                   f"source id '{sid}' is already the id of sources[{seen[sid]}]: each source needs its own id", CROSS))
            else:
                seen[sid] = i
    return out


def evidence_problems(corpus: Corpus) -> list[Problem]:
    """Every evidence warning of a corpus of well-formed documents."""
    out: list[Problem] = []
    installed: dict[str, str | None] = {}     # package → installed version, looked up once per check
    for entry in corpus.entries.values():
        if entry.facts is None or entry.status != "published":
            continue
        out += _observed_with(entry, installed)
        found = {lang: entry.prose.get(lang) for lang in LANGUAGES}
        docs = {lang: doc for lang, doc in found.items() if doc is not None and isinstance(doc.data, dict)}
        for lang, doc in docs.items():
            out += corpus.memo(doc, f"evidence:{entry.facts.digest}", lambda d=doc, lang=lang, entry=entry: list(_language(entry, d, lang)))
        if set(docs) == {"fr", "en"}:
            out += _parity(docs["fr"], docs["en"])
    return out


def _installed(package: str, known: dict[str, str | None]) -> str | None:
    if package not in known:
        try:
            known[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            known[package] = None
    return known[package]


def _observed_with(entry: Entry, known: dict[str, str | None]) -> Iterator[Problem]:
    """observed_with on an untested step, and a version that is not the installed one (``known``:
    the versions this check already looked up)."""
    for i, step in enumerate(as_list(entry.fact("steps"))):
        seen = as_dict(as_dict(step).get("observed_with"))
        if not seen:
            continue
        if as_dict(step).get("untested"):
            yield _warn(entry.facts_doc(), ("steps", i, "observed_with"),
                        "an untested step observed nothing: remove observed_with, or write the test and remove untested")
        package = seen.get("package")
        if isinstance(package, str):
            installed = _installed(package, known)
            if installed is None:
                yield _warn(entry.facts_doc(), ("steps", i, "observed_with", "package"),
                            f"package '{package}' is not installed, so nothing here observed it")
                continue
            if installed != seen.get("version"):
                yield _warn(entry.facts_doc(), ("steps", i, "observed_with", "version"),
                            f"says {package} {seen.get('version')}, but {installed} is installed: run the tests again, "
                            "then update the version and what the prose says was observed")


def _language(entry: Entry, doc: YamlDoc, lang: str) -> Iterator[Problem]:
    facts = entry.facts_data()
    sources = ev.source_ids(facts)
    steps = {s["id"]: s for s in as_list(facts.get("steps")) if isinstance(s, dict) and isinstance(s.get("id"), str)}
    cited: set[str] = set()
    name = doc.path.rsplit("/", 1)[-1]
    for field in ev.NOT_PROSE:
        values = doc.data.get(field)
        for i, text in enumerate(values if isinstance(values, list) else [values]):
            if isinstance(text, str) and ev.markers(text):
                path = (field, i) if isinstance(values, list) else (field,)
                yield _warn(doc, path, f"a marker has no place in a {field.rstrip('s')}: put it in the prose that makes the claim")
    for _section, path, text in ev.sections(doc.data):
        for bad in dict.fromkeys(ev.malformed_markers(text)):
            yield _warn(doc, path, f"'{bad}' is not a marker: write [^source-id] or [^observed:step-id] (lower-case kebab ids)")
        for marker in dict.fromkeys(ev.markers(text)):
            if marker.startswith(ev.OBSERVED):
                step_id = marker[len(ev.OBSERVED):]
                step = steps.get(step_id)
                if step is None:
                    yield _warn(doc, path, f"marker [^{marker}] names no step of this entry{did_you_mean(step_id, steps)}")
                elif step.get("untested"):
                    yield _warn(doc, path, f"marker [^{marker}]: step '{step_id}' is untested, so nothing observed it "
                                "(cite a source instead, or test the step)")
                elif not isinstance(step.get("observed_with"), dict):
                    yield _warn(doc, path, f"marker [^{marker}]: step '{step_id}' has no observed_with in entry.yml "
                                "(say which implementation and version the test runs)")
            elif marker not in sources:
                yield _warn(doc, path, f"marker [^{marker}] names no source of this entry{did_you_mean(marker, sources)}")
            else:
                cited.add(marker)
        for sentence in ev.sentences(text, lang):
            if sentence.needs and not sentence.marked:
                why = " and ".join(_WHY[n] for n in sentence.needs)
                yield _warn(doc, path, f"sentence {why} but carries no marker: add [^source-id] or [^observed:step-id] "
                            f"(“{_excerpt(sentence.text)}”)")
    for i, source in enumerate(as_list(facts.get("sources"))):
        sid = as_dict(source).get("id")
        if isinstance(sid, str) and sid not in cited:
            yield _warn(entry.facts_doc(), ("sources", i, "id"), f"source '{sid}' is cited by no marker in {name}: "
                        f"add [^{sid}] where a sentence rests on it, or remove the source")


def _by_section(doc: YamlDoc) -> dict[str, tuple[tuple, list[str]]]:
    out: dict[str, tuple[tuple, list[str]]] = {}
    for section, path, text in ev.sections(doc.data):
        first, found = out.get(section, (path, []))
        out[section] = (first, found + [m for m in ev.markers(text) if m not in found])
    return out


def _parity(fr: YamlDoc, en: YamlDoc) -> Iterator[Problem]:
    """The same markers, as sets, in each section of fr.yml and en.yml (reported on en.yml)."""
    fr_sections, en_sections = _by_section(fr), _by_section(en)
    for section, (path, en_markers) in en_sections.items():
        fr_markers = fr_sections.get(section, (None, []))[1]
        if section in fr_sections and set(fr_markers) != set(en_markers):
            only_fr = [f"[^{m}]" for m in fr_markers if m not in en_markers]
            only_en = [f"[^{m}]" for m in en_markers if m not in fr_markers]
            said = "; ".join(part for part in (f"only fr.yml has {' '.join(only_fr)}" if only_fr else "",
                                                f"only en.yml has {' '.join(only_en)}" if only_en else "") if part)
            yield _warn(en, path, f"section '{section}' carries other markers than in fr.yml ({said}): "
                        "both languages make the same claims, so they cite the same evidence")


def tallies(corpus: Corpus) -> list[tuple[str, dict[str, ev.Tally]]]:
    """(entry id, {lang: tally}) for each published entry, in number order."""
    rows = []
    entries = sorted((e for e in corpus.entries.values() if e.status == "published" and e.facts is not None),
                     key=lambda e: (e.fact("number") if isinstance(e.fact("number"), int) else 0, e.id))
    for entry in entries:
        counts = {lang: ev.tally(doc.data, lang) for lang, doc in entry.prose.items()
                  if doc is not None and isinstance(doc.data, dict)}
        rows.append((entry.id, counts))
    return rows


def tally_lines(corpus: Corpus) -> list[str]:
    """``evidence: mcp 23/30 claims marked (fr 12/15, en 11/15)``, one line per entry, then the total."""
    lines = []
    total_claims = total_marked = 0
    for entry_id, counts in tallies(corpus):
        claims = sum(t.claims for t in counts.values())
        marked = sum(t.marked for t in counts.values())
        total_claims, total_marked = total_claims + claims, total_marked + marked
        detail = ", ".join(f"{lang} {counts[lang].marked}/{counts[lang].claims}" for lang in LANGUAGES if lang in counts)
        lines.append(f"evidence: {entry_id} {marked}/{claims} claims marked ({detail})")
    lines.append(f"evidence: all entries {total_marked}/{total_claims} claims marked")
    return lines
