"""Generate a synthetic lexicon of N entries by cloning the real ones, for benchmarks.

    .venv/bin/python bench/generate.py N OUT_DIR

Entry ``i`` (0-based) clones real entry ``i % 10`` (sorted by id) as ``s<i+1:04d>-<id>``, number
``i + 1``, slug ``<slug>-<i+1>``, title ``<title> <i+1>`` and aliases ``<alias> <i+1>`` in each language. Entries are
cloned in groups of ten (one clone of each real entry); every link (relations,
shown_elsewhere, quiz ``describes``) points to the clone of its real target in the same
group, so symmetric ``often_confused_with`` pairs stay symmetric. In an incomplete last
group, a symmetric link whose partner is missing is dropped and other links point to group
0's clone. Steps keep referencing the real snippet files (``snippets/`` is copied whole);
``specs.yml`` is copied. Clones after the first group get made-up words (same lengths) in
their quiz prompts and right answers, since check flags a question repeated across entries.
The result passes ``lexigraph --root OUT_DIR check``.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fr", "en")
SYMMETRIC = ("often_confused_with",)
MAX_NUMBER = 9999


def _read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write(path: Path, data, schema: str) -> None:
    header = f"# yaml-language-server: $schema={schema}\n"
    path.write_text(header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")


class Lexicon:
    """The clone plan: which synthetic id stands for which real entry in which group."""

    def __init__(self, real_ids: list[str], size: int):
        self.real_ids = real_ids
        self.size = size

    def clone_id(self, index: int) -> str:
        return f"s{index + 1:04d}-{self.real_ids[index % len(self.real_ids)]}"

    def target(self, index: int, real_target: str, symmetric: bool = False) -> str | None:
        """The clone of ``real_target`` that entry ``index`` links to, or None to drop the link."""
        group_start = index - index % len(self.real_ids)
        candidate = group_start + self.real_ids.index(real_target)
        if candidate < self.size:
            return self.clone_id(candidate)
        if symmetric:
            return None
        fallback = self.real_ids.index(real_target)
        return self.clone_id(fallback) if fallback < self.size else None


def generate(size: int, out: Path, source: Path = ROOT) -> list[str]:
    """Write ``size`` entries into ``out`` (entries/, quizzes/, snippets/, specs.yml); return their ids."""
    if not 1 <= size <= MAX_NUMBER:
        raise ValueError(f"size must be between 1 and {MAX_NUMBER} (entry numbers are capped at {MAX_NUMBER})")
    real_ids = sorted(p.name for p in (source / "entries").iterdir() if (p / "entry.yml").is_file())
    plan = Lexicon(real_ids, size)
    for name in ("entries", "quizzes", "snippets"):
        shutil.rmtree(out / name, ignore_errors=True)
    (out / "quizzes").mkdir(parents=True)
    shutil.copytree(source / "snippets", out / "snippets", ignore=shutil.ignore_patterns("__pycache__"))
    if (source / "support").is_dir():             # the probes and their results: the clones' support claims are checked
        shutil.rmtree(out / "support", ignore_errors=True)
        shutil.copytree(source / "support", out / "support", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(source / "specs.yml", out / "specs.yml")
    real = {rid: _load_real(source, rid) for rid in real_ids}
    ids = []
    for index in range(size):
        facts, prose, quizzes = real[real_ids[index % len(real_ids)]]
        ids.append(_write_clone(out, plan, index, facts, prose, quizzes))
    return ids


def _load_real(source: Path, rid: str):
    folder = source / "entries" / rid
    facts = _read(folder / "entry.yml")
    prose = {lang: _read(folder / f"{lang}.yml") for lang in LANGUAGES}
    quizzes = {lang: _read(source / "quizzes" / f"{facts['quiz']}.{lang}.yml") for lang in LANGUAGES}
    return facts, prose, quizzes


def _write_clone(out: Path, plan: Lexicon, index: int, facts: dict, prose: dict, quizzes: dict) -> str:
    new_id = plan.clone_id(index)
    facts = yaml.safe_load(yaml.safe_dump(facts))          # deep copy
    facts.update(id=new_id, number=index + 1, quiz=new_id)
    if facts.get("concepts"):
        facts["concepts"] = [f"{c}-{index + 1}" for c in facts["concepts"]]
    for feature in facts.get("support") or []:      # a feature id names one feature of the lexicon: number the clones'
        feature["feature"] = f"{feature['feature']}-{index + 1}"
    # A clone has no archive: it lists only its current version (a listed past version needs its archive).
    facts["versions"] = [v for v in facts.get("versions", []) if v.get("version") == facts.get("version")]
    relations = {}
    for kind, targets in facts.get("relations", {}).items():
        mapped = [plan.target(index, t, kind in SYMMETRIC or kind in ("part_of", "has_part")) for t in targets]   # both ends in one group
        if any(mapped):
            relations[kind] = [m for m in mapped if m]
    facts["relations"] = relations
    if facts.get("same_program_as"):       # symmetric, like often_confused_with: both ends in one group
        same = [plan.target(index, t, True) for t in facts["same_program_as"]]
        facts["same_program_as"] = [m for m in same if m]
        if not facts["same_program_as"]:
            del facts["same_program_as"]
    if isinstance(facts.get("deprecated"), dict):
        replaced = [plan.target(index, t) for t in facts["deprecated"].get("replaced_by", [])]
        facts["deprecated"]["replaced_by"] = [m for m in replaced if m]
    shown = {t: plan.target(index, t) for t in facts.get("shown_elsewhere", [])}
    facts["shown_elsewhere"] = [m for m in shown.values() if m]
    folder = out / "entries" / new_id
    folder.mkdir(parents=True)
    _write(folder / "entry.yml", facts, "../../lexigraph/schemas/entry.schema.json")
    for lang in LANGUAGES:
        text = dict(prose[lang])
        text.update(slug=f"{text['slug']}-{index + 1}", title=f"{text['title']} {index + 1}")
        if isinstance(text.get("versions"), dict):
            text["versions"] = {k: v for k, v in text["versions"].items() if k == facts.get("version")}
        if text.get("aliases"):     # an alias names one entry only: number the clones' aliases like their titles
            text["aliases"] = [f"{alias} {index + 1}" for alias in text["aliases"]]
        reasons = text.get("shown_elsewhere", {})
        text["shown_elsewhere"] = {shown[t]: reasons[t] for t in reasons if shown.get(t)}
        _write(folder / f"{lang}.yml", text, "../../lexigraph/schemas/entry-lang.schema.json")
        _write(out / "quizzes" / f"{new_id}.{lang}.yml", _clone_quiz(plan, index, new_id, quizzes[lang]),
               "../lexigraph/schemas/quiz.schema.json")
    return new_id


def _clone_quiz(plan: Lexicon, index: int, new_id: str, quiz: dict) -> dict:
    quiz = yaml.safe_load(yaml.safe_dump(quiz))
    quiz["entry"] = new_id
    for question in quiz["questions"]:
        if question.get("concept"):          # one idea per clone: at most two questions share a concept
            question["concept"] = f"{question['concept']}-{index + 1}"
        if index >= len(plan.real_ids):     # later groups: same shape, other words (check flags repeated questions)
            question["prompt"] = _reword(question["prompt"], index)
            for option in question["options"]:   # every option, so no option alone echoes the reworded prompt
                option["text"] = _reword(option["text"], index)
        for option in question["options"]:
            if "describes" in option:
                target = plan.target(index, option["describes"])
                if target:
                    option["describes"] = target
                else:
                    del option["describes"]
    return quiz


def _reword(text: str, index: int) -> str:
    """``text`` with each word outside `code` replaced by a made-up word of the same length."""
    def word(match: re.Match) -> str:
        digest = hashlib.sha256(f"{index}:{match.group(0)}".encode()).digest()
        return "".join(chr(ord("a") + b % 26) for b in digest[:len(match.group(0))]).ljust(len(match.group(0)), "x")
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(p if i % 2 else re.sub(r"[^\W\d_]+", word, p) for i, p in enumerate(parts))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int, help=f"number of entries (1–{MAX_NUMBER})")
    parser.add_argument("out", type=Path, help="folder to write entries/, quizzes/, snippets/, specs.yml into")
    args = parser.parse_args()
    ids = generate(args.size, args.out)
    print(f"generated {len(ids)} entries in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
