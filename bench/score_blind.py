"""Score a blind reader's answers to the masked questions of bench/mask_quizzes.py, per language.

    .venv/bin/python bench/score_blind.py answers.json [--key bench/out/blind-key.json] [--verbose]

answers.json maps each language to the reader's answers, by question ref:
``{"en": {"en-01": "B", "en-02": "A", …}, "fr": {"fr-01": "C", …}}``; a multiple-answer
question takes a list (``["A", "C"]``) or "A,C". A question is right when the labels given are
exactly its right ones. Prints, per language, "en: 23/66 right (chance 18.8), 0 unanswered",
and with --verbose each question missed, with its real quiz and question ids. Exit status 2
when the answers file names a language or a ref the key does not have, or a label a question
does not offer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def labels(answer) -> set[str]:
    if isinstance(answer, str):
        return {part.strip().upper() for part in answer.replace(";", ",").split(",") if part.strip()}
    if isinstance(answer, list):
        return {str(part).strip().upper() for part in answer}
    raise ValueError(f"an answer is a label or a list of labels, not {answer!r}")


def score(answers: dict, key: dict) -> tuple[dict[str, dict], list[str]]:
    """(per language: right, total, chance, unanswered, missed refs; the problems of the answers file)."""
    problems: list[str] = []
    results: dict[str, dict] = {}
    known = key["answers"]
    for lang in answers:
        if lang not in known:
            problems.append(f"answers: language '{lang}' is not in the key (known: {', '.join(known)})")
    for lang, questions in known.items():
        given = answers.get(lang)
        if given is None:
            continue
        for ref in given:
            if ref not in questions:
                problems.append(f"answers.{lang}: '{ref}' is not a question of the key")
        right, missed, unanswered = 0, [], 0
        for ref, question in questions.items():
            if ref not in given:
                unanswered += 1
                continue
            try:
                picked = labels(given[ref])
            except ValueError as error:
                problems.append(f"answers.{lang}.{ref}: {error}")
                continue
            unknown = picked - set(question["options"])
            if unknown:
                problems.append(f"answers.{lang}.{ref}: {', '.join(sorted(unknown))} is not an option (options: {', '.join(question['options'])})")
            if picked == set(question["right"]):
                right += 1
            else:
                missed.append(ref)
        chance = sum(1 / len(q["options"]) for q in questions.values())
        results[lang] = {"right": right, "total": len(questions), "chance": chance, "unanswered": unanswered, "missed": missed}
    return results, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("answers", help="the reader's answers (JSON)")
    parser.add_argument("--key", default=str(ROOT / "bench" / "out" / "blind-key.json"), help="the key bench/mask_quizzes.py wrote")
    parser.add_argument("--verbose", action="store_true", help="list the questions missed")
    args = parser.parse_args(argv)
    try:
        answers = json.loads(Path(args.answers).read_text(encoding="utf-8"))
        key = json.loads(Path(args.key).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"score_blind: {error}", file=sys.stderr)
        return 2
    if not isinstance(answers, dict) or not all(isinstance(v, dict) for v in answers.values()):
        print("score_blind: answers.json must map each language to {ref: label}", file=sys.stderr)
        return 2
    results, problems = score(answers, key)
    for problem in problems:
        print(f"score_blind: {problem}", file=sys.stderr)
    for lang, r in results.items():
        print(f"{lang}: {r['right']}/{r['total']} right (chance {r['chance']:.1f}), {r['unanswered']} unanswered")
        if args.verbose:
            for ref in r["missed"]:
                q = key["answers"][lang][ref]
                print(f"  missed {ref} ({q['quiz']}/{q['question']}): right {', '.join(q['right'])}")
    return 2 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
