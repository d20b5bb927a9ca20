"""Every archived page (archive/<id>/<version>/<lang>.md) served to agents as clean Markdown:
no HTML outside code, every link absolute, no heading attributes, no quiz (its key stays on the page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from lexigraph.agents.archived_copy import clean_markdown, html_to_markdown

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "archive").glob("*/*/*.md"))
TAG = re.compile(r"</?[a-z][a-z0-9]*(?:\s[^>]*)?>")


def outside_code(markdown: str) -> str:
    without_fences = re.sub(r"(?ms)^```.*?^```", "", markdown)
    return re.sub(r"`[^`\n]*`", "", without_fences)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT / "archive")) for p in PAGES])
def test_an_archived_page_becomes_clean_markdown(page):
    version, lang = page.parts[-2], page.stem
    meta = yaml.safe_load((page.parent / "version.yml").read_text(encoding="utf-8"))
    url = f"https://www.lexigraph.org/{lang}/{meta[lang]['slug']}/{version}/"
    frozen = page.read_text(encoding="utf-8")
    clean = clean_markdown(frozen, url)
    prose = outside_code(clean)
    assert TAG.findall(prose) == []
    assert "{#" not in prose and 'markdown="' not in prose
    assert re.findall(r"\]\((?!https?://)[^)]*\)", clean) == []          # no relative link left
    assert clean.startswith(f"# {meta[lang]['title']}\n")
    quiz_title = {"fr": "Vérifier", "en": "Check yourself"}[lang]
    assert f"## {quiz_title}" not in clean and "data-correct" not in clean
    assert f", {version}, {url}, CC BY 4.0." in clean                     # the short citation, as the page had it
    assert clean.count("```") == frozen.count("```")                        # every code block kept


def test_html_blocks_map_to_markdown():
    base = "https://www.lexigraph.org/en/mcp/v2026-08/"
    assert html_to_markdown('<p>A <a href="../../tool/">tool</a>, <strong>not</strong> <code>x</code>.</p>', base) == \
        "A [tool](https://www.lexigraph.org/en/tool/), **not** `x`."
    assert html_to_markdown('<div class="admonition warning"><p class="admonition-title">The trap</p><p>Careful.</p></div>', base) == \
        "**The trap.** Careful."
    assert html_to_markdown("<dl><dt><code>a</code></dt><dd><p>One.</p></dd><dt>b</dt><dd>Two.</dd></dl>", base) == "- `a`: One.\n- b: Two."
    assert html_to_markdown("<table><tr><th>x</th><th>y</th></tr><tr><td>1</td><td>2 | 3</td></tr></table>", base) == \
        "| x | y |\n| --- | --- |\n| 1 | 2 \\| 3 |"
    assert html_to_markdown('<p>Go <button type="button">Copy</button>on.</p>', base) == "Go on."
