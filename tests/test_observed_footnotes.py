"""Each observed claim shows the implementation and version that observed it, per claim and in both languages,
on the page (its superscript leads to “Observed with <implementation> <version>”), in the Markdown copy
(its footnote) and in the JSON export (`claims[].observed_with`); for Chromium (webmcp) and a2a-sdk (a2a)
steps as for the MCP Python SDK (mcp). Rendered in-process from the real lexicon, no MkDocs build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lexigraph.content import evidence as ev
from lexigraph.content.load import load_corpus
from lexigraph.render.entry import render_entry
from lexigraph.render.i18n import t
from lexigraph.render.json_record import evidence_json
from lexigraph.render.markdown_copy import markdown_copy
from lexigraph.render.urls import UrlMap

PROJECT = Path(__file__).resolve().parents[1]
CASES = [("webmcp", "Chromium"), ("a2a", "a2a-sdk"), ("mcp", "MCP Python SDK")]


@pytest.fixture(scope="module")
def site() -> UrlMap:
    return UrlMap.of(load_corpus(PROJECT), "https://lexigraph.test/")


def _said(lang: str, step: dict) -> str:
    seen = step["observed_with"]
    text = t(lang, "observed_with", implementation=seen["implementation"], version=seen["version"])
    return text[:1].upper() + text[1:]


def _observed_markers(entry, lang: str) -> list[str]:
    return [m[len(ev.OBSERVED):] for _s, _p, sentence in ev.claims(entry.prose[lang].data, lang)
            for m in sentence.markers if m.startswith(ev.OBSERVED)]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("entry_id", "implementation"), CASES)
def test_each_observed_superscript_leads_to_its_implementation_and_version(site, lang, entry_id, implementation):
    entry = site.corpus.entries[entry_id]
    steps = ev.observable_steps(entry.facts_data())
    assert any(s["observed_with"]["implementation"] == implementation for s in steps.values())
    page = str(render_entry(site, entry, lang))
    items = dict(re.findall(r'<li id="(src-\d+)" class="lx-observed">(.*?)</li>', page))
    cited = _observed_markers(entry, lang)
    assert cited
    sups = [dict(re.findall(r'([\w-]+)="([^"]*)"', attrs)) for attrs in re.findall(r'<sup class="lx-ref"><a ([^>]*)>\d+</a></sup>', page)]
    for step_id in cited:
        anchor, item = next((a, text) for a, text in items.items() if f'href="#step-{step_id}"' in text)
        assert item.startswith(_said(lang, steps[step_id])), item      # “Observed with Chromium 156.0.8078.114 — …”
        n = anchor.removeprefix("src-")
        citing = [sup for sup in sups if sup["href"] == f"#{anchor}"]
        assert citing and all(sup["aria-label"] == t(lang, "evidence_observation", n=n) for sup in citing)
        assert all(f'href="#{sup["id"]}"' in item for sup in citing)   # and the item leads back to each citation


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("entry_id", "implementation"), CASES)
def test_the_markdown_copy_footnotes_name_the_implementation_and_version(site, lang, entry_id, implementation):
    entry = site.corpus.entries[entry_id]
    steps = ev.observable_steps(entry.facts_data())
    copy = markdown_copy(site, entry, lang)
    for step_id in set(_observed_markers(entry, lang)):
        [line] = [line for line in copy.splitlines() if line.startswith("[^") and _said(lang, steps[step_id]) in line
                  and line.endswith(f"· {list(s['id'] for s in entry.fact('steps')).index(step_id) + 1:02d}")]
        number = line[2:line.index("]")]
        assert copy.count(f"[^{number}]") >= 2          # cited in the text, and defined


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("entry_id", "implementation"), CASES)
def test_each_claim_in_the_json_export_carries_who_observed_it(site, lang, entry_id, implementation):
    entry = site.corpus.entries[entry_id]
    steps = ev.observable_steps(entry.facts_data())
    claims = [c for c in evidence_json(entry, lang)["claims"] if c["observed"]]
    assert claims
    for claim in claims:
        assert claim["observed_with"] == [{"step": s, "implementation": steps[s]["observed_with"]["implementation"],
                                           "version": steps[s]["observed_with"]["version"]} for s in claim["observed"]]
    assert any(w["implementation"] == implementation for c in claims for w in c["observed_with"])
