"""The quiz as HTML that reads fully without JavaScript: questions, options, and the
answer key with per-option feedback and a link back to the section that answers the
question, inside a disclosure. ``quiz.js`` enhances it, with its interface text read from
a ``data-labels`` JSON attribute (not a <script> block: Material's instant navigation
re-runs content scripts and drops their ``type``).

Options are shown in the content's order (:func:`lexigraph.content.option_order.display_order`), fixed in
the HTML, so the no-JS page, the printed key and the JS quiz agree."""

from __future__ import annotations

import hashlib
import html
import json
import re

from lexigraph.content.option_order import display_order
from lexigraph.render.i18n import labels, t
from lexigraph.render.prose import escape, inline
from lexigraph.render.urls import relative

# quiz.js name → i18n key; templates keep their {placeholders} for the script to fill.
SCRIPT_LABELS = {
    "correct": "correct", "wrong": "wrong", "right": "quiz_right", "missed": "quiz_missed",
    "shown": "quiz_shown", "show": "quiz_show", "check": "quiz_check", "retry": "quiz_retry",
    "score": "quiz_score", "cleared": "quiz_cleared",
}


def script_labels(lang: str) -> str:
    """The interface text for quiz.js, as JSON."""
    return json.dumps({name: labels(lang)[key] for name, key in SCRIPT_LABELS.items()}, ensure_ascii=False,
                      separators=(",", ":"))


def _single_quoted(value: str) -> str:
    """An attribute value for single quotes: JSON's double quotes stay as they are, instead of 40 &quot;."""
    return html.escape(value, quote=False).replace("'", "&#39;")


def _sha(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


def question_digest(entry, question_id: str) -> str:
    """A short digest of a question in every language: prompt, option texts and the right answers.
    quiz.js saves it with the answer, so an answer to an older wording is not replayed."""
    parts = [question_id]
    for lang in sorted(entry.quiz):
        doc = entry.quiz[lang]
        questions = doc.data.get("questions", []) if doc is not None and isinstance(doc.data, dict) else []
        for question in questions:
            if isinstance(question, dict) and question.get("id") == question_id:
                parts.append(str(question.get("prompt")))
                for option in sorted(question.get("options", []), key=lambda o: str(o.get("id"))):
                    parts += [str(option.get("id")), str(option.get("text")), "1" if option.get("correct") else "0"]
    return _sha(*parts)[:12]


def review_target(entry, lang: str, teaches: str) -> tuple[str, str] | None:
    """(in-page anchor, label as the page shows it) of a ``teaches`` value, or None when the
    entry has no such section, step or example in ``lang``. Anchors follow render/entry.py's ids."""
    simple = {"definition": ("definition", t(lang, "definition")), "not": ("not", t(lang, "not")),
              "what-varies": ("what-varies", t(lang, "what_varies"))}
    if teaches in simple:
        return simple[teaches] if entry.text(lang, teaches.replace("-", "_")) is not None else None
    kind, _, ident = teaches.partition("/")
    if kind == "in-depth":
        for section in entry.text(lang, "in_depth") or []:
            if isinstance(section, dict) and section.get("id") == ident:
                return f"in-depth-{ident}", f"{t(lang, 'in_depth')} · {re.sub(r'[`*]', '', str(section.get('title')))}"
    elif kind == "under-the-hood":
        steps = (entry.text(lang, "under_the_hood") or {}).get("steps") or {}
        for index, step in enumerate(entry.fact("steps") or [], start=1):
            if isinstance(step, dict) and step.get("id") == ident and ident in steps:
                return f"step-{ident}", f"{t(lang, 'under_the_hood')} · {index:02d}"
    elif kind == "examples":
        for example in entry.fact("examples") or []:
            if isinstance(example, dict) and example.get("id") == ident and ident in (entry.text(lang, "examples") or {}):
                return f"example-{ident}", f"{t(lang, 'examples')} · {example.get('date')}"
    return None


def render_quiz(site, entry, lang: str, from_url: str, questions: list[dict]) -> str:
    quiz_id = escape(entry.id)
    parts = [f'<div data-search-exclude class="lx-quiz" data-quiz="{quiz_id}" data-lang="{lang}" data-labels=\'{_single_quoted(script_labels(lang))}\'>',
             '<ol class="lx-quiz__questions">']
    for question in questions:
        qid = escape(question["id"])
        prompt_id = f"lx-quiz-{quiz_id}-{qid}"
        options = display_order(entry.id, question["id"], question["options"])
        parts.append(f'<li class="lx-quiz__question" data-question="{qid}" data-digest="{question_digest(entry, question["id"])}"'
                     f' data-multiple="{"true" if question.get("multiple") else "false"}">')
        parts.append(f'<p class="lx-quiz__level">{t(lang, "level_" + question["level"])}</p>')
        parts.append(f'<p class="lx-quiz__prompt" id="{prompt_id}">{inline(question["prompt"])}</p>')
        parts.append(f'<ul class="lx-quiz__options" aria-labelledby="{prompt_id}">')
        for option in options:
            correct = "true" if option.get("correct") else "false"
            parts.append(f'<li class="lx-quiz__option" data-option="{escape(option["id"])}" data-correct="{correct}">'
                         f'{inline(option["text"])}</li>')
        parts.append("</ul>")
        parts.append(f'<details class="lx-quiz__answer"><summary>{t(lang, "answer")}</summary><ul>')
        for option in options:
            correct = "true" if option.get("correct") else "false"
            verdict = t(lang, "correct" if option.get("correct") else "wrong")
            see = ""
            if option.get("describes"):
                target = site.corpus.entries[option["describes"]]
                href = relative(from_url, site.urls[(lang, target.id)])
                see = f' <a class="lx-quiz__see" href="{href}">{t(lang, "see_entry")} {escape(target.text(lang, "title"))}</a>'
            parts.append(f'<li class="lx-quiz__feedback" data-option="{escape(option["id"])}" data-correct="{correct}">'
                         f'<strong class="lx-quiz__verdict">{verdict}</strong> · <span class="lx-quiz__text">{inline(option["text"])}</span>'
                         f' — <span class="lx-quiz__why">{inline(option["feedback"])}{see}</span></li>')
        parts.append("</ul>")
        review = review_target(entry, lang, question["teaches"]) if question.get("teaches") else None
        if review is not None:
            anchor, label = review
            parts.append(f'<p class="lx-quiz__review"><a href="#{escape(anchor)}">{escape(t(lang, "quiz_review", section=label))}</a></p>')
        parts.append("</details></li>")
    parts.append("</ol></div>")  # a div: the quiz heading (## Quiz, in the TOC) comes before it
    return "\n".join(parts)
