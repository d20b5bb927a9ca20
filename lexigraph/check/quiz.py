"""Quiz checks beyond the schema: answer cues (warnings; errors with ``check --strict``) and
``teaches`` anchors (errors). A quiz should measure understanding, not test-taking skill:
a reader must not find the right option by its length, by a distractor's absolute word, or
because the same question was already asked on another entry.

Only schema-valid quiz documents of readable entries are looked at, so every value has the
type the schema promises; prose files are read defensively (they may be invalid).
"""

from __future__ import annotations

import functools
import math
import re
import statistics
from collections import Counter, defaultdict
from typing import Any, Iterator

from lexigraph import LANGUAGES
from lexigraph.check.common import CODE_SPAN
from lexigraph.check.schema import check_shape
from lexigraph.content import wordlists
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import CROSS, QUIZ_CUES, Problem, close_matches

# The right option may be at most this many times the mean length of the distractors.
# Chosen from the data: in the 30 questions of the first ten entries (FR and EN), a
# distractor's length against the mean of the other distractors of its question, which
# carries no cue, has a median of 1.00 and a 75th percentile of 1.22; so a right option up
# to 1.25 × is as long as a quarter of ordinary wrong options are, and no longer stands out.
# (Writers are told "≤ 1.2 × is safe", which stays true.) The right options of those
# questions had a median of 1.4 × and reached 2.65 ×: 34 of the 60 were above 1.25.
LENGTH_RATIO = 1.25
# In at most this many of an entry's questions may a right option be the longest one.
MAX_LONGEST = 1
# Two questions are near-identical when their prompt and right answer(s), as sets of
# normalised words, have a Jaccard index at least this high. On the first ten entries, the
# one known duplicate (mcp-apps apps-or-webmcp, webmcp webmcp-or-mcp-apps) scores 0.33 in
# FR and 0.36 in EN; the closest distinct pair scores 0.21 in FR and 0.28 in EN.
SIMILARITY = 0.30


# Words too common to tell two questions apart (plus every word of one or two letters).
_STOPWORDS = frozenset("""
    the and for with that this what which its are was from into your you not does can has have
    their there one two then than how who why when where whose will would could should
    les des une est que qui dans pour par sur son ses avec quoi quel quelle quels quelles pas
    elle ils aux cette ces leur leurs mais donc car est-ce être avoir fait
""".split())


def _problem(doc: YamlDoc, path: tuple, message: str, kind: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message, kind)


def absolute_words() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Per language, the absolute words and phrases (each a tuple of words), from the data file
    (none while the list is broken: check says why)."""
    return _absolute_words(wordlists.stamp(wordlists.ABSOLUTE_WORDS))


@functools.lru_cache(maxsize=4)
def _absolute_words(_stamp: tuple) -> dict[str, tuple[tuple[str, ...], ...]]:
    data = wordlists.data(wordlists.ABSOLUTE_WORDS)
    return {lang: tuple(tuple(_words(str(item))) for item in data.get(lang, [])) for lang in LANGUAGES}


def _word_list_digest() -> str:
    return wordlists.digest(wordlists.ABSOLUTE_WORDS)


def _words(text: str) -> list[str]:
    """Lowercase words of the text outside `code`, apostrophes splitting words (l’hôte → l, hôte),
    hyphens not (read-only is one word, not 'only')."""
    return re.findall(r"\w+(?:-\w+)*", CODE_SPAN.sub(" ", text).lower().replace("’", " ").replace("'", " "))


def visible_length(text: str) -> int:
    """Characters a reader sees: Markdown marks dropped, spaces collapsed."""
    return len(re.sub(r"\s+", " ", re.sub(r"[`*]", "", text)).strip())


def _tokens(text: str) -> frozenset[str]:
    """Normalised words for comparing questions: no short or common words, a final plural s dropped."""
    words = (w for w in _words(text) if len(w) >= 3 and w not in _STOPWORDS)
    return frozenset(w[:-1] if len(w) > 4 and w.endswith("s") else w for w in words)


def valid_quizzes(corpus: Corpus) -> Iterator[tuple[Entry, str, YamlDoc]]:
    """(entry, language, quiz) for every quiz document that passes its schema."""
    for entry in corpus.entries.values():
        if not entry.ok:
            continue
        for lang in LANGUAGES:
            doc = entry.quiz.get(lang)
            if doc is not None and schema_valid(corpus, doc, "quiz"):
                yield entry, lang, doc


def schema_valid(corpus: Corpus, doc: YamlDoc | None, schema: str) -> bool:
    """The document parsed to a mapping and passes its schema (the result check/validate.py caches)."""
    return (doc is not None and isinstance(doc.data, dict)
            and not corpus.memo(doc, f"schema:{schema}", lambda: check_shape(doc, schema))[0])


def _right_and_wrong(question: dict) -> tuple[list[dict], list[dict]]:
    options = question["options"]
    return [o for o in options if o.get("correct")], [o for o in options if not o.get("correct")]


# --- answer cues (warnings) ---------------------------------------------------------------

def cue_problems(corpus: Corpus) -> list[Problem]:
    """Length cues, absolute words in distractors and near-identical questions."""
    quizzes = list(valid_quizzes(corpus))
    out: list[Problem] = []
    for _entry, lang, doc in quizzes:
        # Keyed on the word list too: a word added to it must reach cached files.
        out += corpus.memo(doc, f"quiz-cues:{_word_list_digest()}", lambda d=doc, l=lang: _length_problems(d) + _absolute_problems(d, l))
    out += _duplicate_problems(quizzes)
    return out


def _length_problems(doc: YamlDoc) -> list[Problem]:
    out = []
    longest = []
    for qi, question in enumerate(doc.data["questions"]):
        right, wrong = _right_and_wrong(question)
        if not right or not wrong:
            continue                       # the cross-entry checks report the answer count
        right_mean = statistics.mean(visible_length(o["text"]) for o in right)
        wrong_mean = statistics.mean(visible_length(o["text"]) for o in wrong)
        ratio = right_mean / max(wrong_mean, 1)
        if ratio > LENGTH_RATIO:
            first = question["options"].index(right[0])
            out.append(_problem(doc, ("questions", qi, "options", first, "text"),
                                f"question '{question['id']}': the right option is {ratio:.2f} × the mean length of the "
                                f"distractors (at most {LENGTH_RATIO}); a reader can pick it by its length: shorten it "
                                "or make the distractors as specific", QUIZ_CUES))
        if max(visible_length(o["text"]) for o in right) > max(visible_length(o["text"]) for o in wrong):
            longest.append(question["id"])
    if len(longest) > MAX_LONGEST:
        names = ", ".join(f"'{qid}'" for qid in longest)
        out.append(_problem(doc, ("questions",), f"the right option is the longest in {len(longest)} questions ({names}); "
                            f"at most {MAX_LONGEST} may be, or the longest option becomes a cue", QUIZ_CUES))
    return out


def _absolute_problems(doc: YamlDoc, lang: str) -> list[Problem]:
    out = []
    phrases = absolute_words()[lang]
    for qi, question in enumerate(doc.data["questions"]):
        for oi, option in enumerate(question["options"]):
            if option.get("correct"):
                continue
            words = _words(option["text"])
            found = [" ".join(p) for p in phrases if p and any(tuple(words[i:i + len(p)]) == p for i in range(len(words)))]
            if found:
                listed = ", ".join(f"'{w}'" for w in found)
                out.append(_problem(doc, ("questions", qi, "options", oi, "text"),
                                    f"question '{question['id']}': this distractor uses the absolute word{'s' if len(found) > 1 else ''} "
                                    f"{listed} (see {wordlists.ABSOLUTE_WORDS.file}); a reader rules it out without knowing "
                                    "the answer: make it wrong for a real reason", QUIZ_CUES))
    return out


def _duplicate_problems(quizzes: list[tuple[Entry, str, YamlDoc]]) -> list[Problem]:
    """Each near-identical pair once, on the second question (by file, then position)."""
    out = []
    for lang in LANGUAGES:
        questions = []
        for _entry, qlang, doc in sorted(quizzes, key=lambda q: q[2].path):
            if qlang != lang:
                continue
            for qi, question in enumerate(doc.data["questions"]):
                right, _ = _right_and_wrong(question)
                text = " ".join([question["prompt"], *(o["text"] for o in right)])
                questions.append((doc, qi, question["id"], _tokens(text)))
        for i, j, similarity in _similar_pairs([q[3] for q in questions]):
            (doc_a, _qa, id_a, _a), (doc_b, qb, id_b, _b) = questions[i], questions[j]
            where = "in this file" if doc_a.path == doc_b.path else f"in {doc_a.path}"
            out.append(_problem(doc_b, ("questions", qb),
                                f"question '{id_b}' is near-identical to question '{id_a}' {where}: their prompts and right "
                                f"answers share {similarity:.0%} of their words (at most {SIMILARITY:.0%}); ask about "
                                "something else", QUIZ_CUES))
    return out


def _similar_pairs(sets: list[frozenset[str]]) -> list[tuple[int, int, float]]:
    """Pairs (i < j) with a Jaccard index ≥ SIMILARITY, by prefix filtering (not all n² pairs):
    with words ordered rarest first, two such sets share a word among the first
    len - ceil(SIMILARITY × len) + 1 words of each."""
    frequency = Counter(word for words in sets for word in words)
    index: dict[str, list[int]] = defaultdict(list)
    pairs = []
    for j, words in enumerate(sets):
        ordered = sorted(words, key=lambda w: (frequency[w], w))
        prefix = ordered[:len(ordered) - math.ceil(SIMILARITY * len(ordered) - 1e-9) + 1]
        candidates = {i for word in prefix for i in index[word]}
        for i in sorted(candidates):
            similarity = len(sets[i] & words) / len(sets[i] | words)
            if similarity >= SIMILARITY:
                pairs.append((i, j, similarity))
        for word in prefix:
            index[word].append(j)
    return pairs


# --- teaches (errors) -----------------------------------------------------------------------

def teaches_values(entry: Entry) -> list[str]:
    """Every ``teaches`` value that names something of the entry: its sections as fr.yml lists
    them, its steps and examples as entry.yml does. That each language has them too is what
    check/entries.py's FR/EN checks verify, so together both languages have every anchor, and a
    language missing a section is reported once, there."""
    def ids(value: Any) -> list[str]:
        return [str(x.get("id")) for x in value if isinstance(x, dict)] if isinstance(value, list) else []

    return (["definition", "not", "what-varies"] + [f"in-depth/{i}" for i in ids(entry.text("fr", "in_depth"))]
            + [f"under-the-hood/{i}" for i in ids(entry.fact("steps"))] + [f"examples/{i}" for i in ids(entry.fact("examples"))])


def teaches_problems(corpus: Corpus) -> list[Problem]:
    """Each question's ``teaches`` names a section, step or example of its entry, the same in FR and EN."""
    out = []
    valid = {(entry.id, lang): doc for entry, lang, doc in valid_quizzes(corpus)}
    for (entry_id, lang), doc in valid.items():
        entry = corpus.entries[entry_id]
        if not (schema_valid(corpus, entry.facts, "entry") and schema_valid(corpus, entry.prose["fr"], "entry-lang")):
            continue                       # their own errors say what is wrong; no echo here
        known = teaches_values(entry)
        for qi, question in enumerate(doc.data["questions"]):
            teaches = question.get("teaches")
            if teaches is None or teaches in known:
                continue
            close = close_matches(teaches, known)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            out.append(_problem(doc, ("questions", qi, "teaches"),
                                f"question '{question['id']}': '{teaches}' is not a section, step or example of the entry '{entry_id}'{hint}", CROSS))
    for entry_id in {entry_id for entry_id, _ in valid}:
        fr, en = valid.get((entry_id, "fr")), valid.get((entry_id, "en"))
        if fr is None or en is None:
            continue
        in_fr = {q["id"]: q.get("teaches") for q in fr.data["questions"]}
        for qi, question in enumerate(en.data["questions"]):
            if question["id"] in in_fr and question.get("teaches") != in_fr[question["id"]]:
                out.append(_problem(en, ("questions", qi, "teaches"),
                                    f"question '{question['id']}' teaches '{question.get('teaches')}' here but "
                                    f"'{in_fr[question['id']]}' in {fr.path} (both languages link to the same place)", CROSS))
    return out
