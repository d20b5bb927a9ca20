"""Relation maps (render/relmap.py), on small in-memory corpora: the entry SVG draws what the relation
list says, escapes hostile titles, is deterministic and legible at 30 neighbours; the lexicon map
clusters every entry once and splits into pages past PAGE_ENTRIES."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc
from lexigraph.render import relations, relmap
from lexigraph.render.i18n import t
from lexigraph.render.indexes import render_home, render_map
from lexigraph.render.pagemeta import head_text
from lexigraph.render.pages import plan_language
from lexigraph.render.urls import UrlMap

SVG_NS = "{http://www.w3.org/2000/svg}"
CSS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "lexigraph.css"


def make_entry(key: str, relations_: dict | None = None, titles: dict | None = None, status: str = "published", number: int = 1) -> Entry:
    titles = titles or {"fr": f"Fiche {key}", "en": f"Entry {key}"}
    facts = YamlDoc(f"entries/{key}/entry.yml", {"id": key, "number": number, "status": status, "relations": relations_ or {}})
    prose = {lang: YamlDoc(f"entries/{key}/{lang}.yml", {"slug": f"{key}-{lang}", "title": titles[lang], "definition": f"{key} def"})
             for lang in ("fr", "en")}
    return Entry(key, Path("entries") / key, facts, prose)


def make_site(*entries: Entry) -> UrlMap:
    corpus = Corpus(Path("/nonexistent"), {e.id: e for e in entries})
    return UrlMap.of(corpus, "https://example.org/")


def small_site() -> UrlMap:
    return make_site(
        make_entry("mcp", {"requires": ["tool"], "runs_in": ["harness"], "often_confused_with": ["api"]}, number=1),
        make_entry("tool", {}, number=2),
        make_entry("harness", {}, number=3),
        make_entry("api", {"often_confused_with": ["mcp"]}, number=4),
        make_entry("client", {"part_of": ["mcp"], "requires": ["tool"]}, number=5),
        make_entry("later", {"extends": ["mcp"]}, status="planned", number=6),
        make_entry("alone", {}, number=7),
    )


XLINK = "http://www.w3.org/1999/xlink"


def parse(svg: str) -> ET.Element:
    """The SVG as XML (it must be well-formed), in the SVG namespace as an HTML parser reads it."""
    return ET.fromstring(svg.replace("<svg ", f'<svg xmlns="{SVG_NS[1:-1]}" xmlns:xlink="{XLINK}" ', 1))


def unsafe(svg: str) -> list[str]:
    """What in an SVG could run script: script or foreignObject elements, on* attributes, hrefs that
    are not relative page addresses."""
    found = []
    for element in parse(svg).iter():
        tag = element.tag.removeprefix(SVG_NS)
        if tag in ("script", "foreignObject"):
            found.append(f"element {tag}")
        for name, value in element.attrib.items():
            if name.lower().startswith("on"):
                found.append(f"attribute {name}")
            if name in ("href", "{http://www.w3.org/1999/xlink}href") and not re.fullmatch(r"(\.\./)*[\w-]+/(#[\w-]+)?|#[\w-]+|", value):
                found.append(f"href {value}")
    return found


def links(svg: str) -> list[str]:
    return [a.get(f"{{{XLINK}}}href") for a in parse(svg).iter(f"{SVG_NS}a")]


def test_the_entry_map_links_every_neighbour_of_the_relation_list_both_ways_in_each_language():
    site = small_site()
    mcp = site.corpus.entries["mcp"]
    listed = [x for _, targets in relations.both_ways(site.corpus, mcp) for x in targets]
    assert sorted(listed) == ["api", "client", "harness", "later", "tool"]
    for lang in ("fr", "en"):
        svg = relmap.entry_map(site, mcp, lang, site.urls[(lang, "mcp")])
        assert links(svg) == [f"../{x}-{lang}/" for x in _drawn_order(site, mcp)]
        texts = ["".join(e.itertext()) for e in parse(svg).iter(f"{SVG_NS}text")]
        for kind, _ in relations.both_ways(site.corpus, mcp):
            assert t(lang, kind) in texts                       # the relation list's own labels
        assert t(lang, "part_of_reverse") in texts and t(lang, "extends_reverse") in texts
        assert ("Fiche later" if lang == "fr" else "Entry later") in texts
    fr = relmap.entry_map(site, mcp, "fr", "fr/mcp-fr/")
    assert "Fait partie de" not in fr and "Comprend" in fr and "Étendu par" in fr and "Requiert" in fr
    assert '<a class="p" xlink:href="../later-fr/" tabindex="-1"><title>Fiche later (à venir)</title>' in fr   # planned: dashed, named


def _drawn_order(site, entry):
    return [x for _, targets in relmap.relations.both_ways(site.corpus, entry) for x in targets]


def test_the_entry_map_is_hidden_from_assistive_technology_and_out_of_the_tab_order():
    site = small_site()
    svg = relmap.entry_map(site, site.corpus.entries["mcp"], "en", "en/mcp-en/")
    root = parse(svg)
    assert root.get("aria-hidden") == "true" and root.get("class") == "lx-relmap"
    anchors = list(root.iter(f"{SVG_NS}a"))
    assert anchors and all(a.get("tabindex") == "-1" for a in anchors)


def test_an_entry_without_relations_has_no_map():
    site = small_site()
    assert relmap.entry_map(site, site.corpus.entries["alone"], "fr", "fr/alone-fr/") == ""


HOSTILE = '<script>alert(1)</script>" onload="alert(2)\' onmouseover=\'x'


def test_a_hostile_title_comes_out_escaped_in_both_maps():
    site = make_site(make_entry("b", {}, titles={"fr": HOSTILE, "en": HOSTILE}, number=2),   # first: the cluster's hub
                     make_entry("a", {"requires": ["b"]}, number=1))
    drawn = (relmap.entry_map(site, site.corpus.entries["a"], "fr", "fr/a-fr/"),   # b a neighbour (cut, full in its <title>)
             relmap.entry_map(site, site.corpus.entries["b"], "en", "en/b-en/"),   # b in the centre (wrapped)
             relmap.overview_svg(site, "en", "en/map/"))
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;alert(2)&#39; onmouseover=&#39;x</title>" in drawn[0]
    for svg in drawn:
        assert "<script" not in svg and 'onload="' not in svg and "onmouseover='" not in svg
        assert "&lt;script&gt;" in svg and "&quot;" in svg
        assert unsafe(svg) == []
        assert "<script>alert(1)" in "".join(parse(svg).itertext())   # shown as text, as written


def test_the_safety_check_of_these_tests_catches_script_handlers_and_script_urls():
    bad = '<svg><a href="javascript:alert(1)" onclick="x"><script>1</script><text onload="y">t</text></a></svg>'
    assert unsafe(bad) == ["href javascript:alert(1)", "attribute onclick", "element script", "attribute onload"]


def test_the_entry_map_is_deterministic():
    one = relmap.entry_map(small_site(), small_site().corpus.entries["mcp"], "fr", "fr/mcp-fr/")
    site = small_site()
    assert relmap.entry_map(site, site.corpus.entries["mcp"], "fr", "fr/mcp-fr/") == one
    assert relmap.overview_svg(small_site(), "fr", "fr/carte/") == relmap.overview_svg(small_site(), "fr", "fr/carte/")


def overlaps(boxes: list[relmap.Box]) -> list[tuple[int, int]]:
    return [(i, j) for i, a in enumerate(boxes) for j, b in enumerate(boxes) if i < j and a.overlaps(b)]


def entry_layout_problems(lay: relmap.EntryLayout) -> list[str]:
    """Node boxes that overlap, frames that overlap each other or the centre, boxes outside the viewBox
    or a node outside its frame."""
    problems = []
    nodes = [n.box for g in lay.groups for n in g.nodes]
    frames = [g.box for g in lay.groups]
    problems += [f"nodes {i} and {j} overlap" for i, j in overlaps(nodes)]
    problems += [f"frames {i} and {j} overlap" for i, j in overlaps(frames + [lay.centre])]
    problems += [f"box {b} outside the viewBox" for b in lay.boxes() if not b.inside(lay.width, lay.height)]
    for g in lay.groups:
        for n in g.nodes:
            b, f = n.box, g.box
            if not (f.x <= b.x and b.x + b.w <= f.x + f.w and f.y <= b.y and b.y + b.h <= f.y + f.h):
                problems.append(f"node {n.target} outside its frame")
    return problems


LONG = "Un titre extraordinairement long qui ne tiendrait jamais sur une seule ligne de la carte des relations"


def thirty_rows() -> list[tuple[str, list[tuple[str, str]]]]:
    kinds = ["Requiert", "Requis par", "Étend", "Étendu par", "Fait partie de", "Comprend", "Menace"]
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    n = 0
    for i, kind in enumerate(kinds):
        members = []
        for _ in range(2 + (i * 3) % 7):
            n += 1
            members.append((f"e{n}", LONG if n % 4 == 0 else ("Anticonstitutionnellementissimement" * 2 if n % 7 == 0 else f"Voisin {n}")))
        rows.append((kind, members))
    assert n >= 30
    return rows


def test_thirty_neighbours_with_long_titles_stay_legible():
    lay = relmap.layout_entry(LONG, thirty_rows())
    assert entry_layout_problems(lay) == []
    assert sum(len(g.nodes) for g in lay.groups) >= 30
    assert {g.side for g in lay.groups} == {"left", "right"}     # split between both sides
    left = sum(g.box.h for g in lay.groups if g.side == "left")
    right = sum(g.box.h for g in lay.groups if g.side == "right")
    assert abs(left - right) < max(g.box.h for g in lay.groups) + relmap.GROUP_GAP
    for g in lay.groups:
        for n in g.nodes:
            assert 1 <= len(n.lines) <= relmap.MAX_LINES
            assert all(len(line) * relmap.CHAR_W <= relmap.NODE_W - 16 for line in n.lines)   # fits its box
    assert any(n.lines[-1].endswith("…") for g in lay.groups for n in g.nodes)
    assert all(len(line) * relmap.CENTRE_CHAR_W <= relmap.CENTRE_W - 16 for line in lay.centre_lines)


def test_the_layout_check_reports_overlapping_boxes_and_boxes_outside():
    box = relmap.Box(10, 10, 100, 20)
    node = relmap.Node(relmap.Box(12, 15, 90, 14), ["x"], "x", "x")
    other = relmap.Node(relmap.Box(12, 20, 90, 14), ["y"], "y", "y")
    lay = relmap.EntryLayout(105, 100, relmap.Box(50, 10, 40, 40), ["c"], [relmap.Group(box, "k", [node, other])])
    assert entry_layout_problems(lay) == ["nodes 0 and 1 overlap", "frames 0 and 1 overlap",
                                          "box Box(x=10, y=10, w=100, h=20) outside the viewBox", "node y outside its frame"]


def test_wrap_breaks_at_spaces_cuts_long_words_and_ends_what_does_not_fit_in_an_ellipsis():
    assert relmap.wrap("Serveur MCP", 26, 2) == ["Serveur MCP"]
    assert relmap.wrap("un deux trois quatre", 9, 2) == ["un deux", "trois…"]
    assert relmap.wrap("abcdefghijkl", 5, 3) == ["abcde", "fghij", "kl"]
    assert relmap.wrap("  ", 5, 2) == [""]


@pytest.mark.parametrize("n", range(1, relmap.MAX_DRAWN + 3))
def test_the_lexicon_drawing_never_overlaps_and_stays_inside(n):
    lay = relmap.layout_map(n)
    assert len(lay.boxes) == min(n, relmap.MAX_DRAWN)
    assert overlaps(lay.boxes) == []
    assert all(b.inside(lay.width, lay.height) for b in lay.boxes)


def linked_site(size: int) -> UrlMap:
    """``size`` entries in chains of five (each requires the next, the first of each chain is extended by
    the others), every seventh entry alone."""
    entries = []
    for i in range(size):
        rel: dict[str, list[str]] = {}
        if i % 7 != 6 and i % 5 != 4 and i + 1 < size and (i + 1) % 7 != 6:
            rel["requires"] = [f"e{i + 1:04d}"]
        if i % 5 and (i - i % 5) % 7 != 6 and i % 7 != 6:
            rel.setdefault("extends", []).append(f"e{i - i % 5:04d}")
        entries.append(make_entry(f"e{i:04d}", rel, titles={"fr": f"Notion numéro {i}", "en": f"Notion number {i}"}, number=i + 1))
    return make_site(*entries)


def test_every_entry_is_in_exactly_one_cluster_and_the_unlinked_ones_together():
    site = small_site()
    found = relmap.clusters(site.corpus)
    members = [m for c in found for m in c.members]
    assert sorted(members) == sorted(site.corpus.entries)
    assert found[-1].hub is None and found[-1].members == ("alone",)
    assert found[0].hub == "mcp"                                      # the best-connected entry leads
    assert relmap.clusters(site.corpus) is found                       # once per corpus
    big = linked_site(200)
    assert sorted(m for c in relmap.clusters(big.corpus) for m in c.members) == sorted(big.corpus.entries)


def test_the_map_page_lists_every_entry_once_under_its_cluster_in_each_language():
    site = small_site()
    for lang, heading in (("fr", "# Carte du lexique"), ("en", "# Map of the lexicon")):
        page = str(render_map(site, lang))
        assert page.startswith(heading)
        hrefs = re.findall(r'<li><a href="\.\./([\w-]+)/"', page)
        assert sorted(hrefs) == sorted(f"{key}-{lang}" for key in site.corpus.entries)
        assert 'aria-hidden="true"' in page and page.count("<svg") == 1
    fr = str(render_map(site, "fr"))
    assert "## Autour de «\u00a0Fiche mcp\u00a0» {#c-mcp}" in fr and "## Fiches sans relation {#c-unlinked}" in fr
    assert "7 fiches en 2 groupes\u00a0:" in fr and '<p class="lx-lead">1 fiche</p>' in fr
    en = str(render_map(site, "en"))
    assert "## Around Entry mcp {#c-mcp}" in en and "7 entries in 2 clusters:" in en and "1 entry" in en


def test_home_links_the_map_in_both_languages():
    site = small_site()
    assert '<a class="md-button" href="carte/">Carte du lexique</a>' in str(render_home(site, "fr"))
    assert '<a class="md-button" href="map/">Map of the lexicon</a>' in str(render_home(site, "en"))


def test_a_large_lexicon_splits_its_map_into_pages_each_under_the_budget(monkeypatch):
    site = linked_site(1000)
    found = relmap.clusters(site.corpus)
    parts = relmap.map_parts(site.corpus)
    assert len(parts) > 1 and sorted(i for p in parts for i in p) == list(range(len(found)))
    assert all(sum(len(found[i].members) for i in p) <= relmap.PAGE_ENTRIES for p in parts)
    pages = [p for p in plan_language(site, "fr") if p.entry_id is None and "carte" in p.url]
    assert [p.url for p in pages] == ["fr/carte/"] + [f"fr/carte/{n}/" for n in range(2, len(parts) + 1)]
    assert pages[1].alternates == {"fr": "fr/carte/2/", "en": "en/map/2/"}
    listed: list[str] = []
    for number, page in enumerate(pages, start=1):
        html = str(page.render())
        assert len(html.encode()) < 60_000, (page.url, len(html.encode()))   # with Material's shell, under 80,000
        listed += re.findall(r'<li><a href="(?:\.\./)+([\w-]+)/"', html)
        assert f"Page {number} sur {len(parts)}" in html
    assert sorted(listed) == sorted(f"{key}-fr" for key in site.corpus.entries)
    first = str(pages[0].render())
    assert first.count('<a href="') > len(found) and f"Le dessin montre les {relmap.MAX_DRAWN} plus grands des {len(found)} groupes" in first
    assert re.search(r'<li><a href="2/#c-e\d{4}">', first)             # the cluster index links to later pages
    descriptions = {head_text(site, p, "fr")["description"] for p in pages}
    assert len(descriptions) == len(pages)


def test_the_map_pages_have_their_own_description_per_language():
    site = small_site()
    for lang in ("fr", "en"):
        page = next(p for p in plan_language(site, lang) if p.url == relmap.map_url(lang))
        assert head_text(site, page, lang)["description"] == t(lang, "map_description")
        assert page.alternates == {"fr": "fr/carte/", "en": "en/map/"}


def hard_coded_colours(css: str) -> list[str]:
    """Colour values in the relation-map rules that are not Material variables or currentColor."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules = [m.group(0) for m in re.finditer(r"[^{}]*lx-relmap[^{}]*\{[^}]*\}", css)]
    found = []
    for rule in rules:
        for prop, value in re.findall(r"(fill|stroke|color|background)\s*:\s*([^;}]+)", rule):
            if not re.fullmatch(r"\s*(var\(--md-[\w-]+\)|currentColor|none)\s*", value):
                found.append(f"{prop}: {value.strip()}")
    return found


def test_the_maps_take_their_colours_from_the_theme():
    css = CSS.read_text(encoding="utf-8")
    assert "lx-relmap" in css and hard_coded_colours(css) == []
    assert hard_coded_colours(".lx-relmap a text { fill: #000; stroke: white }") == ["fill: #000", "stroke: white"]
