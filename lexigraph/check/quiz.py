"""Quiz checks beyond the schema: answer cues (warnings; errors with ``check --strict``),
``teaches`` anchors and ``concept`` ids (errors; an entry's concept no question tests is a
warning). A quiz should measure understanding, not test-taking skill: a reader must not find
the right option by its length, by its echo of the prompt, by a hedge set against absolute
distractors, by a dismissive distractor, or because the same idea was already asked twice.
The cues themselves, and the cue-only solver whose score check prints, are in check/cues.py.

Only schema-valid quiz documents of readable entries are looked at, so every value has the
type the schema promises; prose files are read defensively (they may be invalid).
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from lexigraph import LANGUAGES
from lexigraph.check import cues
from lexigraph.check.common import CODE_SPAN
from lexigraph.content import wordlists
from lexigraph.content.model import Corpus, Entry
from lexigraph.content.option_order import display_order
from lexigraph.content.schema import check_shape
from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import CONCEPTS, CROSS, QUIZ_CUES, Problem, close_matches

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

# Across a language's quizzes, hedging (or absolute wording) marks the right options when the
# share of right options that are hedged and the share of distractors that are differ by more
# than this (or the same for absolute wording), in either direction. On today's 66 EN questions
# (before the rewrite of wave 12) right options were hedged about three times as often as
# distractors; a difference of 0.15 is over twice the standard error of such a difference on
# 66 right options and 140 distractors, so a balanced lexicon stays under it by chance.
BALANCE = 0.15


def cue_problems(corpus: Corpus) -> list[Problem]:
    """Length cues, an echo of the prompt or title, a hedge set against absolute wording, minimising
    words, the lexicon-wide balance of hedged and absolute wording, and near-identical questions."""
    quizzes = list(valid_quizzes(corpus))
    out: list[Problem] = []
    key = f"quiz-cues:{cues.lists_digest()}"
    for entry, lang, doc in quizzes:
        title = _title(entry, lang)
        # Keyed on the word lists and the title too: a word added to a list must reach cached files.
        out += corpus.memo(doc, f"{key}:{title}", lambda d=doc, lg=lang, t=title: (
            _length_problems(d) + _hedge_problems(d, lg) + _minimising_problems(d, lg) + _echo_problems(d, lg, t)))
    out += _balance_problems(quizzes)
    out += _duplicate_problems(quizzes)
    return out


def _title(entry: Entry, lang: str) -> str:
    title = entry.text(lang, "title")
    return title if isinstance(title, str) else ""


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


def _listed(words: list[str] | frozenset[str]) -> str:
    return ", ".join(f"'{w}'" for w in sorted(words))


def _hedge_problems(doc: YamlDoc, lang: str) -> list[Problem]:
    """A hedged right option among distractors that are all absolute: the reader picks the qualified claim.
    (This replaces the former warning on any absolute word in a distractor: the standard now wants some
    absolute right answers and some hedged distractors, which _balance_problems weighs lexicon-wide.)"""
    out = []
    for qi, question in enumerate(doc.data["questions"]):
        right, wrong = _right_and_wrong(question)
        if len(right) != 1 or not wrong:
            continue
        if cues.wording(right[0]["text"], lang) == cues.HEDGED and all(cues.wording(o["text"], lang) == cues.ABSOLUTE for o in wrong):
            hedges = cues.found(right[0]["text"], wordlists.HEDGE_WORDS, lang)
            oi = question["options"].index(right[0])
            out.append(_problem(doc, ("questions", qi, "options", oi, "text"),
                                f"question '{question['id']}': the right option is hedged ({_listed(hedges)}) and every "
                                f"distractor is absolute (see {wordlists.HEDGE_WORDS.file}, {wordlists.ABSOLUTE_WORDS.file}); "
                                "a reader picks the qualified claim without knowing the answer: hedge a distractor, "
                                "or state the right answer plainly", QUIZ_CUES))
    return out


def _minimising_problems(doc: YamlDoc, lang: str) -> list[Problem]:
    out = []
    for qi, question in enumerate(doc.data["questions"]):
        for oi, option in enumerate(question["options"]):
            words = cues.found(option["text"], wordlists.MINIMISING_WORDS, lang)
            if words:
                out.append(_problem(doc, ("questions", qi, "options", oi, "text"),
                                    f"question '{question['id']}': this option dismisses the question ({_listed(words)}, see "
                                    f"{wordlists.MINIMISING_WORDS.file}); a reader rules it out, or spots the joke, without "
                                    "knowing the answer: say what it claims instead", QUIZ_CUES))
    return out


def _echo_problems(doc: YamlDoc, lang: str, title: str) -> list[Problem]:
    """The right option is the only one that shares content words with the prompt or the page title
    that no other option holds (stopwords of stopwords.yml left out, words reduced to a light stem)."""
    out = []
    for qi, question in enumerate(doc.data["questions"]):
        right, _wrong = _right_and_wrong(question)
        if len(right) != 1:
            continue
        single = cues.singled_out_echo(question, title, lang)
        if single is not None and question["options"][single[0]].get("correct"):
            oi, stems = single
            shown = ", ".join(f"'{w}'" for w in cues.as_written(question["options"][oi]["text"], stems, lang))
            out.append(_problem(doc, ("questions", qi, "options", oi, "text"),
                                f"question '{question['id']}': only the right option repeats words of the prompt or the page "
                                f"title ({shown}); a reader picks it by the echo: reword it, or let a distractor "
                                "echo them too", QUIZ_CUES))
    return out


def _balance_problems(quizzes: list[tuple[Entry, str, YamlDoc]]) -> list[Problem]:
    """Per language: do hedged or absolute words mark the right options across the lexicon? Reported
    once, on the quiz that holds the most of the options that make the tell."""
    out = []
    for lang in LANGUAGES:
        tally: Counter[str | tuple[str, str]] = Counter()
        per_file: dict[str, list] = defaultdict(list)
        docs = {}
        for _entry, qlang, doc in quizzes:
            if qlang != lang:
                continue
            docs[doc.path] = doc
            for question in doc.data["questions"]:
                right, wrong = _right_and_wrong(question)
                if not right or not wrong:
                    continue
                for option in question["options"]:
                    side = "right" if option.get("correct") else "wrong"
                    kind = cues.wording(option["text"], lang)
                    tally[side] += 1
                    tally[side, kind] += 1
                    per_file[doc.path].append((question["id"], side, kind))
        if not tally["right"] or not tally["wrong"]:
            continue
        share = {(side, kind): tally[side, kind] / tally[side] for side in ("right", "wrong") for kind in (cues.HEDGED, cues.ABSOLUTE)}
        hedge_gap = share["right", cues.HEDGED] - share["wrong", cues.HEDGED]
        absolute_gap = share["wrong", cues.ABSOLUTE] - share["right", cues.ABSOLUTE]
        figures = (f"{share['right', cues.HEDGED]:.0%} of right options are hedged against {share['wrong', cues.HEDGED]:.0%} "
                   f"of distractors, {share['right', cues.ABSOLUTE]:.0%} are absolute against {share['wrong', cues.ABSOLUTE]:.0%}")
        if hedge_gap > BALANCE or absolute_gap > BALANCE:
            tell = {("right", cues.HEDGED), ("wrong", cues.ABSOLUTE)}
            advice = "a reader wins by picking the qualified option: make some right answers absolute and hedge some distractors"
        elif -hedge_gap > BALANCE or -absolute_gap > BALANCE:
            tell = {("right", cues.ABSOLUTE), ("wrong", cues.HEDGED)}
            advice = "a reader wins by picking the absolute option: the correction went too far, balance it"
        else:
            continue
        count = {path: [qid for qid, side, kind in rows if (side, kind) in tell] for path, rows in per_file.items()}
        path = min(count, key=lambda p: (-len(count[p]), p))
        names = ", ".join(f"'{qid}'" for qid in dict.fromkeys(count[path]))
        out.append(_problem(docs[path], ("questions",),
                            f"across the {lang.upper()} quizzes, {figures} (at most {BALANCE:.0%} apart; see "
                            f"{wordlists.HEDGE_WORDS.file}, {wordlists.ABSOLUTE_WORDS.file}): {advice}; this quiz has the most "
                            f"such options ({len(count[path])}, in {names})", QUIZ_CUES))
    return out


def solver_figures(corpus: Corpus) -> dict[str, tuple[int, int, float]]:
    """Per language that has quizzes: (questions the cue-only solver answers right, questions, the
    number a uniform guess would get on average). Options are given to the solver in the site's
    display order, so its tie-break (the first) is the reader's."""
    figures: dict[str, list] = {}
    for entry, lang, doc in valid_quizzes(corpus):
        row = figures.setdefault(lang, [0, 0, 0.0])
        title = _title(entry, lang)
        for question in doc.data["questions"]:
            shown = dict(question, options=display_order(entry.id, question["id"], question["options"]))
            row[0] += cues.solved(shown, title, lang)
            row[1] += 1
            row[2] += cues.chance(question)
    return {lang: tuple(figures[lang]) for lang in LANGUAGES if lang in figures}


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
    for (entry_id, _lang), doc in valid.items():
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


# --- concepts (errors; an untested concept is a warning) ------------------------------------

# One idea may be asked by at most this many questions in the whole lexicon, per language.
MAX_PER_CONCEPT = 2


def concept_problems(corpus: Corpus) -> list[Problem]:
    """No concept is tested by more than two questions of a language, and a question tests the
    same concept in FR and EN."""
    out = []
    valid = sorted(valid_quizzes(corpus), key=lambda q: q[2].path)
    for lang in LANGUAGES:
        places: dict[str, list[tuple[YamlDoc, int, str]]] = defaultdict(list)
        for _entry, qlang, doc in valid:
            if qlang == lang:
                for qi, question in enumerate(doc.data["questions"]):
                    places[question["concept"]].append((doc, qi, question["id"]))
        for concept, found in places.items():
            if len(found) <= MAX_PER_CONCEPT:
                continue
            for n, (doc, qi, qid) in enumerate(found[MAX_PER_CONCEPT:], start=MAX_PER_CONCEPT):
                others = ", ".join(f"'{oid}' ({odoc.path}:{odoc.line(('questions', oqi, 'concept'))})"
                                   for odoc, oqi, oid in found[:n] + found[n + 1:])
                out.append(_problem(doc, ("questions", qi, "concept"),
                                    f"question '{qid}': concept '{concept}' is tested by {len(found)} questions in {lang.upper()} "
                                    f"(at most {MAX_PER_CONCEPT} in the lexicon); the others are {others}: ask about another "
                                    "idea of the entry", CROSS))
    by_entry = {(entry.id, lang): doc for entry, lang, doc in valid}
    for (entry_id, lang), en in by_entry.items():
        fr = by_entry.get((entry_id, "fr"))
        if lang != "en" or fr is None:
            continue
        in_fr = {q["id"]: (qi, q["concept"]) for qi, q in enumerate(fr.data["questions"])}
        for qi, question in enumerate(en.data["questions"]):
            if question["id"] in in_fr and question["concept"] != in_fr[question["id"]][1]:
                fi, fr_concept = in_fr[question["id"]]
                out.append(_problem(en, ("questions", qi, "concept"),
                                    f"question '{question['id']}' tests concept '{question['concept']}' here but "
                                    f"'{fr_concept}' in {fr.path}:{fr.line(('questions', fi, 'concept'))} (the concept "
                                    "is the idea, the same in both languages)", CROSS))
    return out


def untested_concept_problems(corpus: Corpus) -> list[Problem]:
    """Each concept an entry declares (entry.yml, concepts) is tested by some question of the lexicon."""
    tested = {q["concept"] for _entry, _lang, doc in valid_quizzes(corpus) for q in doc.data["questions"]}
    out = []
    for entry in corpus.entries.values():
        if not entry.ok or not schema_valid(corpus, entry.facts, "entry"):
            continue
        for ci, concept in enumerate(entry.fact("concepts") or []):
            if concept not in tested:
                out.append(_problem(entry.facts_doc(), ("concepts", ci),
                                    f"concept '{concept}' of the entry '{entry.id}' is tested by no question of the lexicon: "
                                    f"give a question of quizzes/{entry.fact('quiz') or entry.id}.fr.yml and .en.yml "
                                    f"`concept: {concept}`, or drop it from the list", CONCEPTS))
    return out
