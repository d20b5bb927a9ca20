"""`lexigraph new <id>`: a new entry in both languages, its quiz and its snippet folder.

Every text is a TODO placeholder: the files pass the schemas (so a writer's editor
validates them), and `lexigraph check --strict` fails until no TODO is left.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from lexigraph.content.load import load_corpus
from lexigraph.content.today import today as current_day
from lexigraph.errors import CROSS, LexigraphError, Problem

_ENTRY = """\
# yaml-language-server: $schema=../../lexigraph/schemas/entry.schema.json
id: {id}
number: {number}
status: published
version: v{month}
first_written: {month}
editor: TODO your name
license: CC-BY-4.0
steps:
  - id: first-step
    snippet: {id}/first-step.json
    language: json
    untested: "TODO: add a test case for this snippet (see tests/snippets/), then delete this line"
# checked_against:             # uncomment when the entry depends on a tracked specification (specs.yml)
#   - {{spec: mcp, revision: 2026-07-28}}
relations: {{}}                  # e.g. runs_in: [harness], requires: [tool], often_confused_with: [api]
shown_elsewhere: []
examples:
  - {{id: first-example, date: {month}}}
quiz: {id}
concepts: [todo-{id}-first, todo-{id}-second, todo-{id}-third]   # the ideas it teaches (short ids); each tested by a question's concept
sources:
  - {{id: first-source, title: "TODO the source's title", url: "https://example.org/TODO", date: {month}}}
versions:
  - {{version: v{month}, date: {today}, changed: [first-version]}}
"""

_PROSE = """\
# yaml-language-server: $schema=../../lexigraph/schemas/entry-lang.schema.json
slug: {id}                       # the page address /<lang>/<slug>/: write it in this file's language
title: TODO {title}
definition: >-
  TODO {definition}
analogy: >-
  TODO {analogy}
not: |
  TODO {not_}
in_depth:
  - id: first-section
    title: TODO {section}
    body: |
      TODO {body}
under_the_hood:
  intro: |
    TODO {intro}
  steps:
    first-step:
      title: TODO {step}
      intro: |
        TODO {step_intro}
      annotations:
        TODO: TODO {annotation}
      trap: |
        TODO {trap}
shown_elsewhere: {{}}
what_varies: |
  TODO {varies}
examples:
  first-example: |
    TODO {example}[^first-source]
"""

_TEXT = {
    "fr": dict(title="le titre", definition="la définition, en une phrase.", analogy="l’analogie qui la suit.",
               not_="ce que ce n’est pas.", section="titre de la sous-section", body="le texte de la sous-section.",
               intro="l’introduction de «\u00a0Sous le capot\u00a0».", step="titre de l’étape", step_intro="ce que montre l’extrait.",
               annotation="ce que ce champ veut dire.", trap="le piège.", varies="ce qui varie.", example="l’exemple daté."),
    "en": dict(title="the title", definition="the one-sentence definition.", analogy="the analogy that follows it.",
               not_="what it is not.", section="sub-section title", body="the sub-section's text.",
               intro="the introduction to “Under the hood”.", step="step title", step_intro="what the snippet shows.",
               annotation="what this field means.", trap="the trap.", varies="what varies.", example="the dated example."),
}

_QUIZ = """\
# yaml-language-server: $schema=../lexigraph/schemas/quiz.schema.json
entry: {id}
questions:
{questions}"""

_QUESTION = """\
  - id: {qid}
    level: {level}
    teaches: {teaches}
    concept: todo-{entry_id}-{qid}     # the one idea it tests, as in entry.yml's concepts (at most two questions per idea in the lexicon)
    prompt: >-
      TODO {prompt}
    options:
      - id: right
        text: >-
          TODO {right}
        correct: true
        feedback: >-
          TODO {why_right}
      - id: wrong
        text: >-
          TODO {wrong}
        feedback: >-
          TODO {why_wrong}
"""

# One placeholder question per level, each about something else (so no two look alike to
# `lexigraph check`), the wrong option no shorter than the right one (no length cue), and no right
# option repeating the prompt's words (no echo cue).
_QUIZ_TEXT = {
    "fr": {
        "recognise": dict(prompt="une situation où le lecteur reconnaît le terme\u202f?", right="ce qu’il désigne",
                          why_right="pourquoi c’est juste", wrong="une idée reçue sur ce qu’il désigne", why_wrong="pourquoi c’est faux"),
        "distinguish": dict(prompt="ce qui le sépare d’une fiche voisine\u202f?", right="la différence qui compte",
                            why_right="pourquoi c’est juste", wrong="la confusion courante avec la voisine", why_wrong="pourquoi c’est faux"),
        "apply": dict(prompt="un cas concret où il faut s’en servir\u202f?", right="ce qu’on fait alors",
                      why_right="pourquoi c’est juste", wrong="ce qu’on est tenté de faire à tort", why_wrong="pourquoi c’est faux"),
    },
    "en": {
        "recognise": dict(prompt="a situation where the reader recognises the term?", right="what it names",
                          why_right="why it is right", wrong="a misconception about what it names", why_wrong="why it is wrong"),
        "distinguish": dict(prompt="what sets it apart from a neighbouring entry?", right="the difference that matters",
                            why_right="why it is right", wrong="the usual mix-up with the neighbour", why_wrong="why it is wrong"),
        "apply": dict(prompt="a concrete case where it has to be used?", right="what to do then",
                      why_right="why it is right", wrong="what one is tempted to do instead", why_wrong="why it is wrong"),
    },
}
# Where each placeholder question points the reader back to (see FORMAT.md, teaches).
_TEACHES = {"recognise": "definition", "distinguish": "not", "apply": "under-the-hood/first-step"}


def scaffold(root: Path, entry_id: str, number: int | None = None, today: dt.date | None = None) -> list[Path]:
    """Create the files of a new entry; refuse to overwrite anything."""
    today = today or current_day()
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry_id):
        raise LexigraphError([Problem("entries", 1, "$.id", f"'{entry_id}' must be lowercase letters, digits and single hyphens", CROSS)])
    corpus = load_corpus(root)
    used = {n for e in corpus.entries.values() if isinstance(n := e.fact("number"), int)}   # any other value is check's to report
    if number is None:
        number = max(used, default=0) + 1
    elif number in used:
        raise LexigraphError([Problem("entries", 1, "$.number", f"number {number} is already used", CROSS)])
    values = dict(id=entry_id, number=number, month=today.strftime("%Y-%m"), today=today.isoformat())
    files = {
        root / "entries" / entry_id / "entry.yml": _ENTRY.format(**values),
        root / "snippets" / entry_id / "first-step.json": '{\n  "TODO": "replace with the real, tested code this step shows"\n}\n',
    }
    for lang in ("fr", "en"):
        files[root / "entries" / entry_id / f"{lang}.yml"] = _PROSE.format(id=entry_id, **_TEXT[lang])
        questions = "".join(_QUESTION.format(qid=qid, entry_id=entry_id, level=level, teaches=_TEACHES[level], **_QUIZ_TEXT[lang][level])
                            for qid, level in (("first", "recognise"), ("second", "distinguish"), ("third", "apply")))
        files[root / "quizzes" / f"{entry_id}.{lang}.yml"] = _QUIZ.format(id=entry_id, questions=questions)
    existing = [p for p in files if p.exists()]
    if existing:
        raise LexigraphError([Problem(corpus.shown(p), 1, "$", "already exists; lexigraph new never overwrites", CROSS) for p in existing])
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return [Path(corpus.shown(p)) for p in files]
