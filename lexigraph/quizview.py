"""The quiz as HTML that reads fully without JavaScript: questions, options, and the
answer key with per-option feedback inside a disclosure. ``quiz.js`` enhances it."""

from __future__ import annotations

from .i18n import t
from .prose import escape, inline


def render_quiz(site, entry, lang: str, from_url: str, questions: list[dict]) -> str:
    from .render import relative

    parts = [f'<section class="lx-quiz" data-quiz="{escape(entry.id)}" data-lang="{lang}">', '<ol class="lx-quiz__questions">']
    for question in questions:
        qid = escape(question["id"])
        parts.append(f'<li class="lx-quiz__question" data-question="{qid}"'
                     f' data-multiple="{"true" if question.get("multiple") else "false"}">')
        parts.append(f'<p class="lx-quiz__level">{t(lang, "level_" + question["level"])}</p>')
        parts.append(f'<p class="lx-quiz__prompt" id="q-{qid}">{inline(question["prompt"])}</p>')
        parts.append(f'<ul class="lx-quiz__options" aria-labelledby="q-{qid}">')
        for option in question["options"]:
            correct = "true" if option.get("correct") else "false"
            parts.append(f'<li class="lx-quiz__option" data-option="{escape(option["id"])}" data-correct="{correct}">'
                         f'{inline(option["text"])}</li>')
        parts.append("</ul>")
        parts.append(f'<details class="lx-quiz__answer"><summary>{t(lang, "answer")}</summary><ul>')
        for option in question["options"]:
            verdict = t(lang, "correct" if option.get("correct") else "wrong")
            see = ""
            if option.get("describes"):
                target = site.corpus.entries[option["describes"]]
                href = relative(from_url, site.urls[(lang, target.id)])
                see = f' <a class="lx-quiz__see" href="{href}">{t(lang, "see_entry")} {escape(target.text(lang, "title"))}</a>'
            parts.append(f'<li class="lx-quiz__feedback" data-option="{escape(option["id"])}" data-correct="{"true" if option.get("correct") else "false"}">'
                         f'<strong>{verdict}</strong> · {inline(option["text"])} — {inline(option["feedback"])}{see}</li>')
        parts.append("</ul></details></li>")
    parts.append("</ol></section>")
    return "\n".join(parts)
