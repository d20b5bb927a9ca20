"""The quiz as HTML that reads fully without JavaScript: questions, options, and the
answer key with per-option feedback inside a disclosure. ``quiz.js`` enhances it, with
its interface text read from a ``data-labels`` JSON attribute (not a <script> block:
Material's instant navigation re-runs content scripts and drops their ``type``)."""

from __future__ import annotations

import json

from .i18n import LABELS, t
from .links import relative
from .prose import escape, inline

# quiz.js name → i18n key; templates keep their {placeholders} for the script to fill.
SCRIPT_LABELS = {
    "correct": "correct", "wrong": "wrong", "right": "quiz_right", "missed": "quiz_missed",
    "shown": "quiz_shown", "show": "quiz_show", "check": "quiz_check", "retry": "quiz_retry",
    "score": "quiz_score", "cleared": "quiz_cleared",
}


def script_labels(lang: str) -> str:
    """The interface text for quiz.js, as JSON."""
    return json.dumps({name: LABELS[lang][key] for name, key in SCRIPT_LABELS.items()}, ensure_ascii=False)


def render_quiz(site, entry, lang: str, from_url: str, questions: list[dict]) -> str:
    quiz_id = escape(entry.id)
    parts = [f'<section data-search-exclude class="lx-quiz" data-quiz="{quiz_id}" data-lang="{lang}" data-labels="{escape(script_labels(lang))}">',
             '<ol class="lx-quiz__questions">']
    for question in questions:
        qid = escape(question["id"])
        prompt_id = f"lx-quiz-{quiz_id}-{qid}"
        parts.append(f'<li class="lx-quiz__question" data-question="{qid}"'
                     f' data-multiple="{"true" if question.get("multiple") else "false"}">')
        parts.append(f'<p class="lx-quiz__level">{t(lang, "level_" + question["level"])}</p>')
        parts.append(f'<p class="lx-quiz__prompt" id="{prompt_id}">{inline(question["prompt"])}</p>')
        parts.append(f'<ul class="lx-quiz__options" aria-labelledby="{prompt_id}">')
        for option in question["options"]:
            correct = "true" if option.get("correct") else "false"
            parts.append(f'<li class="lx-quiz__option" data-option="{escape(option["id"])}" data-correct="{correct}">'
                         f'{inline(option["text"])}</li>')
        parts.append("</ul>")
        parts.append(f'<details class="lx-quiz__answer"><summary>{t(lang, "answer")}</summary><ul>')
        for option in question["options"]:
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
        parts.append("</ul></details></li>")
    parts.append("</ol></section>")
    return "\n".join(parts)
