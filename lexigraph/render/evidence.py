"""Evidence markers on a page: numbered superscripts linking to the Sources list, and the list linking back.

Sources are numbered in the order of ``sources``, observations after them in the order of
``steps``, the same numbers in FR and EN. A marker that does not resolve stays as written
(``check`` reports it).
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from lexigraph.content import evidence as ev
from lexigraph.content.model import Entry
from lexigraph.render.i18n import t
from lexigraph.render.prose import escape


class Citations:
    """The numbering of one entry's evidence in one language, and where each number is cited on the page."""

    def __init__(self, entry: Entry, lang: str):
        self.entry, self.lang = entry, lang
        facts = entry.facts_data() if entry.has_facts else {}
        self.sources = [s for s in facts.get("sources") or [] if isinstance(s, dict) and isinstance(s.get("id"), str)]
        self.observed = list(ev.observable_steps(facts).values())
        self.steps = [s.get("id") for s in facts.get("steps") or [] if isinstance(s, dict)]
        self.number: dict[str, int] = {s["id"]: i for i, s in enumerate(self.sources, start=1)}
        for i, step in enumerate(self.observed, start=len(self.sources) + 1):
            self.number[ev.OBSERVED + step["id"]] = i
        self.cited: dict[int, list[str]] = {}

    def label(self, marker: str) -> str:
        kind = "observation" if marker.startswith(ev.OBSERVED) else "source"
        return t(self.lang, f"evidence_{kind}", n=self.number[marker])

    def element(self, marker: str) -> Element | None:
        """``<sup class="lx-ref"><a href="#src-2" id="r2-1" aria-label="source 2">2</a></sup>``, or None.

        The id names the citation (source 2, first citation) as briefly as the page allows: an entry
        page carries dozens of markers, each listed again as a back link."""
        n = self.number.get(marker)
        if n is None:
            return None
        refs = self.cited.setdefault(n, [])
        anchor = f"r{n}-{len(refs) + 1}"
        refs.append(anchor)
        sup = Element("sup", {"class": "lx-ref"})
        link = Element("a", {"href": f"#src-{n}", "id": anchor, "aria-label": self.label(marker)})
        link.text = str(n)
        sup.append(link)
        return sup

    def _back_links(self, n: int) -> str:
        refs = self.cited.get(n, [])
        # Inside the item of source n, "back to citation k" needs no "(source n)": the list item says it.
        links = "".join(f'<a href="#{ref}" aria-label="{escape(t(self.lang, "evidence_back", k=k))}">↩</a>'
                        for k, ref in enumerate(refs, start=1))
        return f' <span class="lx-backrefs">{links}</span>' if links else ""

    def step_label(self, step_id: str) -> str:
        return t(self.lang, "under_the_hood") + f" · {self.steps.index(step_id) + 1:02d}"

    def sources_html(self, source_note) -> str:
        """The Sources list: one numbered item per source, then per observation, each with its back links."""
        items = []
        for n, s in enumerate(self.sources, start=1):
            items.append(f'<li id="src-{n}">{_title_html(s)}'
                         f'{escape(source_note(s, self.lang))} (<time datetime="{escape(s["date"])}">{escape(s["date"])}</time>)'
                         f'{self._back_links(n)}</li>')
        for step in self.observed:
            n = self.number[ev.OBSERVED + step["id"]]
            seen = step["observed_with"]
            items.append(f'<li id="src-{n}" class="lx-observed">'
                         f'{escape(_capital(t(self.lang, "observed_with", implementation=seen["implementation"], version=seen["version"])))}'
                         f' — <a href="#step-{escape(step["id"])}">{escape(self.step_label(step["id"]))}</a>{self._back_links(n)}</li>')
        return "".join(items)


def claims_json(entry: Entry, lang: str) -> list[dict]:
    """Every sentence of the entry's prose in ``lang``, with the source and observation ids it carries, and,
    per observation, the implementation and version that observed it (``observed_with``)."""
    doc = entry.prose.get(lang)
    if doc is None or not isinstance(doc.data, dict):
        return []
    steps = ev.observable_steps(entry.facts_data()) if entry.has_facts else {}
    out = []
    for section, _path, sentence in ev.claims(doc.data, lang):
        observed = [m[len(ev.OBSERVED):] for m in sentence.markers if m.startswith(ev.OBSERVED)]
        out.append({"section": section, "text": sentence.plain,
                    "sources": [m for m in sentence.markers if not m.startswith(ev.OBSERVED)],
                    "observed": observed,
                    "observed_with": [{"step": step, "implementation": steps[step]["observed_with"]["implementation"],
                                       "version": steps[step]["observed_with"]["version"]}
                                      for step in observed if step in steps],
                    "needs_evidence": sentence.needs})
    return out


def _title_html(source: dict) -> str:
    """A source's title, linked to its address; a work with no public address is its title alone
    (its note says where it is held)."""
    url = source.get("url")
    return f'<a href="{escape(url)}">{escape(source["title"])}</a>' if url else escape(source["title"])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def observed_line(citations: Citations, step: dict) -> str:
    """"Observed with MCP Python SDK 2.3.0 — Under the hood · 03": an observation as the Markdown copy lists it."""
    seen = step["observed_with"]
    said = t(citations.lang, "observed_with", implementation=seen["implementation"], version=seen["version"])
    return f"{_capital(said)} — {citations.step_label(step['id'])}"
