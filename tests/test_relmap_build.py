"""Relation maps on the real site: every entry page whose relation list has links draws them all in its
SVG (and nothing else), and the map pages exist in both languages, are linked from home and list every entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lexigraph.pipeline import prepare
from tests.support.site import PROJECT

pytestmark = pytest.mark.build

SVG = re.compile(r'<svg class="lx-relmap"[^>]*>.*?</svg>', re.S)
RELATIONS = re.compile(r'<dl class="lx-relations">(.*?)</dl>', re.S)
HREF = re.compile(r'<a(?: class="[^"]*")? href="([^"]+)"')
SVG_HREF = re.compile(r'<a(?: class="[^"]*")? xlink:href="([^"]+)"')     # render/relmap.py: why not href


def page(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def map_mismatch(html: str) -> str | None:
    """How an entry page's SVG disagrees with its relation list, or None."""
    listed = RELATIONS.search(html)
    links = HREF.findall(listed.group(1)) if listed else []
    drawings = SVG.findall(html)
    if not links:
        return None if not drawings else "a map without relations"
    if len(drawings) != 1:
        return f"{len(drawings)} maps for one relation list"
    drawn = SVG_HREF.findall(drawings[0])
    if sorted(drawn) != sorted(links):
        return f"drawn {sorted(set(drawn) ^ set(links))} differ from the list"
    if 'aria-hidden="true"' not in drawings[0] or drawings[0].count('tabindex="-1"') != len(drawn):
        return "the map is not hidden from assistive technology and the tab order"
    if html.index(drawings[0]) > listed.start():
        return "the map is not before its list"
    return None


@pytest.fixture(scope="module")
def urls():
    return prepare(PROJECT, "https://www.lexigraph.org/").site.urls


def test_every_entry_page_draws_exactly_the_neighbours_of_its_relation_list(real_site, urls):
    problems = {}
    drawn = 0
    for url in sorted(urls.values()):
        html = page(real_site, url)
        problem = map_mismatch(html)
        if problem:
            problems[url] = problem
        drawn += bool(SVG.search(html))
    assert problems == {}
    assert drawn == len(urls)            # every real entry has relations, in both languages


def test_the_comparison_fails_when_a_neighbour_is_missing_from_the_map(real_site):
    html = page(real_site, "fr/mcp")
    drawing = SVG.search(html).group(0)
    first = re.search(r'<a xlink:href="([^"]+)"[^>]*>.*?</a>', drawing)      # the first neighbour the map draws
    assert first is not None
    missing = html.replace(drawing, drawing.replace(first.group(0), "", 1))
    assert map_mismatch(missing) == f"drawn ['{first.group(1)}'] differ from the list"
    shown = html.replace(drawing, drawing.replace(' aria-hidden="true"', ""))
    assert map_mismatch(shown) == "the map is not hidden from assistive technology and the tab order"


def test_the_map_pages_exist_are_linked_from_home_and_list_every_entry(real_site, urls):
    for lang, slug, title in (("fr", "carte", "Carte du lexique"), ("en", "map", "Map of the lexicon")):
        home = page(real_site, lang)
        assert f'<a class="md-button" href="{slug}/">{title}</a>' in home
        html = page(real_site, f"{lang}/{slug}")
        assert re.search(rf'<h1 id="[\w-]+">{title}<', html)
        assert f'<html lang="{lang}"' in html
        listed = set(re.findall(r'<li><a(?: class="lx-planned")? href="\.\./([^"]+)"', html))
        expected = {url.split("/", 1)[1] for (code, _), url in urls.items() if code == lang}
        assert listed == expected
        assert html.count('<svg class="lx-relmap lx-relmap--lexicon"') == 1
        assert '<a href="/fr/carte/" hreflang="fr"' in html and '<a href="/en/map/" hreflang="en"' in html   # the language switch
        assert len(html.encode()) < 80_000


def _luminance(rgb: str) -> tuple[float, float]:
    """(relative luminance, alpha) of a computed CSS colour ``rgb(r, g, b)`` / ``rgba(r, g, b, a)``."""
    values = [float(x) for x in re.findall(r"[\d.]+", rgb)]
    channels = [c / 255 for c in values[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2], values[3] if len(values) > 3 else 1.0


def _over(fg: str, bg: str) -> str:
    """``fg`` (maybe translucent) drawn over the opaque ``bg``, as an rgb() colour."""
    f = [float(x) for x in re.findall(r"[\d.]+", fg)]
    b = [float(x) for x in re.findall(r"[\d.]+", bg)][:3]
    alpha = f[3] if len(f) > 3 else 1.0
    return "rgb({}, {}, {})".format(*(alpha * f[i] + (1 - alpha) * b[i] for i in range(3)))


def contrast(fg: str, bg: str) -> float:
    a, _ = _luminance(_over(fg, bg))
    b, _ = _luminance(bg)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def test_the_contrast_measure_fails_on_grey_text_on_white():
    assert contrast("rgb(170, 170, 170)", "rgb(255, 255, 255)") < 4.5 < contrast("rgba(0, 0, 0, 0.54)", "rgb(255, 255, 255)")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_of_the_maps_has_a_contrast_of_4_5_in_both_themes(real_site, scheme):
    """What axe cannot measure in SVG (tests/test_validators.py): each text's fill against the page's
    background and against the frame it sits in."""
    from tests.support.browser import chromium, static_server

    found = {}
    with static_server(real_site) as base, chromium() as context:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        for url in ("fr/mcp/", "en/mcp/", "fr/carte/", "en/map/"):
            page.goto(f"{base}/{url}")
            colours = page.evaluate("""() => {
                const bg = getComputedStyle(document.body).backgroundColor;
                return Array.from(document.querySelectorAll('svg.lx-relmap text')).map(t => {
                    const frame = t.closest('a') ? t.closest('a').querySelector('rect') : t.previousElementSibling;
                    const under = frame && frame.tagName === 'rect' ? getComputedStyle(frame).fill : bg;
                    return [t.textContent, getComputedStyle(t).fill, bg, under.startsWith('rgb') ? under : bg];
                });
            }""")
            assert colours, url
            for text, fill, bg, under in colours:
                worst = min(contrast(fill, bg), contrast(fill, _over(under, bg)))
                if worst < 4.5:
                    found[f"{url} {text}"] = round(worst, 2)
    assert found == {}
