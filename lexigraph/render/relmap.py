"""Relation maps, drawn at build time as static SVG (no script): an entry's neighbourhood on its
page, and the whole lexicon as clusters on the map page of each language.

The entry map draws what the relation list below it says (``relations.both_ways``): the entry in
the centre, one frame per relation type with its neighbours, the frames split between the left
and the right so both sides are about as tall. The lexicon map groups entries around hubs (see
:func:`clusters`) and draws the clusters, not the entries: a thousand-node drawing says nothing.

Both SVGs are ``aria-hidden`` and their links leave the tab order (``tabindex="-1"``): the list
next to each (relation list, cluster lists) is its text equivalent, holding the same links once,
labelled; a screen reader or keyboard user would otherwise meet every neighbour twice. Every text
is XML-escaped (titles are untrusted prose); hrefs are relative page addresses built here.
Layout is pure arithmetic on the titles (an average glyph width, no font metrics): same input,
same bytes.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from xml.sax.saxutils import escape as _xml_escape

from lexigraph.content.model import Corpus
from lexigraph.render import relations
from lexigraph.render.i18n import count as count_label
from lexigraph.render.i18n import t
from lexigraph.render.urls import UrlMap, relative

# Links in the SVG use xlink:href, not href: Material's instant navigation rewrites every `[href]` with
# `element.href = element.href`, which throws on an SVG <a> (its href is a read-only SVGAnimatedString) and stops
# the page swap. `[href]` does not match the XLink attribute; browsers follow both. The HTML parser puts it in the
# XLink namespace without a declaration.
HREF = "xlink:href"

MAP_SLUG = {"fr": "carte", "en": "map"}

# Entry map geometry (SVG user units; CSS sizes the text in the same units, docs/assets/lexigraph.css).
WIDTH = 640
PAD = 8
SIDE_W = 220                   # a group frame
CENTRE_W = 144
NODE_W = SIDE_W - 16
LINE_H = 15
NODE_GAP = 3
NODE_PAD = 4                   # above and below a neighbour's lines
LABEL_H = 22                   # the relation label at the top of a frame
GROUP_GAP = 14
CHAR_W = 7.0                   # average advance of a 12.5px glyph, generous (capitals, bold)
CENTRE_CHAR_W = 8.2            # 13.5px bold
MAX_LINES = 2
CENTRE_LINES = 3


def xml(text: object) -> str:
    """Text or attribute value for the SVG: &, <, > and both quotes escaped."""
    return _xml_escape(str(text), {'"': "&quot;", "'": "&#39;"})


def wrap(text: str, max_chars: int, max_lines: int) -> list[str]:
    """``text`` in at most ``max_lines`` lines of at most ``max_chars`` characters, broken at spaces
    (a longer word is cut); what does not fit ends in an ellipsis."""
    words = " ".join(str(text).split()).split(" ")
    lines: list[str] = []
    current = ""
    for word in words:
        while len(word) > max_chars:                      # a word longer than a line: cut it
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:max_chars])
            word = word[max_chars:]
        candidate = f"{current} {word}".strip()
        if len(candidate) <= max_chars:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current or not lines:
        lines.append(current)
    if len(lines) > max_lines:
        kept = lines[:max_lines]
        last = kept[-1][: max_chars - 1].rstrip()
        kept[-1] = last + "…"
        return kept
    return lines


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
        return self.x < other.x + other.w and other.x < self.x + self.w and self.y < other.y + other.h and other.y < self.y + self.h

    def inside(self, width: float, height: float) -> bool:
        return self.x >= 0 and self.y >= 0 and self.x + self.w <= width and self.y + self.h <= height


@dataclass
class Node:
    box: Box
    lines: list[str]
    target: str                 # entry id
    title: str


@dataclass
class Group:
    box: Box
    label: str
    nodes: list[Node] = field(default_factory=list)
    side: str = "left"


@dataclass
class EntryLayout:
    width: float
    height: float
    centre: Box
    centre_lines: list[str]
    groups: list[Group]

    def boxes(self) -> list[Box]:
        """Every drawn box: the centre, each frame and each node (frames contain their nodes)."""
        return [self.centre] + [g.box for g in self.groups] + [n.box for g in self.groups for n in g.nodes]


def _node_lines(title: str) -> list[str]:
    return wrap(title, int((NODE_W - 16) // CHAR_W), MAX_LINES)


def _group_height(titles: list[str]) -> float:
    return LABEL_H + sum(len(_node_lines(x)) * LINE_H + NODE_PAD + NODE_GAP for x in titles) + 4


def _split(heights: list[float]) -> int:
    """Where to cut the groups (in order) between left and right so the taller side is shortest."""
    best, best_at = math.inf, len(heights)
    for cut in range(len(heights) + 1):
        left = sum(heights[:cut]) + GROUP_GAP * max(cut - 1, 0)
        right = sum(heights[cut:]) + GROUP_GAP * max(len(heights) - cut - 1, 0)
        if max(left, right) < best:
            best, best_at = max(left, right), cut
    return best_at


def layout_entry(title: str, rows: list[tuple[str, list[tuple[str, str]]]]) -> EntryLayout:
    """The entry map's geometry: ``rows`` are (relation label, [(entry id, title)…]) in list order."""
    centre_lines = wrap(title, int((CENTRE_W - 16) // CENTRE_CHAR_W), CENTRE_LINES)
    centre_h = len(centre_lines) * LINE_H + 18
    heights = [_group_height([x for _, x in members]) for _, members in rows]
    cut = _split(heights)
    groups: list[Group] = []
    side_heights: dict[str, float] = {}
    for side, chosen, x in (("left", range(0, cut), PAD), ("right", range(cut, len(rows)), WIDTH - PAD - SIDE_W)):
        y: float = PAD
        for i in chosen:
            label, members = rows[i]
            group = Group(Box(x, y, SIDE_W, heights[i]), label, side=side)
            ny = y + LABEL_H
            for target, name in members:
                lines = _node_lines(name)
                h = len(lines) * LINE_H + NODE_PAD
                group.nodes.append(Node(Box(x + 8, ny, NODE_W, h), lines, target, name))
                ny += h + NODE_GAP
            groups.append(group)
            y += heights[i] + GROUP_GAP
        side_heights[side] = y - GROUP_GAP if chosen else PAD
    inner = max(side_heights.values(), default=PAD) - PAD
    height = max(inner, centre_h) + 2 * PAD
    centre = Box((WIDTH - CENTRE_W) / 2, (height - centre_h) / 2, CENTRE_W, centre_h)
    return EntryLayout(WIDTH, height, centre, centre_lines, groups)


def _text(lines: list[str], x: float, top: float, cls: str = "") -> str:
    """Lines of text from ``top``; the first line's baseline ``LINE_H - 3`` below it."""
    first, *rest = lines
    more = "".join(f'<tspan x="{x:g}" dy="{LINE_H}">{xml(line)}</tspan>' for line in rest)
    klass = f' class="{cls}"' if cls else ""
    return f'<text{klass} x="{x:g}" y="{top + LINE_H - 3:g}">{xml(first)}{more}</text>'


def _rect(box: Box, rx: int = 4, cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return f'<rect{klass} x="{box.x:g}" y="{box.y:g}" width="{box.w:g}" height="{box.h:g}" rx="{rx}"/>'


def _svg(width: float, height: float, body: str, nodes: int | None, cls: str = "lx-relmap") -> str:
    """The SVG element: hidden from assistive technology (the adjacent list is its text), no size of
    its own (CSS makes it as wide as the text column, lines in currentColor).
    Kept small: an entry page holds one, and entry pages have a byte budget (tests/test_entry_page_size.py)."""
    count = f' data-lx-nodes="{nodes}"' if nodes is not None else ""
    return f'<svg class="{cls}" viewBox="0 0 {width:g} {height:g}" aria-hidden="true"{count}>{body}</svg>'


def entry_map(site: UrlMap, entry, lang: str, url: str) -> str:
    """The SVG of ``entry``'s neighbourhood on its page at ``url`` ('' when it has no relation).

    Drawn with element types, not classes, for CSS (docs/assets/lexigraph.css): the frames are the
    ``rect`` children of the SVG and the relation labels its ``text`` children; each neighbour is an
    ``a`` holding its name; the entry is ``.c``; the edges are one ``path``."""
    rows = [(t(lang, kind), [(x, site.corpus.entries[x].text(lang, "title", x)) for x in targets if x in site.corpus.entries])
            for kind, targets in relations.both_ways(site.corpus, entry)]
    rows = [row for row in rows if row[1]]
    if not rows:
        return ""
    lay = layout_entry(entry.text(lang, "title", entry.id), rows)
    cx = lay.centre
    cy = cx.y + cx.h / 2
    edges = []
    for group in lay.groups:      # under the boxes
        gy = group.box.y + LABEL_H / 2
        x0 = cx.x if group.side == "left" else cx.x + cx.w
        x1 = group.box.x + group.box.w if group.side == "left" else group.box.x
        mid = (x0 + x1) / 2
        edges.append(f"M{x0:g} {cy:g}C{mid:g} {cy:g} {mid:g} {gy:g} {x1:g} {gy:g}")
    parts = [f'<path d="{"".join(edges)}"/>']
    for group in lay.groups:
        parts.append(_rect(group.box, 6) + _text([group.label], group.box.x + 8, group.box.y + 2))
        for node in group.nodes:
            target = site.corpus.entries[node.target]
            planned = target.status == "planned"
            href = relative(url, site.urls[(lang, node.target)])
            shown = f"{node.title} ({t(lang, 'planned')})" if planned else node.title
            tip = f"<title>{xml(shown)}</title>" if planned or node.lines[-1].endswith("…") else ""
            klass = ' class="p"' if planned else ""
            parts.append(f'<a{klass} {HREF}="{xml(href)}" tabindex="-1">{tip}{_text(node.lines, node.box.x + 8, node.box.y + NODE_PAD // 2)}</a>')
    parts.append(_rect(cx, 8, "c") + _text(lay.centre_lines, cx.x + cx.w / 2, cx.y + 9, "c"))
    return _svg(lay.width, lay.height, "".join(parts), None)


# --- the whole lexicon ---------------------------------------------------------------------------

HUB_EVERY = 8                 # one hub per started 8 entries of a connected part of the graph
MAX_DRAWN = 12                # clusters drawn on the map page; every cluster is listed below it
PAGE_ENTRIES = 400            # entries listed per map page; more go to /<lang>/<map>/2/, /3/…


@dataclass(frozen=True)
class Cluster:
    key: str                      # the hub's id, or "" for the entries without any relation
    hub: str | None
    members: tuple[str, ...]      # hub first, then by distance to it and corpus order


def _graph(corpus: Corpus) -> dict[str, list[str]]:
    order = {key: i for i, key in enumerate(corpus.entries)}
    adjacent: dict[str, set[str]] = {key: set() for key in corpus.entries}
    for entry in corpus.entries.values():
        for _kind, targets in relations.forward(entry).items():
            for target in targets:
                if target in adjacent and target != entry.id:
                    adjacent[entry.id].add(target)
                    adjacent[target].add(entry.id)
    return {key: sorted(near, key=order.__getitem__) for key, near in adjacent.items()}


def clusters(corpus: Corpus) -> list[Cluster]:
    """The lexicon in clusters, once per corpus: in each connected part of the relation graph (read
    both ways), the best-connected entries (one per started ``HUB_EVERY`` entries) are hubs and every
    other entry joins the nearest hub (ties: the better-connected hub). Entries with no relation form
    one cluster of their own. Largest clusters first; same corpus, same clusters."""
    return corpus.derive(("relmap-clusters",), lambda: _clusters(corpus))


def _clusters(corpus: Corpus) -> list[Cluster]:
    graph = _graph(corpus)
    order = {key: i for i, key in enumerate(corpus.entries)}
    seen: set[str] = set()
    found: list[Cluster] = []
    alone: list[str] = []
    for start in corpus.entries:
        if start in seen:
            continue
        part, queue = [start], deque([start])
        seen.add(start)
        while queue:
            for near in graph[queue.popleft()]:
                if near not in seen:
                    seen.add(near)
                    part.append(near)
                    queue.append(near)
        if len(part) == 1:
            alone.append(start)
            continue
        ranked = sorted(part, key=lambda k: (-len(graph[k]), order[k]))
        hubs = ranked[: math.ceil(len(part) / HUB_EVERY)]
        owner = {hub: hub for hub in hubs}
        queue = deque(hubs)
        while queue:
            here = queue.popleft()
            for near in graph[here]:
                if near not in owner:
                    owner[near] = owner[here]
                    queue.append(near)
        members: dict[str, list[str]] = {hub: [] for hub in hubs}
        for key in part:
            members[owner[key]].append(key)
        for hub in hubs:
            rest = [k for k in members[hub] if k != hub]
            found.append(Cluster(hub, hub, (hub, *rest)))
    found.sort(key=lambda c: (-len(c.members), order[c.key]))
    if alone:
        found.append(Cluster("", None, tuple(alone)))
    return found


def cluster_edges(corpus: Corpus, found: list[Cluster]) -> dict[tuple[int, int], int]:
    """(i, j) cluster indexes, i < j → number of relations between their members."""
    where = {key: i for i, c in enumerate(found) for key in c.members}
    counts: dict[tuple[int, int], int] = {}
    graph = _graph(corpus)
    for key, near in graph.items():
        for other in near:
            a, b = where[key], where[other]
            if a < b:
                counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def map_url(lang: str, part: int = 1) -> str:
    return f"{lang}/{MAP_SLUG[lang]}/" if part == 1 else f"{lang}/{MAP_SLUG[lang]}/{part}/"


def map_parts(corpus: Corpus) -> list[list[int]]:
    """Cluster indexes per map page (the same in both languages): clusters in order, a new page once
    ``PAGE_ENTRIES`` entries are listed (a cluster is never split)."""
    pages: list[list[int]] = [[]]
    count = 0
    for i, cluster in enumerate(clusters(corpus)):
        if pages[-1] and count + len(cluster.members) > PAGE_ENTRIES:
            pages.append([])
            count = 0
        pages[-1].append(i)
        count += len(cluster.members)
    return pages


def cluster_anchor(cluster: Cluster) -> str:
    return f"c-{cluster.key}" if cluster.key else "c-unlinked"


def cluster_name(site: UrlMap, cluster: Cluster, lang: str) -> str:
    if cluster.hub is None:
        return t(lang, "map_unlinked")
    return t(lang, "map_cluster", title=site.corpus.entries[cluster.hub].text(lang, "title", cluster.hub))


@dataclass
class MapLayout:
    width: float
    height: float
    boxes: list[Box]
    drawn: list[int]              # cluster indexes, one per box


MAP_BOX_W, MAP_BOX_H = 150, 46


def layout_map(count: int) -> MapLayout:
    """The drawn clusters (the first ``min(count, MAX_DRAWN)``) on a circle, the radius grown until no
    two boxes overlap; the first at the top, then clockwise."""
    n = min(count, MAX_DRAWN)
    radius = 0.0 if n <= 1 else 90.0 if n == 2 else 190.0

    def place(r: float) -> list[Box]:
        out = []
        for i in range(n):
            angle = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
            cx, cy = r * math.cos(angle), r * 0.8 * math.sin(angle)
            out.append(Box(round(cx - MAP_BOX_W / 2, 1), round(cy - MAP_BOX_H / 2, 1), MAP_BOX_W, MAP_BOX_H))
        return out

    boxes = place(radius)
    while any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
        radius += 10
        boxes = place(radius)
    if not boxes:
        return MapLayout(0, 0, [], [])
    left, top = min(b.x for b in boxes) - PAD, min(b.y for b in boxes) - PAD
    boxes = [Box(round(b.x - left, 1), round(b.y - top, 1), b.w, b.h) for b in boxes]
    width = max(b.x + b.w for b in boxes) + PAD
    height = max(b.y + b.h for b in boxes) + PAD
    return MapLayout(round(width, 1), round(height, 1), boxes, list(range(n)))


def _part_of(parts: list[list[int]]) -> dict[int, int]:
    return {i: number for number, chosen in enumerate(parts, start=1) for i in chosen}


def overview_svg(site: UrlMap, lang: str, url: str) -> str:
    """The map page's drawing: the largest clusters, each a link to its list, lines weighted by the
    relations between them."""
    found = clusters(site.corpus)
    lay = layout_map(len(found))
    if not lay.boxes:
        return ""
    part = _part_of(map_parts(site.corpus))
    edges = cluster_edges(site.corpus, found)
    parts = []
    for (a, b), count in sorted(edges.items()):
        if a < len(lay.boxes) and b < len(lay.boxes):
            pa, pb = lay.boxes[a], lay.boxes[b]
            width = min(1 + math.log2(count), 5)
            parts.append(f'<line x1="{pa.x + pa.w / 2:g}" y1="{pa.y + pa.h / 2:g}" x2="{pb.x + pb.w / 2:g}" '
                         f'y2="{pb.y + pb.h / 2:g}" stroke-width="{width:.2g}"/>')
    for i, box in zip(lay.drawn, lay.boxes, strict=True):
        cluster = found[i]
        name = cluster_name(site, cluster, lang)
        title = site.corpus.entries[cluster.hub].text(lang, "title", cluster.hub) if cluster.hub else name
        page = map_url(lang, part[i])
        href = (relative(url, page) if page != url else "") + f"#{cluster_anchor(cluster)}"
        lines = wrap(title, int((MAP_BOX_W - 16) // CENTRE_CHAR_W), 1) + [count_label(lang, len(cluster.members))]
        parts.append(f'<a {HREF}="{xml(href)}" tabindex="-1"><title>{xml(name)}</title>{_rect(box, 6)}'
                     f'{_text(lines, box.x + box.w / 2, box.y + 6, "m")}</a>')
    return _svg(lay.width, lay.height, "".join(parts), len(lay.boxes), "lx-relmap lx-relmap--lexicon")
