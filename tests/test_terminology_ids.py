"""The terminology rules read words, not ids: a quiz's `entry`, `concept`, `teaches`, option ids and
`describes` are ids, so an entry whose id is a rejected variant (`sampling` in French) can have a quiz."""

from __future__ import annotations

from lexigraph.check.terminology import terminology_problems
from lexigraph.content.yamlfile import parse_text

QUIZ = """entry: sampling
questions:
  - id: sampling
    teaches: in-depth/sampling
    concept: sampling-deprecated
    prompt: {prompt}
    options:
      - id: sampling
        describes: sampling
        text: Une réponse.
        feedback: Un retour.
"""


def _problems(prompt: str) -> list[str]:
    doc, problems = parse_text(QUIZ.format(prompt=prompt), "quizzes/sampling.fr.yml")
    assert doc is not None and not problems
    return [f"{p.line}: {p.field}: {p.message.split(' (')[0]}" for p in terminology_problems(doc, "fr")]


def test_ids_that_are_rejected_words_are_not_reported():
    assert _problems("Que fait l’échantillonnage ici ?") == []


def test_the_same_word_in_prose_is_reported_at_its_line():
    assert _problems("Que fait le sampling ici ?") == ["6: $.questions[0].prompt: 'sampling': write 'échantillonnage'"]
