"""The surface cues of a quiz option that a test-wise reader sees without knowing the subject
(echo of the prompt or title, hedged or absolute wording, minimising and inclusive words,
length), and the deterministic cue-only solver that ``lexigraph check`` runs to count how many
questions those cues alone would answer.

The word lists are in ``lexigraph/data/`` (see content/wordlists.py); all matching ignores case
and `code` spans, except the echo, which also sees the words inside code spans (a right option
that repeats the prompt's `resources/list` is as much of a cue as one repeating a word).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lexigraph import LANGUAGES
from lexigraph.check.common import CODE_SPAN
from lexigraph.content import wordlists

_WORD = re.compile(r"\w+(?:-\w+)*")

# Light stemming: the longest matching suffix is dropped when at least 4 letters remain, so
# "agents" and "agent", "clicking" and "clicks", « appelées » and « appelé » meet.
_SUFFIXES = {
    "en": ("ing", "ies", "ed", "es", "s"),
    "fr": ("ements", "ement", "ées", "és", "ée", "es", "s", "x", "e"),
}
_MIN_STEM = 4


def words(text: str, keep_code: bool = False) -> list[str]:
    """Lowercase words of the text, apostrophes splitting words (l’hôte → l, hôte), hyphens not
    (read-only is one word); code spans dropped unless ``keep_code`` (then their words count,
    split at any punctuation: `tools/call` → tools, call)."""
    text = text if keep_code else CODE_SPAN.sub(" ", text)
    text = text.replace("`", " ").lower().replace("’", " ").replace("'", " ")
    return _WORD.findall(text.replace("_", " ") if keep_code else text)


def stem(word: str, lang: str) -> str:
    for suffix in _SUFFIXES[lang]:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _phrases(word_list: wordlists.WordList) -> dict[str, tuple[tuple[str, ...], ...]]:
    return _phrases_cached(word_list, wordlists.stamp(word_list))


@functools.lru_cache(maxsize=16)
def _phrases_cached(word_list: wordlists.WordList, _stamp: tuple) -> dict[str, tuple[tuple[str, ...], ...]]:
    data = wordlists.data(word_list)
    return {lang: tuple(p for p in (tuple(words(str(item))) for item in data.get(lang, [])) if p) for lang in LANGUAGES}


class _Index:
    """A list's phrases in one language, with what finding them needs: the words phrases start
    with and the most words a phrase has. Hashed by identity: one object per version of the list."""

    __slots__ = ("phrases", "starts", "longest")

    def __init__(self, phrases: tuple[tuple[str, ...], ...]):
        self.phrases = phrases
        self.starts = frozenset(p[0] for p in phrases)
        self.longest = max((len(p) for p in phrases), default=0)


def found(text: str, word_list: wordlists.WordList, lang: str) -> list[str]:
    """The phrases of the list that the text (outside code) holds, as written in the list's words."""
    index = _index(word_list, lang)
    if not index.phrases:
        return []
    return list(_found(text, index) if len(text) <= _MEMO_TEXT else _search(text, index))


_MEMO_TEXT = 2_000   # option and prompt texts are far shorter; a huge text is searched, not memoised


def _index(word_list: wordlists.WordList, lang: str) -> _Index:
    return _index_cached(word_list, lang, wordlists.stamp(word_list))


@functools.lru_cache(maxsize=32)
def _index_cached(word_list: wordlists.WordList, lang: str, _stamp: tuple) -> _Index:
    return _Index(_phrases(word_list)[lang])


@functools.lru_cache(maxsize=16384)
def _found(text: str, index: _Index) -> tuple[str, ...]:
    """Memoised: the checks and the solver ask about the same option texts several times a run."""
    return _search(text, index)


def _search(text: str, index: _Index) -> tuple[str, ...]:
    ws = words(text)
    runs = {tuple(ws[i:i + n]) for i, w in enumerate(ws) if w in index.starts for n in range(1, index.longest + 1)}
    return tuple(" ".join(p) for p in index.phrases if p in runs)


@functools.lru_cache(maxsize=8)
def _stopwords(lang: str, _stamp: tuple) -> frozenset[str]:
    return frozenset(w for phrase in _phrases(wordlists.STOPWORDS)[lang] for w in phrase)


def content_stems(text: str, lang: str) -> frozenset[str]:
    """The stems of the text's content words (code included): no stopword, no word of one letter
    or of digits only."""
    stamp = wordlists.stamp(wordlists.STOPWORDS)
    return _content_stems(text, lang, stamp) if len(text) <= _MEMO_TEXT else _stems(text, lang, stamp)


@functools.lru_cache(maxsize=16384)
def _content_stems(text: str, lang: str, stamp: tuple) -> frozenset[str]:
    """Memoised, keyed on the stopword list's version too."""
    return _stems(text, lang, stamp)


def _stems(text: str, lang: str, stamp: tuple) -> frozenset[str]:
    stop = _stopwords(lang, stamp)
    return frozenset(stem(w, lang) for w in words(text, keep_code=True) if w not in stop and len(w) > 1 and not w.isdigit())


def lists_digest() -> str:
    """Part of the cache key of per-file results that depend on the cue lists."""
    return "-".join(wordlists.digest(w) for w in (wordlists.ABSOLUTE_WORDS, wordlists.HEDGE_WORDS,
                                                   wordlists.MINIMISING_WORDS, wordlists.INCLUSIVE_WORDS, wordlists.STOPWORDS))


# --- wording of one option ----------------------------------------------------------------

HEDGED, ABSOLUTE, PLAIN = "hedged", "absolute", "plain"


def wording(text: str, lang: str) -> str:
    """hedged (a hedge word and no absolute word), absolute (the reverse) or plain (neither, or both)."""
    hedge, absolute = bool(found(text, wordlists.HEDGE_WORDS, lang)), bool(found(text, wordlists.ABSOLUTE_WORDS, lang))
    return HEDGED if hedge and not absolute else ABSOLUTE if absolute and not hedge else PLAIN


def echoes(question: dict, title: str, lang: str) -> list[frozenset[str]]:
    """Per option, its distinctive echo: the stems it shares with the prompt or the page title
    that no other option of the question holds."""
    stem_words = content_stems(question["prompt"], lang) | content_stems(title, lang)
    stems = [content_stems(o["text"], lang) for o in question["options"]]
    out = []
    for i, own in enumerate(stems):
        others = frozenset().union(*(s for j, s in enumerate(stems) if j != i))
        out.append(frozenset((own & stem_words) - others))
    return out


def singled_out_echo(question: dict, title: str, lang: str) -> tuple[int, frozenset[str]] | None:
    """(index, words) of the one option that has a distinctive echo, when exactly one has."""
    found_echoes = [(i, e) for i, e in enumerate(echoes(question, title, lang)) if e]
    return found_echoes[0] if len(found_echoes) == 1 else None


def as_written(text: str, stems: frozenset[str], lang: str) -> list[str]:
    """The words of the text whose stem is one of ``stems``, each once, in order (for messages)."""
    return list(dict.fromkeys(w for w in words(text, keep_code=True) if stem(w, lang) in stems))


# --- the cue-only solver -------------------------------------------------------------------

@dataclass(frozen=True)
class Scored:
    index: int
    score: int
    length: int


def visible_length(text: str) -> int:
    """Characters a reader sees: Markdown marks dropped, spaces collapsed."""
    return len(re.sub(r"\s+", " ", re.sub(r"[`*]", "", text)).strip())


def option_scores(question: dict, title: str, lang: str) -> list[int]:
    """What a test-wise reader holds for each option: +1 the longest, +1 the one distinctive echo
    of the prompt or title, +1 hedged and -1 absolute (only when the question mixes the two,
    as a reader compares), +1 inclusive ("both", « les deux »), -2 minimising ("little")."""
    options = question["options"]
    lengths = [visible_length(o["text"]) for o in options]
    scores = [0] * len(options)
    longest = max(lengths)
    if lengths.count(longest) == 1:
        scores[lengths.index(longest)] += 1
    echo = singled_out_echo(question, title, lang)
    if echo is not None:
        scores[echo[0]] += 1
    kinds = [wording(o["text"], lang) for o in options]
    if len(set(kinds)) > 1:
        for i, kind in enumerate(kinds):
            scores[i] += 1 if kind == HEDGED else -1 if kind == ABSOLUTE else 0
    for i, option in enumerate(options):
        if found(option["text"], wordlists.INCLUSIVE_WORDS, lang):
            scores[i] += 1
        if found(option["text"], wordlists.MINIMISING_WORDS, lang):
            scores[i] -= 2
    return scores


def solve(question: dict, title: str, lang: str) -> set[int]:
    """The options the solver picks, indexes into ``question["options"]`` as given (pass them in
    display order: a tie goes to the first). One option, or for a ``multiple`` question every
    option that scores above zero (the best one if none does)."""
    scores = option_scores(question, title, lang)
    if question.get("multiple"):
        picked = {i for i, s in enumerate(scores) if s > 0}
        if picked:
            return picked
    best = max(scores)
    return {scores.index(best)}


def solved(question: dict, title: str, lang: str) -> bool:
    right = {i for i, o in enumerate(question["options"]) if o.get("correct")}
    return solve(question, title, lang) == right


def chance(question: dict) -> float:
    """The probability that a uniform guess is right (one option; for a multiple question, 1/n too)."""
    return 1 / len(question["options"])
