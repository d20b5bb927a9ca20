"""render/compact.py: a finished page loses template indentation and Pygments' whitespace spans, nothing a reader sees."""

from __future__ import annotations

import pytest

from lexigraph.render.compact import compact


def test_indentation_between_tags_folds_to_one_line_break():
    assert compact("<div>\n    \n      <p>Un\n   deux</p>\n  </div>\n") == "<div>\n<p>Un\ndeux</p>\n</div>\n"


def test_whitespace_without_a_line_break_is_left_alone():
    assert compact("<p>a  b</p>  <p>c</p>") == "<p>a  b</p>  <p>c</p>"


@pytest.mark.parametrize("verbatim", [
    "<code>x\n    y</code>",                 # Material styles inline code pre-wrap
    "<kbd>Ctrl\n   C</kbd>",
    "<textarea>a\n\n   b</textarea>",
    "<script>if (a)\n    b();</script>",
    "<style>p {\n  color: red;\n}</style>",
    "<pre id=\"cite-ris\">TY  - DICT\n   TI  - X\n</pre>",
])
def test_text_that_keeps_its_whitespace_is_kept_byte_for_byte(verbatim):
    assert compact(f"<div>\n   {verbatim}\n   </div>") == f"<div>\n{verbatim}\n</div>"


def test_attribute_values_keep_their_line_breaks_even_with_a_closing_bracket_inside():
    tag = '<a title="one >\n     two" data-x=\'{"a":\n   1}\'>'
    assert compact(f"<p>\n   {tag}x</a>\n   </p>") == f"<p>\n{tag}x</a>\n</p>"


def test_pygments_whitespace_spans_are_unwrapped_inside_pre_only():
    highlighted = ('<pre><span></span><code><span class="k">if</span><span class="w"> </span><span class="p">(</span>'
                   '<span class="w">\n    </span><span class="nx">x</span></code></pre>')
    assert compact(highlighted) == ('<pre><span></span><code><span class="k">if</span> <span class="p">(</span>'
                                    '\n    <span class="nx">x</span></code></pre>')
    prose = '<p><span class="w"> </span></p>'          # not Pygments output: left as written
    assert compact(prose) == prose


@pytest.mark.build
def test_the_real_webmcp_page_has_no_whitespace_span_and_no_indentation(real_site):
    html = (real_site / "fr" / "webmcp" / "index.html").read_text(encoding="utf-8")
    assert '<span class="w">' not in html
    assert "\n    <" not in html.split("<pre", 1)[0]     # the header, before any code, is no longer indented
    assert '<span class="kd">const</span> <span class="nx">' in html   # the code is still highlighted
