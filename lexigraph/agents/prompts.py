"""The MCP server's prompts (explain, quiz_me, compare) as ready-to-send text, built from the lexicon's entries."""

from __future__ import annotations

from lexigraph.agents.lexicon import Lexicon, QueryError
from lexigraph.render import relations
from lexigraph.render.cite import plain
from lexigraph.render.i18n import colon, t

LEVELS = ("basic", "advanced")
CONFUSED = "often_confused_with"

# The framing sentences around the entry's own text, in the language asked for.
FRAME = {
    "fr": {
        "explain": "Explique « {title} » à partir de la fiche Lexigraph ci-dessous ({url}). Appuie-toi sur sa définition, "
                   "sur ce que ce n’est pas et sur ses voisins ; n’ajoute rien que la fiche ne dise pas.",
        "explain_advanced": "Va plus loin que la définition : reprends les sections « En profondeur » et « Ce qui varie ».",
        "neighbours": "Voisins",
        "quiz_me": "Pose-moi les questions de la fiche Lexigraph « {title} » ({url}), une à la fois, dans cet ordre. "
                   "Attends ma réponse avant de passer à la suivante ; ne donne pas la bonne réponse avant que j’aie répondu, "
                   "puis explique-la en t’appuyant sur la fiche, que tu peux lire avec l’outil get_entry (id « {id} »).",
        "question": "Question {n}",
        "several": "(plusieurs réponses possibles)",
        "compare": "Compare « {a} » et « {b} », que le lexique Lexigraph marque comme souvent confondus. Mets leurs définitions "
                   "côte à côte, dis ce qui les distingue et donne un cas où l’on prend l’un pour l’autre.",
    },
    "en": {
        "explain": "Explain “{title}” from the Lexigraph entry below ({url}). Rely on its definition, on what it is not "
                   "and on its neighbours; add nothing the entry does not say.",
        "explain_advanced": "Go beyond the definition: draw on the “In depth” and “What varies” sections.",
        "neighbours": "Neighbours",
        "quiz_me": "Ask me the questions of the Lexigraph entry “{title}” ({url}), one at a time, in this order. "
                   "Wait for my answer before the next one; do not give the right answer before I have answered, then "
                   "explain it from the entry, which the get_entry tool reads (id “{id}”).",
        "question": "Question {n}",
        "several": "(more than one answer may be right)",
        "compare": "Compare “{a}” and “{b}”, which the Lexigraph lexicon marks as often confused. Set their definitions "
                   "side by side, say what tells them apart and give a case where one is taken for the other.",
    },
}


def _level(level: str) -> str:
    if level not in LEVELS:
        raise QueryError(f"unknown level '{str(level)[:40]}': use 'basic' or 'advanced'")
    return level


def _neighbours(lexicon: Lexicon, entry, lang: str) -> list[str]:
    lines = []
    for kind, targets in relations.both_ways(lexicon.site.corpus, entry):
        for target in targets:
            other = lexicon.site.corpus.entries[target]
            definition = plain(" ".join((other.text(lang, "definition") or "").split()))
            lines.append(f"- {t(lang, kind)}{colon(lang)} {other.text(lang, 'title')} ({other.id}) — {definition}")
    return lines


def _section(lang: str, key: str, body: str) -> list[str]:
    return [f"## {t(lang, key)}", "", body.strip(), ""]


def explain(lexicon: Lexicon, term: str, lang: str, level: str = "basic") -> str:
    """The entry named ``term``: its definition, what it is not and its neighbours (and, advanced, its depth)."""
    code, level = lexicon.language(lang), _level(level)
    entry = lexicon.term(term)
    full = lexicon.store.get(entry.id)[0]
    text = lambda key: full.text(code, key)
    frame = FRAME[code]
    title, url = text("title"), lexicon.url(entry, code)
    out = [frame["explain"].format(title=title, url=url)]
    if level == "advanced":
        out[0] += " " + frame["explain_advanced"]
    out += ["", f"# {title}", "", *_section(code, "definition", f"{text('definition').strip()} {text('analogy').strip()}"),
            *_section(code, "not", text("not"))]
    if level == "advanced":
        out += [f"## {t(code, 'in_depth')}", ""]
        for section in text("in_depth") or []:
            out += [f"### {section['title']}", "", section["body"].strip(), ""]
        out += _section(code, "what_varies", text("what_varies"))
    out += [f"## {frame['neighbours']}", "", *_neighbours(lexicon, entry, code), ""]
    return "\n".join(out)


def quiz_me(lexicon: Lexicon, id: str, lang: str) -> str:
    """The entry's questions and options in the site's display order; no answer, no feedback."""
    code = lexicon.language(lang)
    entry = lexicon.entry(id)
    quiz = lexicon.quiz(entry, code)
    frame = FRAME[code]
    out = [frame["quiz_me"].format(title=quiz["title"], url=quiz["url"], id=entry.id), ""]
    for number, question in enumerate(quiz["questions"], start=1):
        several = f" {frame['several']}" if question["multiple"] else ""
        out += [f"{frame['question'].format(n=number)} · {question['level']}{several}", "", question["prompt"], ""]
        out += [f"{chr(ord('A') + i)}. {option['text']}" for i, option in enumerate(question["options"])] + [""]
    return "\n".join(out)


def compare(lexicon: Lexicon, a: str, b: str, lang: str) -> str:
    """Two entries the lexicon marks as often confused, side by side."""
    code = lexicon.language(lang)
    first, second = lexicon.term(a), lexicon.term(b)
    if first.id == second.id:
        raise QueryError(f"'{a}' and '{b}' are the same entry ('{first.id}'): give two entries")
    confused = relations.forward(first).get(CONFUSED, [])
    if second.id not in confused:
        listed = ", ".join(f"'{x}'" for x in confused) or "none"
        raise QueryError(f"'{first.id}' and '{second.id}' are not marked as often confused; "
                         f"'{first.id}' is often confused with: {listed}")
    frame = FRAME[code]
    out = [frame["compare"].format(a=first.text(code, "title"), b=second.text(code, "title")), ""]
    for entry in (first, second):
        full = lexicon.store.get(entry.id)[0]
        out += [f"# {full.text(code, 'title')} ({lexicon.url(entry, code)})", "",
                *_section(code, "definition", full.text(code, "definition")), *_section(code, "not", full.text(code, "not"))]
    return "\n".join(out)

