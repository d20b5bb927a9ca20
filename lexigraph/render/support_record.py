"""An entry's support data as records, one per feature: the JSON export's ``support`` (render/json_record.py),
the MCP server's ``support`` tool and the page's Support section read these, so all three say the same thing.

Pure: from the corpus as loaded (the entry's ``support:`` block, support/results.json, the probe files' names,
specs.yml) and lexigraph/data/implementations.yml; it opens no content file. The shape is FORMAT.md's
(Support, "In the JSON export") and lexigraph/schemas/support.schema.json's.
"""

from __future__ import annotations

import functools
from typing import Any

from lexigraph.content import support
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.specs import Spec, parse_registry


@functools.cache
def _implementations() -> dict[str, support.Implementation]:
    return support.implementations()


def _specs(corpus: Corpus) -> dict[str, Spec]:
    return corpus.derive(("support-record", "specs"), lambda: parse_registry(corpus.registry))


def support_records(corpus: Corpus, entry: Entry, lang: str) -> list[dict[str, Any]]:
    """One record per feature of ``entry``'s ``support:`` block, its texts in ``lang``; [] when it has none."""
    if not entry.has_facts:
        return []
    return [feature_record(corpus, feature, lang) for feature in support.features_of(entry.id, entry.facts_data())]


def feature_record(corpus: Corpus, feature: support.Feature, lang: str) -> dict[str, Any]:
    """One feature: its label, its history in its specification, each implementation's claim with the date it was
    measured and the probe that measured it, and the clients that declare it."""
    spec = _specs(corpus).get(feature.spec.get("spec", ""))
    history = {"spec": feature.spec.get("spec"), "name": spec.name if spec else None, "added": feature.spec.get("added"),
               "changed": list(feature.spec.get("changed") or []), "deprecated": feature.spec.get("deprecated"),
               "removed": feature.spec.get("removed"), "url": feature.spec.get("section") or (spec.url if spec else None)}
    return {"feature": feature.feature, "entry": feature.entry, "label": feature.label.get(lang),
            "spec": history, "probe": feature.probe,
            "unmeasured": (feature.unmeasured or {}).get(lang),
            "implementations": [_implementation(corpus, feature, claim, lang) for claim in _in_order(feature.claims)],
            "clients": _clients(corpus, feature)}


def _in_order(claims: tuple[support.Claim, ...]) -> list[support.Claim]:
    """The claims in implementations.yml's order (the table's columns), any other name after them."""
    order = {name: i for i, name in enumerate(_implementations())}
    return sorted(claims, key=lambda c: (order.get(c.implementation, len(order)), c.implementation))


def _implementation(corpus: Corpus, feature: support.Feature, claim: support.Claim, lang: str) -> dict[str, Any]:
    known = _implementations().get(claim.implementation)
    measured = feature.probe is not None and claim.unmeasured is None and known is not None
    results = (corpus.support_results or support.Results()).for_probe(feature.probe, claim.implementation) \
        if measured and feature.probe is not None else []
    at = [r for r in results if r.version == claim.version_added] or results[-1:]
    return {"name": claim.implementation,
            "version_added": claim.version_added if claim.unmeasured is None else None,
            "version_removed": claim.version_removed,
            "partial": (claim.partial or {}).get(lang),
            "flag": claim.flag,
            "measured": at[0].measured if at else None,
            "note": at[0].note if at else None,
            "probe": f"{support.PROBES_DIR}/{feature.probe}{known.probe_suffix}" if measured and known is not None else None,
            "unmeasured": (claim.unmeasured or feature.unmeasured or {}).get(lang)}


def _clients(corpus: Corpus, feature: support.Feature) -> dict[str, Any] | None:
    """The clients of the pinned mcp-client-capabilities that declare the feature's capability (or at least its
    protocol revision), by title; None when the feature names no capability or no client list was collected."""
    listed = (corpus.support_results or support.Results()).clients
    if not feature.clients or not isinstance(listed, dict) or not isinstance(listed.get("clients"), dict):
        return None
    capability = feature.clients
    wanted = capability.removeprefix("protocolVersion>=") if capability.startswith("protocolVersion>=") else None
    titles = []
    for client_id, client in listed["clients"].items():
        if not isinstance(client, dict):
            continue
        if wanted is not None:
            declares = str(client.get("protocolVersion") or "") >= wanted
        else:
            declares = capability in (client.get("capabilities") or [])
        if declares:
            titles.append(str(client.get("title") or client_id))
    return {"capability": capability, "package": listed.get("package"), "version": listed.get("version"),
            "date": listed.get("date"), "clients": sorted(titles, key=str.casefold)}
