"""bench/mask_quizzes.py hides every term of the lexicon behind a made-up word, the same word for
the same term everywhere, keeps the key apart; bench/score_blind.py scores answers against it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.site import PROJECT

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
TERMS = ["Widget", "Bidule", "gadget", "test widget", "tools/call", "readOnlyHint", "purge_cache", "_meta.ui",
         "2025-11-25", "v2026-08", "1.0.0", "MCP", "HTTP", "avril 2025", "ui://widget/card"]


def masked(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURE, root)
    prose = root / "entries" / "widget" / "en.yml"
    prose.write_text(prose.read_text(encoding="utf-8").replace("title: Widget\n", "title: Widget\naliases: [test widget]\n"), encoding="utf-8")
    for lang, extra in (("en", "A test widget sends `tools/call` with readOnlyHint over HTTP, as MCP 2025-11-25 (v2026-08, 1.0.0) says"),
                        ("fr", "Depuis avril 2025, le gadget lit purge_cache et _meta.ui à ui://widget/card")):
        quiz = root / "quizzes" / f"widget.{lang}.yml"
        text = quiz.read_text(encoding="utf-8")
        prompt = re.search(r'prompt: "([^"]*)"', text).group(1)
        quiz.write_text(text.replace(prompt, f"{extra}. {prompt}", 1), encoding="utf-8")
    out, key = tmp_path / "blind", tmp_path / "key.json"
    result = subprocess.run([sys.executable, str(PROJECT / "bench" / "mask_quizzes.py"), "--root", str(root), "--out", str(out),
                             "--key", str(key)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "masked questions: 3 (fr), 3 (en)" in result.stdout
    return out, key


def test_no_term_is_left_and_the_same_term_gets_the_same_word(tmp_path):
    out, key_file = masked(tmp_path)
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["masked.en.json", "masked.en.md", "masked.fr.json", "masked.fr.md"]
    for file in files:
        text = file.read_text(encoding="utf-8")
        for term in TERMS:
            assert term.lower() not in text.lower(), (file.name, term)
        assert "correct" not in text and "feedback" not in text and "Right:" not in text and "Exact" not in text
        assert "test-piece" not in text and "purpose" not in text            # no option or question id either
    key = json.loads(key_file.read_text(encoding="utf-8"))
    words = {word: found for word, found in key["words"].items()}
    gadget = [w for w, found in words.items() if "gadget" in [f.lower() for f in found]]
    assert len(gadget) == 1                   # one word for "gadget", whatever its case
    en = json.loads((out / "masked.en.json").read_text(encoding="utf-8"))["questions"]
    fr = json.loads((out / "masked.fr.json").read_text(encoding="utf-8"))["questions"]
    # "A tiny gadget." in all three EN questions, and the FR title and aliases of the entry: the same word.
    tiny = {o["text"] for q in en for o in q["options"] if o["text"].startswith("A tiny")}
    assert tiny == {f"A tiny {gadget[0]}."}
    assert {q["page"] for q in en} == {q["page"] for q in fr}        # Widget and Bidule are one entry: one word
    assert re.fullmatch(r"[A-Z][a-z]+", en[0]["page"])
    assert "Widget" in words[en[0]["page"].lower()] and "Bidule" in words[en[0]["page"].lower()]
    assert en[0]["prompt"].startswith(f"A {en[0]['page'].lower()} sends `")   # "A test widget" → "A <word>"; code stays code
    # options in the site's display order, labelled A, B…
    from lexigraph.render.quiz import display_order
    assert key["answers"]["en"]["en-01"]["options"] == {
        chr(65 + i): o["id"] for i, o in enumerate(display_order("widget", "what", [{"id": "test-piece"}, {"id": "gadget"}]))}


def test_score_blind_counts_right_answers_per_language(tmp_path):
    _out, key_file = masked(tmp_path)
    key = json.loads(key_file.read_text(encoding="utf-8"))["answers"]
    right = {lang: {ref: q["right"][0] for ref, q in qs.items()} for lang, qs in key.items()}
    wrong = {ref: ("B" if label == "A" else "A") for ref, label in right["fr"].items()}
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"en": right["en"], "fr": dict(list(wrong.items())[:2])}), encoding="utf-8")
    result = subprocess.run([sys.executable, str(PROJECT / "bench" / "score_blind.py"), str(answers), "--key", str(key_file), "--verbose"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "fr: 0/3 right (chance 1.5), 1 unanswered" in lines
    assert "en: 3/3 right (chance 1.5), 0 unanswered" in lines
    assert any(line.startswith("  missed fr-01 (widget/what): right ") for line in lines)
    answers.write_text(json.dumps({"en": {"en-09": "A", "en-01": "Z"}}), encoding="utf-8")
    bad = subprocess.run([sys.executable, str(PROJECT / "bench" / "score_blind.py"), str(answers), "--key", str(key_file)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert "score_blind: answers.en: 'en-09' is not a question of the key" in bad.stderr
    assert "score_blind: answers.en.en-01: Z is not an option (options: A, B)" in bad.stderr


def test_the_plain_copy_hides_nothing_and_keeps_the_masked_copy_s_numbering_and_key(tmp_path):
    out, key_file = masked(tmp_path)
    root = tmp_path / "lexicon"
    plain, plain_key = tmp_path / "plain", tmp_path / "plain-key.json"
    result = subprocess.run([sys.executable, str(PROJECT / "bench" / "mask_quizzes.py"), "--root", str(root), "--out", str(plain),
                             "--key", str(plain_key), "--plain"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "plain questions: 3 (fr), 3 (en)" in result.stdout
    text = (plain / "masked.en.md").read_text(encoding="utf-8")
    assert "A test widget sends `tools/call` with readOnlyHint over HTTP" in text       # the terms stay
    assert "made-up word" not in text and "correct" not in text and "feedback" not in text
    masked_key = json.loads(key_file.read_text(encoding="utf-8"))["answers"]
    assert json.loads(plain_key.read_text(encoding="utf-8"))["answers"] == masked_key
    masked_en = json.loads((out / "masked.en.json").read_text(encoding="utf-8"))["questions"]
    plain_en = json.loads((plain / "masked.en.json").read_text(encoding="utf-8"))["questions"]
    assert [q["ref"] for q in plain_en] == [q["ref"] for q in masked_en]
    assert plain_en[0]["prompt"] != masked_en[0]["prompt"]
