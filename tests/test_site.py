"""Real MkDocs builds of the valid fixture, asserted on the generated HTML of both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml

from tests.support.site import make_project, mkdocs_build

pytestmark = pytest.mark.build

FIXTURE = Path(__file__).parent / "fixtures" / "valid"


@pytest.fixture(scope="module")
def site(fixture_site) -> Path:
    return fixture_site


def html(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def test_each_language_has_its_entry_page_home_and_index(site):
    for url in ("fr/bidule", "en/widget", "fr", "en", "fr/a-z", "en/a-z", "fr/gadget", "en/gadget"):
        assert (site / url / "index.html").is_file(), url


@pytest.mark.parametrize("url, lang, search", [("fr/bidule", "fr", "Rechercher"), ("en/widget", "en", "Search")])
def test_page_language_and_material_labels(site, url, lang, search):
    page = html(site, url)
    assert f'<html lang="{lang}"' in page
    assert f'placeholder="{search}"' in page


def test_sections_follow_the_model_reading_order(site):
    page = html(site, "fr/bidule")
    order = ["lx-definition", 'id="not"', 'id="in-depth"', 'id="in-depth-origin"', 'id="in-depth-usage"',
             'id="under-the-hood"', 'id="step-declare"', "lx-annotations", "lx-trap", 'id="shown-elsewhere"',
             'id="what-varies"', 'id="examples"', 'id="relations"', 'id="quiz"', "lx-colophon", 'id="cite"', 'id="sources"']
    positions = [page.index(marker) for marker in order]
    assert positions == sorted(positions)


def test_language_switch_goes_to_the_same_entry(site):
    fr, en = html(site, "fr/bidule"), html(site, "en/widget")
    assert 'href="/en/widget/" hreflang="en"' in fr
    assert 'href="/fr/bidule/" hreflang="fr"' in en
    assert '<a class="lx-switch" href="../../en/widget/" hreflang="en" lang="en">EN\u00a0: Widget</a>' in fr
    assert '<a class="lx-switch" href="../../fr/bidule/" hreflang="fr" lang="fr">FR: Bidule</a>' in en


def test_relations_and_shown_elsewhere_are_links_and_planned_targets_say_so(site):
    fr, en = html(site, "fr/bidule"), html(site, "en/widget")
    assert '<dt>S’exécute dans</dt><dd><a href="../gadget/" class="lx-planned">Gadget</a> <span class="lx-badge">à venir</span></dd>' in fr
    assert '<dt>Runs in</dt><dd><a href="../gadget/" class="lx-planned">Gadget</a> <span class="lx-badge">to come</span></dd>' in en
    assert "— where the widget runs</li>" in en


def test_citation_line_follows_the_model_with_site_url(site):
    assert "Lexigraph, « Bidule », v2026-08, https://www.lexigraph.org/fr/bidule/v2026-08/, CC BY 4.0." in html(site, "fr/bidule")
    assert "Lexigraph, “Widget”, v2026-08, https://www.lexigraph.org/en/widget/v2026-08/, CC BY 4.0." in html(site, "en/widget")


def test_quiz_renders_as_a_readable_list(site):
    page = html(site, "en/widget")
    assert page.count('class="lx-quiz__question"') == 3
    assert "Level 1 · Recognise" in page and "Level 3 · Apply" in page
    assert page.count("<details class=\"lx-quiz__answer\">") == 3


def test_snippet_is_shown_with_its_annotations(site):
    page = html(site, "en/widget")
    assert "ui://widget/view" in page
    assert "<dt><code>_meta.ui</code></dt><dd><p>The hook towards an interface.</p></dd>" in page


def test_a_to_z_index_lists_every_entry_with_planned_marked(site):
    fr = html(site, "fr/a-z")
    assert fr.index(">Bidule<") < fr.index(">Gadget<")
    assert "à venir" in fr
    en = html(site, "en/a-z")
    assert en.index(">Gadget<") < en.index(">Widget<")


def primary_nav(page: str, url: str) -> list[str]:
    """The addresses the page's main navigation links to (Material's md-nav--primary, before the page's own contents)."""
    block = page[page.index("md-nav--primary"):page.index("md-nav--secondary")]
    return [urljoin(url, href) for tag in re.findall(r"<a\b[^>]*>", block) if "md-nav__link" in tag
            for href in re.findall(r'href="([^"]*)"', tag)]


def test_navigation_is_per_language_and_small(site):
    fr, en = html(site, "fr/bidule"), html(site, "en/widget")
    assert "Index A–Z" in fr and "A–Z index" not in fr
    assert "A–Z index" in en and "Index A–Z" not in en
    # Small: the sections of mkdocs.yml's nav in the page's language, and no entry (entries are reached
    # from the A–Z index, so the menu does not grow with the lexicon).
    config = yaml.safe_load((Path(__file__).resolve().parents[1] / "mkdocs.yml").read_text(encoding="utf-8"))
    sections = {lang: ["/" + md.removesuffix(".md").removesuffix("index") + ("/" if not md.endswith("index.md") else "")
                       for item in pages for md in item.values()]
                for lang, pages in zip(("fr", "en"), (next(iter(part.values())) for part in config["nav"]), strict=True)}
    assert primary_nav(fr, "/fr/bidule/") == sections["fr"] and len(sections["fr"]) <= 5
    assert primary_nav(en, "/en/widget/") == sections["en"]
    entries = {f"/{lang}/{slug}/" for lang, slug in (("fr", "bidule"), ("fr", "gadget"), ("en", "widget"), ("en", "gadget"))}
    assert not entries & set(primary_nav(fr, "/fr/bidule/") + primary_nav(en, "/en/widget/"))


def test_the_navigation_reader_sees_an_entry_in_the_menu():
    page = ('<nav class="md-nav md-nav--primary"><a href="../" class="md-nav__link">Accueil</a>'
            '<a class="md-nav__link" href="../gadget/">Gadget</a></nav><nav class="md-nav md-nav--secondary"></nav>')
    assert primary_nav(page, "/fr/bidule/") == ["/fr/", "/fr/gadget/"]


def test_schemas_are_published(site):
    for name in ("entry", "entry-lang", "quiz"):
        schema = json.loads((site / "schemas" / f"{name}.schema.json").read_text())
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_code_in_prose_is_escaped_not_rendered(site):
    assert "<code>&lt;form toolname&gt;</code>" in html(site, "en/widget")


def test_hostile_prose_never_reaches_the_page_even_if_check_were_bypassed(tmp_path):
    from lexigraph.render.prose import to_html

    out = to_html('a <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="alert(1)">')
    assert "<script" not in out and "<img" not in out and "javascript:" not in out
    assert "&lt;script&gt;" in out


def test_failed_build_leaves_the_previous_site_intact(tmp_path):
    project = make_project(FIXTURE, tmp_path / "project")
    assert mkdocs_build(project).returncode == 0
    before = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    (project / "entries" / "widget" / "en.yml").write_text("slug: [broken\n", encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode != 0
    assert "entries/widget/en.yml:2: $: LX102 YAML syntax error" in result.stderr
    assert "Traceback" not in result.stderr
    after = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    assert after == before
