"""The real lexicon, built: relations show on both pages, first mentions link to the right entry
(never in code, headings, links or to the page itself), no internal link is broken, and no run of
12 words is copied from the sources."""

from __future__ import annotations

import html
import posixpath
import re
import subprocess
import unicodedata
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from lexigraph.content.load import load_corpus
from lexigraph.content.model import RELATION_TYPES, SYMMETRIC
from lexigraph.render.i18n import t
from lexigraph.render.mentions import Section, terms

PROJECT = Path(__file__).resolve().parents[1]
CORPUS = load_corpus(PROJECT)
PUBLISHED = [e for e in CORPUS.entries.values() if e.status == "published"]
LANGS = ("fr", "en")
SITE_URL = "https://www.lexigraph.org/"
RUN = 12


def url_of(lang: str, entry_id: str) -> str:
    return f"{lang}/{CORPUS.entries[entry_id].text(lang, 'slug')}/"


class Page(HTMLParser):
    """One built page: its links (with the tags around each), its ids, its relation rows, its text."""

    # Not written prose: code (quoted from the implementations), and the fixed layouts of the
    # relations list (and its map) and colophon, which follow the model entry of the sources by design.
    TEMPLATE = {"lx-relations", "lx-relmap", "lx-colophon"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict]] = []
        self.links: list[dict] = []          # {href, attrs, inside: [tags], text}
        self.refs: list[str] = []            # every href/src
        self.ids: set[str] = set()
        self.relations: list[tuple[str, list[str]]] = []   # (dt text, [hrefs in the dd])
        self.words: list[str] = []           # the page's text outside code, scripts and styles
        self._open_link: dict | None = None
        self._h2 = None                      # the id of the top-level section being read
        self._dt: list[str] | None = None
        self._skip = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.refs.append(attrs[name])
        if tag in ("script", "style"):
            self._skip += 1
        in_relations = any(t == "dl" and "lx-relations" in a.get("class", "") for t, a in self.stack)
        if in_relations and tag == "dt":
            self._dt = []
        elif in_relations and tag == "dd":
            self.relations.append(("".join(self._dt or []), []))
            self._dt = None
        if tag == "h2":
            self._h2 = attrs.get("id")
        if tag == "a":
            self._open_link = {"href": attrs.get("href", ""), "attrs": attrs, "inside": [t for t, _ in self.stack], "text": "",
                               "section": self._h2}
            self.links.append(self._open_link)
            if in_relations and self.relations and any(t == "dd" for t, _ in self.stack):
                self.relations[-1][1].append(attrs.get("href", ""))
        if tag not in self.VOID:
            self.stack.append((tag, attrs))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)
        if tag == "a":
            self._open_link = None
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if self._open_link is not None:
            self._open_link["text"] += data
        if self._dt is not None:
            self._dt.append(data)
        if not self._skip and not any(tag in ("pre", "code") or self.TEMPLATE & set(a.get("class", "").split())
                                      for tag, a in self.stack):
            self.words.append(data)


@pytest.fixture(scope="module")
def pages(real_site) -> dict[str, Page]:
    """Every HTML page of the built site, by site-relative URL ("fr/mcp/")."""
    found = {}
    for path in real_site.rglob("*.html"):
        rel = path.relative_to(real_site).as_posix()
        url = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        found[url] = Page(path.read_text(encoding="utf-8"))
    return found


def resolve(page_url: str, href: str) -> str:
    """A relative href from ``page_url`` → a site-relative path (no fragment)."""
    base = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url) + "/"
    joined = posixpath.normpath(posixpath.join(base, urlsplit(href).path))
    return "" if joined == "." else joined + ("/" if href.split("#")[0].endswith("/") else "")


# --- relations, both ways ------------------------------------------------------------------------

def relation_cases():
    for entry in PUBLISHED:
        relations = entry.fact("relations") or {}
        for kind in RELATION_TYPES:
            for target in relations.get(kind) or []:
                for lang in LANGS:
                    yield pytest.param(lang, entry.id, kind, target, id=f"{lang}-{entry.id}-{kind}-{target}")


RELATIONS = list(relation_cases())


def test_the_corpus_has_relations_of_several_types():
    assert len(RELATIONS) >= 40
    assert {p.values[2] for p in RELATIONS} >= {"runs_in", "requires", "often_confused_with", "extends", "threatens"}


def rows(page: Page, page_url: str) -> dict[str, set[str]]:
    """Label → the site paths of the entries linked in that row of the Relations list."""
    return {label: {resolve(page_url, href) for href in hrefs} for label, hrefs in page.relations}


@pytest.mark.parametrize("lang, source, kind, target", RELATIONS)
def test_relation_links_from_the_source_and_back_from_the_target(pages, lang, source, kind, target):
    source_url, target_url = url_of(lang, source), url_of(lang, target)
    forward = rows(pages[source_url], source_url)
    assert target_url in forward.get(t(lang, kind), set()), f"{source_url} does not link {target_url} under {t(lang, kind)}"
    back_label = t(lang, kind) if kind in SYMMETRIC else t(lang, f"{kind}_reverse")
    backward = rows(pages[target_url], target_url)
    assert source_url in backward.get(back_label, set()), f"{target_url} does not link back to {source_url} under {back_label}"


@pytest.mark.parametrize("lang, labels", [
    ("fr", {"Étendu par": "MCP Apps", "Menacé par": "Injection de prompt"}),
    ("en", {"Extended by": "MCP Apps", "Threatened by": "Prompt injection"}),
])
def test_mcp_shows_who_extends_and_threatens_it(pages, lang, labels):
    page = pages[url_of(lang, "mcp")]
    shown = dict(page.relations)
    for label, title in labels.items():
        assert label in shown
        texts = [link["text"] for link in page.links if link["href"] in shown[label]]
        assert title in texts


# --- first mentions -------------------------------------------------------------------------------

def mentions(page: Page) -> list[dict]:
    return [link for link in page.links if "lx-mention" in link["attrs"].get("class", "")]


# Hand-checked samples: (lang, page entry, words in the prose, entry they must link to).
SAMPLES = [
    ("fr", "mcp", "harnais", "harness"), ("en", "mcp", "harness", "harness"),
    ("fr", "mcp", "WebMCP", "webmcp"), ("en", "mcp", "WebMCP", "webmcp"),
    ("fr", "mcp", "A2A", "a2a"), ("en", "mcp", "A2A", "a2a"),
    ("fr", "mcp", "MCP Apps", "mcp-apps"), ("en", "mcp", "MCP Apps", "mcp-apps"),
    ("fr", "mcp-apps", "MCP", "mcp"), ("en", "mcp-apps", "MCP", "mcp"),
    ("fr", "context", "harnais", "harness"), ("en", "context", "harness", "harness"),
    ("fr", "prompt-injection", "MCP", "mcp"), ("en", "prompt-injection", "MCP", "mcp"),
    ("fr", "api", "MCP", "mcp"), ("en", "api", "MCP", "mcp"),
]


@pytest.mark.parametrize("lang, entry_id, words, target", SAMPLES, ids=[f"{s[0]}-{s[1]}-{s[3]}" for s in SAMPLES])
def test_first_mention_links_to_the_right_entry(pages, lang, entry_id, words, target):
    page_url = url_of(lang, entry_id)
    found = [link for link in mentions(pages[page_url]) if link["text"] == words]
    assert found, f"no first-mention link on '{words}' in {page_url}"
    assert {resolve(page_url, link["href"]) for link in found} == {url_of(lang, target)}
    assert {link["attrs"].get("data-entry") for link in found} == {target}


def test_mcp_links_its_neighbours_in_both_languages(pages):
    """MCP's prose names the harness, WebMCP, A2A, tools and the context: each is linked, in each language."""
    for lang in LANGS:
        page = pages[url_of(lang, "mcp")]
        targets = [link["attrs"]["data-entry"] for link in mentions(page)]
        for neighbour in ("harness", "webmcp", "a2a", "tool", "context"):
            assert neighbour in targets, (lang, neighbour)


def test_no_mention_link_inside_code_headings_links_or_to_the_page_itself(pages):
    bad = []
    for entry in PUBLISHED:
        for lang in LANGS:
            page_url = url_of(lang, entry.id)
            for link in mentions(pages[page_url]):
                forbidden = {"code", "pre", "a", "h1", "h2", "h3", "h4", "h5", "h6"} & set(link["inside"])
                if forbidden or link["attrs"].get("data-entry") == entry.id or resolve(page_url, link["href"]) == page_url:
                    bad.append((page_url, link["text"], sorted(forbidden)))
    assert bad == []


def test_every_published_page_has_first_mention_links(pages):
    for entry in PUBLISHED:
        for lang in LANGS:
            assert mentions(pages[url_of(lang, entry.id)]), url_of(lang, entry.id)


def test_a_term_links_once_per_top_level_section(pages):
    """In depth's subsections and the steps under the hood share one scope: no link repeats in them."""
    repeated = {}
    for entry in PUBLISHED:
        for lang in LANGS:
            seen: dict[tuple, int] = {}
            for link in mentions(pages[url_of(lang, entry.id)]):
                key = (link["section"], link["attrs"]["data-entry"])
                seen[key] = seen.get(key, 0) + 1
            repeated.update({(url_of(lang, entry.id), *key): n for key, n in seen.items() if n > 1})
    assert repeated == {}


def test_phrases_of_not_terms_never_link_but_the_word_alone_still_does():
    """lexigraph/data/not-terms.yml: "modèle de prompt" is a template, "serveur A2A" is not an MCP server."""
    fr = Section(terms(CORPUS, "fr"), "api", lambda target: f"../{target}/")
    parts = fr.split("Modèles d’URI et serveur A2A. Serveur A2A : il répond. Des modèles de prompt, un commentaire client ; "
                     "puis le modèle, le serveur et le client.")        # a phrase opening a sentence is still the phrase
    assert [p[1:] for p in parts if isinstance(p, tuple)] == [
        ("model", "modèle"), ("mcp-server", "serveur"), ("mcp-client", "client")]
    en = Section(terms(CORPUS, "en"), "api", lambda target: f"../{target}/")
    parts = en.split("A Pydantic model and an A2A client; then the model and the client.")
    assert [p[1:] for p in parts if isinstance(p, tuple)] == [("model", "model"), ("mcp-client", "client")]


def test_mention_links_only_the_first_time_in_a_section():
    """Unit check of the matching rules on the real lexicon's terms (FR)."""
    fr = terms(CORPUS, "fr")
    section = Section(fr, "webmcp", lambda target: f"../{target}/")
    parts = section.split("L’outil et l'outillage ; MCP Apps, puis MCP, puis l’outil et le protocole MCP.")
    links = [p for p in parts if isinstance(p, tuple)]
    assert [(target, words) for _, target, words in links] == [("tool", "outil"), ("mcp-apps", "MCP Apps"), ("mcp", "MCP")]
    own = Section(fr, "mcp-apps", lambda target: f"../{target}/").split("MCP Apps étend MCP.")
    assert [p[1:] for p in own if isinstance(p, tuple)] == [("mcp", "MCP")], "its own name is not linked, nor split"
    en = Section(terms(CORPUS, "en"), "api", lambda target: f"../{target}/").split("mcp tools, Tools and a Harness")
    assert [p[1:] for p in en if isinstance(p, tuple)] == [("tool", "tools"), ("harness", "Harness")]
    edges = Section(terms(CORPUS, "en"), "api", lambda target: f"../{target}/").split(
        "MCP-compatible s, then Agent-to-Agent, then the MCP\u00a0Apps extension and MCP.")
    assert [p[1:] for p in edges if isinstance(p, tuple)] == [
        ("a2a", "Agent-to-Agent"), ("mcp-apps", "MCP\u00a0Apps extension"), ("mcp", "MCP")]


# --- broken links ---------------------------------------------------------------------------------

EXTERNAL = re.compile(r"^(https?:|mailto:|data:|javascript:|//)", re.I)


def test_no_broken_internal_link_in_the_whole_site(real_site, pages):
    broken, checked = [], 0
    for page_url, page in pages.items():
        for ref in page.refs:
            ref = html.unescape(ref)
            if ref.startswith(SITE_URL):
                ref = "/" + ref[len(SITE_URL):]
            if EXTERNAL.match(ref) or ref.startswith("#") or not ref:
                if ref.startswith("#") and len(ref) > 1 and ref[1:] not in page.ids:
                    broken.append((page_url, ref))
                continue
            checked += 1
            path = urlsplit(ref).path
            target = path.lstrip("/") if path.startswith("/") else resolve(page_url, ref)
            target_file = real_site / target
            if target.endswith("/") or target == "" or target_file.is_dir():
                target_file = target_file / "index.html"
                target_page = target.rstrip("/") + "/" if target else ""
            else:
                target_page = target
            if not target_file.is_file():
                broken.append((page_url, ref))
                continue
            fragment = urlsplit(ref).fragment
            if fragment and target_page in pages and fragment not in pages[target_page].ids:
                broken.append((page_url, ref))
    assert len(pages) > 2 * len(PUBLISHED) and checked > 20 * len(pages), (len(pages), checked)
    assert broken == []


# --- copied runs ----------------------------------------------------------------------------------

def sources_dir() -> Path:
    """The shared sources beside the repository: ../shared/sources from the main checkout's root
    (a git worktree finds its main checkout through git's common directory)."""
    candidates = [PROJECT.parent / "shared" / "sources"]
    common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=PROJECT,
                            capture_output=True, text=True)
    if common.returncode == 0 and common.stdout.strip():
        candidates.append(Path(common.stdout.strip()).parent.parent / "shared" / "sources")
    for folder in candidates:
        if sorted(folder.glob("*.txt")):
            return folder
    pytest.fail(f"the sources are missing: looked in {', '.join(map(str, candidates))}")


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).replace("’", "'").casefold()
    return re.findall(r"\w+", text)


def runs(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + RUN]) for i in range(len(tokens) - RUN + 1)}


def test_no_run_of_twelve_words_copied_from_the_sources(pages):
    folder = sources_dir()
    copied_from = {}
    for source in sorted(folder.glob("*.txt")):
        for run in runs(words(source.read_text(encoding="utf-8"))):
            copied_from.setdefault(run, source.name)
    assert len(copied_from) > 5000, "the sources were read"
    found = []
    for page_url, page in sorted(pages.items()):
        for run in runs(words(" ".join(page.words))):
            if run in copied_from:
                found.append(f"{page_url}: “{' '.join(run)}” ({copied_from[run]})")
    assert found == [], "\n".join(found)


def test_the_copy_detector_finds_a_copied_run():
    """The detector itself: a sentence lifted from a source is caught, a reworded one is not."""
    source = next(iter(sorted(sources_dir().glob("*.txt")))).read_text(encoding="utf-8")
    lifted = words(source)[100:100 + RUN]
    assert runs(lifted) & runs(words(source))
    assert not runs(lifted[:6] + ["autrement", "dit"] + lifted[6:]) & runs(words(source))


# --- sources in the page's language ----------------------------------------------------------------

def test_what_an_entry_says_of_a_source_is_in_the_page_language(real_site):
    """A source keeps its own title; the entry's note on it follows in the page's language, on the
    page and in its Markdown copy, and never in the other language."""
    noted = [(entry, source) for entry in PUBLISHED for source in entry.fact("sources") if source.get("note")]
    assert len(noted) >= 20
    for entry, source in noted:
        for lang, other in (("fr", "en"), ("en", "fr")):
            page = html.unescape((real_site / url_of(lang, entry.id) / "index.html").read_text(encoding="utf-8"))
            markdown = (real_site / url_of(lang, entry.id) / "index.md").read_text(encoding="utf-8")
            for text in (page, markdown):
                assert f"{source['title']}" in text
                assert f" — {source['note'][lang]}" in text, (lang, entry.id, source["note"][lang])
                assert source["note"][other] not in text, (lang, entry.id, source["note"][other])
    for entry in PUBLISHED:     # the note that used to sit inside the title, in English on French pages
        assert "as installed and run" not in (real_site / url_of("fr", entry.id) / "index.html").read_text(encoding="utf-8")
