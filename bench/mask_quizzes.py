"""Masked copy of every quiz question, per language, for a blind reader (issue 21, item 5a).

Every term of the lexicon is replaced by a made-up pronounceable word, the same word for the
same term everywhere in the output (and in both languages: an entry's title and aliases in FR
and EN are one term): entry titles and aliases (entries/*/fr.yml, en.yml), anything in
backticks, CamelCase and snake_case identifiers, method names such as tools/call, dotted
names, acronyms (MCP, HTTP), a short list of product and protocol names the entries do not
title (EXTRA_TERMS), dates, months with a year, and version strings. The options are in the
site's display order (render/quiz.py), labelled A, B, C…, without `correct`, feedback or ids,
and questions are numbered en-01, en-02… (their ids would name the subject).

    .venv/bin/python bench/mask_quizzes.py [--root .] [--out bench/out/blind] [--key bench/out/blind-key.json]

writes OUT/masked.<lang>.md (to hand to a reader) and OUT/masked.<lang>.json, and the key,
kept apart so the folder can be handed over without it: per language, each question's right
labels and its real quiz and question ids, plus the made-up words and the terms they hide.
Score a reader's answers with bench/score_blind.py. With --plain, nothing is masked (same numbering, order
and key): the copy for the unmasked reader, who answers with general developer knowledge only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lexigraph import LANGUAGES  # noqa: E402
from lexigraph.content.load import load_corpus  # noqa: E402
from lexigraph.render.quiz import display_order  # noqa: E402

# Names the quizzes use that no entry titles: protocols, products, formats.
EXTRA_TERMS = ["HTTP", "HTTPS", "Streamable HTTP", "SSE", "Server-Sent Events", "stdio", "OAuth", "JSON", "Chromium",
               "Chrome", "Claude", "Claude Code", "Claude Desktop", "ChatGPT", "OpenAI", "Anthropic", "Google", "Python", "Node",
               "npm", "TypeScript", "JavaScript", "GitHub", "REST", "URL", "URI", "iframe", "WebSocket", "SDK", "Cursor",
               "VS Code", "curl", "Pydantic", "FastMCP", "Linux", "macOS", "Windows"]
MONTHS = ("january february march april may june july august september october november december "
          "janvier février mars avril mai juin juillet août septembre octobre novembre décembre").split()

_CONSONANTS = "bdfgklmnprstvz"
_VOWELS = "aeiou"

# Spans masked before words, most specific first; each is one term, written as found.
_PATTERNS = [
    ("code", re.compile(r"``(.+?)``|`([^`]+)`", re.S)),
    ("url", re.compile(r"\b[a-z][a-z0-9+.-]*://\S*[\w/]")),
    ("date", re.compile(r"\b\d{4}-\d{2}(?:-\d{2})?\b|\b(?:\d{1,2}(?:er)?\s+)?(?:" + "|".join(MONTHS) + r")\s+\d{4}\b", re.I)),
    ("version", re.compile(r"\bv\d+(?:[.-]\d+)+\b|\b\d+\.\d+(?:\.\d+)+\b|\bv\d+\b")),
    ("year", re.compile(r"\b(?:19|20)\d{2}\b")),
    ("method", re.compile(r"\b[A-Za-z_]\w*(?:/[A-Za-z_]\w*)+\b")),
    ("dotted", re.compile(r"\b_?[A-Za-z]\w+(?:\.[A-Za-z_]\w*)+\b(?!\.\w)")),
    ("snake", re.compile(r"\b_?[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")),
    ("camel", re.compile(r"\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z0-9]+[A-Z]\w*\b")),
]
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]*[A-Z0-9](?:-[A-Z0-9]+)*s?\b")


class Masker:
    """Made-up words for terms, consistent across every text it masks."""

    def __init__(self, entry_terms: dict[str, list[str]]):
        self.words: dict[str, str] = {}          # term key → made-up word
        self.hidden: dict[str, set[str]] = {}    # made-up word → the terms as found
        # One key per entry: its titles and aliases in every language are one term.
        self.terms = sorted([(t, f"entry:{entry}") for entry, terms in entry_terms.items() for t in terms]
                            + [(t, f"extra:{t.lower()}") for t in EXTRA_TERMS], key=lambda x: -len(x[0]))
        alternatives = "|".join(re.escape(t).replace("\\ ", r"\s+").replace("’", "[’']").replace("'", "[’']") for t, _ in self.terms)
        self.term_re = re.compile(rf"(?<!\w)(?:{alternatives})(?:s|es)?(?!\w)", re.I)
        self.lookup = {self._norm(t): key for t, key in self.terms}

    @staticmethod
    def _norm(term: str) -> str:
        return re.sub(r"\s+", " ", term.lower().replace("’", "'"))

    def word(self, key: str, found: str) -> str:
        if key not in self.words:
            taken = set(self.words.values())
            digest = hashlib.sha256(key.encode()).digest()
            n, syllables = 0, 3
            while True:
                candidate = "".join(_CONSONANTS[digest[(n + 2 * i) % 32] % len(_CONSONANTS)] + _VOWELS[digest[(n + 2 * i + 1) % 32] % len(_VOWELS)]
                                    for i in range(syllables))
                if candidate not in taken:
                    break
                n += 1
                syllables += n % 2
            self.words[key] = candidate
        self.hidden.setdefault(self.words[key], set()).add(found)
        return self.words[key]

    def _term_key(self, found: str) -> str:
        norm = self._norm(found)
        for candidate in (norm, norm[:-1], norm[:-2]):
            if candidate in self.lookup:
                return self.lookup[candidate]
        raise KeyError(found)

    def mask(self, text: str) -> str:
        slots: list[str] = []

        def slot(word: str) -> str:
            slots.append(word)
            return f"\ue000{len(slots) - 1}\ue001"

        def styled(word: str, found: str, plural: bool = False) -> str:
            word = word.capitalize() if found[:1].isupper() else word
            return word + ("s" if plural else "")

        for kind, pattern in _PATTERNS:
            def replace(match: re.Match, kind=kind) -> str:
                found = match.group(0)
                if kind == "method" and found.lower() in ("and/or", "et/ou"):
                    return found
                if kind == "code":
                    inner = match.group(1) or match.group(2)
                    return slot(f"`{self.word(f'code:{inner.strip()}', found)}`")
                return slot(styled(self.word(f"{kind}:{found.lower()}", found), found))
            text = pattern.sub(replace, text)

        def replace_term(match: re.Match) -> str:
            found = match.group(0)
            key = self._term_key(found)
            base = self._norm(found)
            plural = base not in self.lookup
            return slot(styled(self.word(key, found), found, plural))
        text = self.term_re.sub(replace_term, text)

        def replace_acronym(match: re.Match) -> str:
            found = match.group(0)
            plural = found.endswith("s") and found[:-1].isupper()
            base = found[:-1] if plural else found
            return slot(styled(self.word(f"acronym:{base}", found), found, plural))
        text = _ACRONYM.sub(replace_acronym, text)
        # Made-up words start with a consonant: "an MCP server" becomes "a Gabude server", so the
        # article does not tell that the hidden term starts with a vowel sound.
        text = re.sub("\\b([Aa])n(\\s+\ue000)", r"\1\2", text)
        return re.sub("\ue000(\\d+)\ue001", lambda m: slots[int(m.group(1))], text)


def entry_terms(corpus) -> dict[str, list[str]]:
    """Per entry id: its titles and aliases in every language, and its id when it reads as a word."""
    out: dict[str, list[str]] = {}
    for entry in corpus.entries.values():
        terms = [entry.id] if "-" in entry.id or len(entry.id) <= 4 else []
        for lang in LANGUAGES:
            title = entry.text(lang, "title")
            aliases = entry.text(lang, "aliases") or []
            terms += [t for t in [title, *aliases] if isinstance(t, str) and re.search(r"\w", t)]
        out[entry.id] = list(dict.fromkeys(terms))
    return out


class Plain:
    """A Masker that hides nothing: the questions as a reader of the site sees them (issue 21, item 5b)."""

    hidden: dict = {}

    def mask(self, text: str) -> str:
        return text


def masked_questions(root: Path, plain: bool = False) -> tuple[dict[str, list[dict]], dict]:
    """(per language, the masked questions; the key). With plain, nothing is hidden: the same numbering,
    order and key, for the unmasked blind reader."""
    corpus = load_corpus(root)
    masker = Plain() if plain else Masker(entry_terms(corpus))
    entries = sorted(corpus.entries.values(), key=lambda e: (e.fact("number") if isinstance(e.fact("number"), int) else 0, e.id))
    out: dict[str, list[dict]] = {}
    key: dict = {"answers": {}, "words": {}}
    for lang in LANGUAGES:
        questions, answers = [], {}
        for entry in entries:
            doc = entry.quiz.get(lang)
            if doc is None or not isinstance(doc.data, dict):
                continue
            page = masker.mask(str(entry.text(lang, "title") or entry.id))
            for question in doc.data.get("questions") or []:
                ref = f"{lang}-{len(questions) + 1:02d}"
                options = display_order(entry.id, str(question["id"]), list(question["options"]))
                labels = [chr(ord("A") + i) for i in range(len(options))]
                questions.append({"ref": ref, "page": page, "prompt": masker.mask(str(question["prompt"])).strip(),
                                  "multiple": bool(question.get("multiple")),
                                  "options": [{"label": label, "text": masker.mask(str(o["text"])).strip()} for label, o in zip(labels, options, strict=True)]})
                answers[ref] = {"right": [label for label, o in zip(labels, options, strict=True) if o.get("correct")],
                                "quiz": entry.id, "question": question["id"], "options": {label: o["id"] for label, o in zip(labels, options, strict=True)}}
        out[lang] = questions
        key["answers"][lang] = answers
    key["words"] = {word: sorted(found) for word, found in sorted(masker.hidden.items())}
    return out, key


def markdown(lang: str, questions: list[dict], plain: bool = False) -> str:
    head = {"fr": ("Questions masquées", "Chaque terme du lexique est remplacé par un mot inventé, le même partout. "
                   "Choisissez une option par question (plusieurs quand c’est indiqué)."),
            "en": ("Masked questions", "Every term of the lexicon is replaced by a made-up word, the same one everywhere. "
                   "Pick one option per question (several where it says so).")}[lang]
    if plain:
        head = {"fr": ("Questions", "Choisissez une option par question (plusieurs quand c’est indiqué)."),
                "en": ("Questions", "Pick one option per question (several where it says so).")}[lang]
    several = {"fr": " (plusieurs réponses)", "en": " (several answers)"}[lang]
    page = {"fr": "page", "en": "page"}[lang]
    lines = [f"# {head[0]} ({lang})", "", head[1], ""]
    for q in questions:
        lines += [f"## {q['ref']} · {page}: {q['page']}{several if q['multiple'] else ''}", "", q["prompt"], ""]
        lines += [f"- **{o['label']}.** {o['text']}" for o in q["options"]] + [""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(ROOT), help="the lexicon (default: this project)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "blind"), help="folder for masked.<lang>.md/.json")
    parser.add_argument("--key", default=str(ROOT / "bench" / "out" / "blind-key.json"), help="where the key goes (keep it apart)")
    parser.add_argument("--plain", action="store_true",
                        help="hide nothing: the questions as the site shows them, same numbering and key (unmasked reader)")
    args = parser.parse_args(argv)
    questions, key = masked_questions(Path(args.root), plain=args.plain)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang, qs in questions.items():
        (out / f"masked.{lang}.json").write_text(json.dumps({"lang": lang, "questions": qs}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        (out / f"masked.{lang}.md").write_text(markdown(lang, qs, plain=args.plain), encoding="utf-8")
    Path(args.key).parent.mkdir(parents=True, exist_ok=True)
    Path(args.key).write_text(json.dumps(key, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    counts = ", ".join(f"{len(qs)} ({lang})" for lang, qs in questions.items())
    print(f"{'plain' if args.plain else 'masked'} questions: {counts} in {out}/masked.<lang>.md/.json; key in {args.key}; {len(key['words'])} made-up words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
