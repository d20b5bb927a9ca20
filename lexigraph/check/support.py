"""Support claims (an entry's ``support:`` block) against what the probes measured (support/results.json).

The claims' meaning is FORMAT.md's (Support) and content/support.py's :func:`propose`: for a feature with
probe P and an implementation I claimed ``version_added: V`` (and ``version_removed: W``), V and W are
measured versions of (P, I); every measured version below V fails the probe (or passes it in part, below a
full claim); every one in [V, W) passes it in full, or, when the claim says ``partial``, in part or in full
with at least one in part (support that comes and goes within the range is partial); every one from W on
fails it. ``version_added: false``: every measured version fails it.

Each function is one rule of check/validate.py's RULES and takes the well-formed corpus: a feature or
implementation cell whose schema is broken is not here (LX103 tells it).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from lexigraph.check.common import did_you_mean, field_problem
from lexigraph.content import support as data
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.specs import Spec
from lexigraph.errors import CROSS, Problem

_COLLECT = "lexigraph support collect"


@functools.cache
def implementations() -> dict[str, data.Implementation]:
    """lexigraph/data/implementations.yml, read once per process."""
    return data.implementations()


def features(corpus: Corpus) -> Iterator[tuple[Entry, data.Feature]]:
    """Every feature of every entry whose entry.yml is well-formed, entries by id."""
    for entry_id in sorted(corpus.entries):
        entry = corpus.entries[entry_id]
        if entry.facts is not None and isinstance(entry.facts.data, dict):
            for feature in data.features_of(entry.id, entry.facts.data):
                yield entry, feature


def _at(entry: Entry, feature: data.Feature, *path) -> tuple:
    return ("support", feature.index, *path)


def _problem(entry: Entry, feature: data.Feature, path: tuple, message: str) -> Problem:
    return field_problem(entry.facts_doc(), _at(entry, feature, *path), message)


def _q(value: object) -> str:
    """A writer's value as a message quotes it: one line, cut short (a 5,000-character version stays readable)."""
    text = " ".join(str(value).split())
    return text if len(text) <= 40 else f"{text[:30]}… ({len(text)} characters)"


def _measured(claim: data.Claim) -> bool:
    """A claim check compares with results: a known implementation, not unmeasured."""
    return claim.implementation in implementations() and claim.unmeasured is None and claim.version_added is not None


def _probe_file(probe: str, implementation: str) -> str:
    return probe + implementations()[implementation].probe_suffix


# -- LX210 ------------------------------------------------------------------------------------

def feature_id_problems(corpus: Corpus) -> list[Problem]:
    """A feature id is used once across the lexicon: the MCP tool and the JSON export name a feature by it."""
    seen: dict[str, tuple[Entry, data.Feature]] = {}
    out = []
    for entry, feature in features(corpus):
        if feature.feature in seen:
            first, where = seen[feature.feature]
            line = first.facts_doc().line(_at(first, where, "feature"))
            out.append(_problem(entry, feature, ("feature",),
                                f"feature '{feature.feature}' is already a feature of '{first.id}' "
                                f"({first.facts_doc().path}:{line}): feature ids are unique across the lexicon; "
                                "rename one (its probe may keep its name)"))
        else:
            seen[feature.feature] = (entry, feature)
    return out


# -- LX211 ------------------------------------------------------------------------------------

def claim_shape_problems(corpus: Corpus) -> list[Problem]:
    """Each implementation is one of implementations.yml; version_removed comes after version_added; partial and
    flag only with a version; flag only for a browser (Chromium)."""
    known = implementations()
    out = []
    for entry, feature in features(corpus):
        for claim in feature.claims:
            name = claim.implementation
            cell = ("implementations", name)
            if name not in known:
                out.append(_problem(entry, feature, cell,
                                    f"unknown implementation '{_q(name)}'{did_you_mean(name, known)}: name one of "
                                    f"{', '.join(known)} (lexigraph/data/implementations.yml)"))
                continue
            added, removed = claim.version_added, claim.version_removed
            if removed is not None and not isinstance(added, str):
                out.append(_problem(entry, feature, cell + ("version_removed",),
                                    f"version_removed {_q(removed)} without a version_added version: a feature is removed "
                                    "from a version that had it; give version_added, or drop version_removed"))
            elif removed is not None and isinstance(added, str) and data.version_key(removed) <= data.version_key(added):
                out.append(_problem(entry, feature, cell + ("version_removed",),
                                    f"version_removed {_q(removed)} is not after version_added {_q(added)}: the first version "
                                    "that no longer passes comes after the first that passes; run `lexigraph support propose`"))
            for key, value in (("partial", claim.partial), ("flag", claim.flag)):
                if value is not None and not isinstance(added, str):
                    out.append(_problem(entry, feature, cell + (key,),
                                        f"{key} goes with a version_added version (it says how that version supports it), "
                                        f"but {name} has {'unmeasured' if added is None else 'version_added: false'}: "
                                        f"drop {key}"))
            if claim.flag is not None and known[name].runner != "chromium":
                out.append(_problem(entry, feature, cell + ("flag",),
                                    f"flag is a browser's command-line flag, and {name} is not a browser "
                                    f"({known[name].long['en']}): drop flag"))
    return out


# -- LX507 ------------------------------------------------------------------------------------

def spec_problems(corpus: Corpus, specs: dict[str, Spec]) -> list[Problem]:
    """spec: names a specification of specs.yml; added, changed, deprecated, removed are its revisions, in that order."""
    out = []
    for entry, feature in features(corpus):
        spec_id = feature.spec.get("spec")
        spec = specs.get(spec_id) if isinstance(spec_id, str) else None
        if spec is None:
            out.append(_problem(entry, feature, ("spec", "spec"),
                                f"unknown specification '{_q(spec_id)}'{did_you_mean(str(spec_id), specs)}: name one of specs.yml "
                                f"({', '.join(specs) or 'it lists none'})"))
            continue
        dates = spec.dates()
        history: list[tuple[str | tuple[str, int], str]] = [("added", str(feature.spec.get("added")))]
        history += [(("changed", i), d) for i, d in enumerate(feature.spec.get("changed") or [])]
        history += [(key, str(feature.spec.get(key))) for key in ("deprecated", "removed") if feature.spec.get(key) is not None]
        previous: tuple[str | tuple[str, int], str] | None = None
        for key, date in history:
            path = ("spec", *key) if isinstance(key, tuple) else ("spec", key)
            if date not in dates:
                close = did_you_mean(date, dates)
                out.append(_problem(entry, feature, path,
                                    f"{_q(date)} is not a revision of {spec.name}{close}; its revisions: {', '.join(dates)} "
                                    "(record a new revision in specs.yml first)"))
            elif previous is not None and date < previous[1]:
                before = previous[0] if isinstance(previous[0], str) else f"changed[{previous[0][1]}]"
                what = key if isinstance(key, str) else f"changed[{key[1]}]"
                out.append(_problem(entry, feature, path,
                                    f"{what} {date} comes before {before} {previous[1]}: a feature is added, then changed, "
                                    "deprecated and removed, in that order"))
            if date in dates:
                previous = (key, date)
    return out


# -- LX707, LX708 -----------------------------------------------------------------------------

def _observed(result: data.Result, probe: str) -> str:
    how = {"supported": "passes", "partial": "passes only in part", "unsupported": "fails"}[result.result]
    return f"{result.version} {how} the probe {probe} (\"{result.note}\")"


def proposal_text(proposal: data.Proposal) -> str:
    """What the results support, as a claim would be written."""
    if proposal.version_added is None:
        return f"no single claim ({proposal.reason})"
    if proposal.version_added is False:
        return "version_added: false (no measured version passes)"
    text = str(proposal.version_added) + (" (partial)" if proposal.partial else "")
    return text + (f" until {proposal.version_removed}" if proposal.version_removed else "")


def _claimed(claim: data.Claim) -> str:
    if claim.version_added is False:
        return f"claims {claim.implementation} never passes (version_added: false)"
    text = f"claims {claim.implementation} since {_q(claim.version_added)}" + (" (partial)" if claim.partial else "")
    return text + (f" until {_q(claim.version_removed)}" if claim.version_removed else "")


def contradiction(claim: data.Claim, probe: str, results: list[data.Result], failures: list[data.Failure]) -> tuple[str, str] | None:
    """(the claim's key at fault, the message) when ``results`` (of ``probe`` on the claim's implementation, in
    version order; not empty) contradict the claim; None when they agree."""
    tail = f"; the results support {proposal_text(data.propose(results))}: run `lexigraph support propose`"
    said = _claimed(claim)
    if claim.version_added is False:
        passing = [r for r in results if r.result != "unsupported"]
        return ("version_added", f"{said}, but {_observed(passing[0], probe)}{tail}") if passing else None
    added = str(claim.version_added)
    measured = {r.version for r in results}
    for key, version in (("version_added", added), ("version_removed", claim.version_removed)):
        if version is not None and version not in measured:
            failed = [f for f in failures if f.version == version and f.probe in (None, probe)]
            why = f" (its {failed[0].stage} failed: {failed[0].message})" if failed else ""
            return key, (f"{said}, but {_q(version)} was not measured{why}; measured: {', '.join(r.version for r in results)}"
                         f"{tail}, or add {_q(version)} to support/versions.yml and run "
                         f"`{_COLLECT} --probe {probe} --implementation {claim.implementation}`")
    want = "partial" if claim.partial else "supported"
    start, end = data.version_key(added), data.version_key(claim.version_removed) if claim.version_removed else None
    for result in results:
        at = data.version_key(result.version)
        if at < start:
            if result.result == "supported" or (claim.partial and result.result == "partial"):
                return "version_added", f"{said}, but {_observed(result, probe)} already{tail}"
        elif end is None or at < end:
            if result.result != want and not (claim.partial and result.result == "supported"):
                return "version_added", f"{said}, but {_observed(result, probe)}{tail}"
        elif result.result != "unsupported":
            return "version_removed", f"{said}, but {_observed(result, probe)} still{tail}"
    in_range = [r for r in results if data.version_key(r.version) >= start and (end is None or data.version_key(r.version) < end)]
    if claim.partial and in_range and all(r.result == "supported" for r in in_range):
        return "partial", f"{said}, but every measured version from {_q(added)} passes the probe {probe} in full{tail}"
    return None


def _claims(corpus: Corpus) -> Iterator[tuple[Entry, data.Feature, data.Claim, list[data.Result], list[data.Failure]]]:
    """Every measured claim whose probe file exists, with the results of its probe on its implementation."""
    results = corpus.support_results or data.Results()
    for entry, feature in features(corpus):
        if feature.probe is None:
            continue
        for claim in feature.claims:
            if _measured(claim) and _probe_file(feature.probe, claim.implementation) in corpus.probes:
                failures = [f for f in results.failures if f.implementation == claim.implementation and f.probe in (None, feature.probe)]
                yield entry, feature, claim, results.for_probe(feature.probe, claim.implementation), failures


def flag_contradiction(claim: data.Claim, environments: list) -> tuple[str, str] | None:
    """(the key at fault, the message) when the environment that measured ``version_added`` ran with another
    command-line flag than the claim names (Chromium: support/results.json's environments carry the flag)."""
    ran = [e for e in environments if isinstance(e, dict) and e.get("implementation") == claim.implementation
           and e.get("version") == claim.version_added and "flag" in e]
    if not ran or (ran[0].get("flag") or None) == claim.flag:
        return None
    measured = ran[0].get("flag") or None
    said = f"with flag {claim.flag}" if claim.flag else "with no flag"
    return ("flag" if claim.flag else "version_added",
            f"claims {claim.implementation} since {claim.version_added} {said}, but {claim.version_added} was measured "
            f"{f'with {measured}' if measured else 'with no flag'}: "
            f"{f'give flag: {measured}' if measured else 'drop flag'}, or re-run `{_COLLECT}` with the flag the claim needs")


def contradiction_problems(corpus: Corpus) -> list[Problem]:
    """A claim the recorded results contradict (its versions and outcomes, or the flag the browser ran with)."""
    environments = (corpus.support_results or data.Results()).environments
    out = []
    for entry, feature, claim, results, failures in _claims(corpus):
        if not results or feature.probe is None:
            continue
        found = contradiction(claim, feature.probe, results, failures) or flag_contradiction(claim, environments)
        if found:
            key, message = found
            out.append(_problem(entry, feature, ("implementations", claim.implementation, key), message))
    return out


def unmeasured_claim_problems(corpus: Corpus) -> list[Problem]:
    """A claim with no recorded result for its probe and implementation."""
    out = []
    for entry, feature, claim, results, failures in _claims(corpus):
        if not results:
            failed = f" ({len(failures)} failed run(s) recorded: {failures[0].version} {failures[0].stage}: {failures[0].message})" \
                if failures else ""
            out.append(_problem(entry, feature, ("implementations", claim.implementation, "version_added"),
                                f"no measured result of the probe {feature.probe} on {claim.implementation}{failed}: run "
                                f"`{_COLLECT} --probe {feature.probe} --implementation {claim.implementation}`"))
    return out


# -- LX711 ------------------------------------------------------------------------------------

def probe_file_problems(corpus: Corpus) -> list[Problem]:
    """A feature's probe has a file for each implementation it claims (or the implementation says why it is unmeasured)."""
    stems = sorted({name.rsplit(".", 1)[0] for name in corpus.probes})
    out = []
    for entry, feature in features(corpus):
        probe = feature.probe
        if probe is None:
            continue
        files = [probe + suffix for suffix in data.PROBE_SUFFIX.values() if probe + suffix in corpus.probes]
        if not files:
            out.append(_problem(entry, feature, ("probe",),
                                f"the probe '{probe}' has no file{did_you_mean(probe, stems)}: write support/probes/{probe}.py "
                                "(Python packages), .mjs (npm packages) or .html (Chromium), or replace probe with "
                                "unmeasured: {fr: …, en: …} saying why nothing measures it"))
            continue
        for claim in feature.claims:
            if _measured(claim) and _probe_file(probe, claim.implementation) not in corpus.probes:
                impl = implementations()[claim.implementation]
                out.append(_problem(entry, feature, ("implementations", claim.implementation),
                                    f"{claim.implementation} runs support/probes/{_probe_file(probe, claim.implementation)} "
                                    f"(its runner is {impl.runner}), which does not exist (there is {', '.join(files)}): "
                                    f"write it, or give {claim.implementation} unmeasured: {{fr: …, en: …}} instead of "
                                    "version_added, saying why nothing measures it"))
    return out


# -- LX709, LX710: support/results.json ---------------------------------------------------------

def _results_problem(corpus: Corpus, index: int, message: str) -> Problem:
    results = corpus.support_results or data.Results()
    return Problem(corpus.shown(corpus.root / data.RESULTS_FILE), results.line("results", index), f"$.results[{index}]", message, CROSS)


def _groups(corpus: Corpus) -> dict[tuple[str, str], list[tuple[int, data.Result]]]:
    """The recorded results by (probe, implementation), each with its index in the file."""
    groups: dict[tuple[str, str], list[tuple[int, data.Result]]] = {}
    for index, result in enumerate((corpus.support_results or data.Results()).results):
        groups.setdefault((result.probe, result.implementation), []).append((index, result))
    return groups


def _versions(group: list[tuple[int, data.Result]]) -> str:
    versions = sorted((r.version for _, r in group), key=data.version_key)
    return versions[0] if len(versions) == 1 else f"{len(versions)} versions, {versions[0]} to {versions[-1]}"


def orphan_result_problems(corpus: Corpus) -> list[Problem]:
    """A recorded result whose probe file (or implementation) is gone: nothing could measure it again."""
    known = implementations()
    out = []
    for (probe, name), group in _groups(corpus).items():
        index = group[0][0]
        if name not in known:
            out.append(_results_problem(corpus, index, f"results of the probe {probe} on '{name}' ({_versions(group)}), an "
                                        f"implementation lexigraph/data/implementations.yml does not list{did_you_mean(name, known)}: "
                                        f"add it there, or re-run `{_COLLECT}`, which records only listed implementations"))
        elif (file := _probe_file(probe, name)) not in corpus.probes:
            out.append(_results_problem(corpus, index, f"results of the probe {probe} on {name} ({_versions(group)}), but "
                                        f"support/probes/{file} does not exist: restore the probe (git checkout), or re-run "
                                        f"`{_COLLECT}`, which keeps only the results of existing probes"))
    return out


def stale_result_problems(corpus: Corpus) -> list[Problem]:
    """Results measured with another version of their probe file than the one there now."""
    out = []
    for (probe, name), group in _groups(corpus).items():
        if name not in implementations() or (file := _probe_file(probe, name)) not in corpus.probes:
            continue
        stale = [(i, r) for i, r in group if r.probe_digest != corpus.probes[file]]
        if stale:
            out.append(_results_problem(corpus, stale[0][0], f"results older than the probe: {_versions(stale)} of {name} were "
                                        f"measured with another support/probes/{file} (or its _helpers) than the one there "
                                        f"now: re-run `{_COLLECT} --probe {probe}`"))
    return out
