"""First mentions: in each section of an entry's prose, the first time another entry's term
(its title or one of its ``aliases``, in that language) appears, it links to that entry.

This module only finds the terms in a piece of text; :mod:`lexigraph.render.prose` applies it to the
text nodes of the rendered tree, so code, headings and existing links are never touched and
the links it adds go through the same sanitiser as the writers' own.

Matching rules, per language:

- the longest term wins at a given place ("MCP Apps" before "MCP");
- whole words only: ``outil`` is not found in ``outillage``; letters with accents count as
  letters; an apostrophe (’ or ') is a boundary, so ``d’outil`` holds ``outil``;
- a term written in lower case after its first letter matches in any case (``Outil`` finds
  ``outil``); a term with capitals inside (``MCP``, ``WebMCP``, ``serveur A2A``) matches as
  written but for its first letter (``Serveur A2A`` opens a sentence);
- a plural in -s finds its singular (``outils`` → ``outil``);
- the entry's own terms are recognised but never linked, so "MCP Apps" on the MCP Apps page
  does not turn into a link to MCP;
- the phrases of ``lexigraph/data/not-terms.yml`` are recognised but never linked: "modèle de
  prompt" is a template, so its "modèle" does not link to the entry Model.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lexigraph.content.model import Corpus
from lexigraph.content.terms import APOSTROPHES, normalise, not_terms

_SPACES = " \u00a0\u202f"


def entry_terms(entry, lang: str) -> list[str]:
    """An entry's title and aliases in ``lang`` (well-formed strings only)."""
    doc = entry.prose.get(lang)
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    aliases = data.get("aliases")
    terms = [data.get("title"), *(aliases if isinstance(aliases, list) else [])]
    return [t.strip() for t in terms if isinstance(t, str) and t.strip()]


_WORD = re.compile(r"\w+")
_NEXT = re.compile(r"(?:[\s\u00a0\u202f]+|['’-])(\w+)")   # the next word of a term, past one separator
_END = ""                                                    # trie key: the terms that end at this node


@functools.cache
def _matcher(term: str) -> re.Pattern:
    """``term`` at a given position: its words in order, then an optional plural -s, then a boundary."""
    out = []
    for char in term:
        if char in APOSTROPHES:
            out.append(f"[{APOSTROPHES}]")
        elif char in _SPACES:
            out.append(f"[{_SPACES}]+")
        else:
            out.append(re.escape(char))
    body = "".join(out)
    if term[1:] == term[1:].lower():
        body = f"(?i:{body})"
    elif term[0].isalpha():                    # "Serveur A2A" at the start of a sentence is still the phrase
        body = f"(?i:{out[0]}){''.join(out[1:])}"
    return re.compile(body + r"s?(?![\w-])")


@dataclass
class Terms:
    """Every linkable term of one language: normalised term → entry id, and a trie of their words.

    One regular expression finds the words a term can start with; a trie of words then walks to
    the longest term from there. (A single alternation of a thousand entries' terms cost 80 ms per
    page; this keeps the cost to the few places where a term can begin.)"""

    owner: dict[str, str | None]          # None: a phrase of not-terms.yml, recognised and never linked
    trie: dict
    first: re.Pattern | None

    def target(self, found: str) -> str | None:
        key = normalise(found)
        if key in self.owner:
            return self.owner[key]
        return self.owner.get(key[:-1]) if key.endswith("s") else None

    def _candidates(self, text: str, hit: re.Match) -> list[str]:
        """Terms that may start at ``hit``, longest first (each then checked exactly)."""
        found: list[str] = []
        word = hit.group(0).casefold()
        node = self.trie.get(word)
        if len(word) > 1 and word.endswith("s") and word[:-1] in self.trie:
            found += self.trie[word[:-1]].get(_END, [])        # a plural ends the term
        end = hit.end()
        while node is not None:
            found += node.get(_END, [])
            step = _NEXT.match(text, end)
            if step is None:
                break
            word, end = step.group(1).casefold(), step.end()
            if len(word) > 1 and word.endswith("s") and word[:-1] in node:
                found += node[word[:-1]].get(_END, [])
            node = node.get(word)
        return sorted(found, key=len, reverse=True)

    def find(self, text: str):
        """(start, end, words) of each term in ``text``, left to right, the longest at each place."""
        if self.first is None:
            return
        end = 0
        for hit in self.first.finditer(text):
            start = hit.start()
            if start < end:
                continue
            for term in self._candidates(text, hit):
                match = _matcher(term).match(text, start)
                if match:
                    end = match.end()
                    yield start, end, match.group(0)
                    break


def terms(corpus: Corpus, lang: str) -> Terms:
    """The terms of every published entry in ``lang``; computed once per corpus and language."""
    return corpus.derive(("mention-terms", lang), lambda: _terms(corpus, lang))


def _terms(corpus: Corpus, lang: str) -> Terms:
    owner: dict[str, str | None] = {}
    trie: dict = {}
    claims = [(entry.id, term) for entry in corpus.entries.values() if entry.ok and entry.status == "published"
              for term in entry_terms(entry, lang)]
    for entry_id, term in claims + [(None, phrase) for phrase in not_terms().get(lang, ())]:
        key = normalise(term)
        if key in owner or not _WORD.search(key):
            continue      # claimed twice, or no word to find ("…"): check reports both; never matched here
        owner[key] = entry_id
        node = trie
        for word in _WORD.findall(key):
            node = node.setdefault(word, {})
        node.setdefault(_END, []).append(term)
    firsts = sorted((w for w in trie), key=len, reverse=True)
    first = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, firsts)) + r")s?(?!\w)", re.IGNORECASE) if firsts else None
    return Terms(owner, trie, first)


@dataclass
class Section:
    """One section of one page: links each other entry at its first mention only."""

    terms: Terms
    self_id: str
    href: Callable[[str], str]
    seen: set[str] = field(default_factory=set)

    def split(self, text: str) -> list[str | tuple[str, str, str]]:
        """``text`` as plain strings and (href, entry id, words) links; [text] when nothing links."""
        if not text or self.terms.first is None:
            return [text]
        out: list[str | tuple[str, str, str]] = []
        last = 0
        for start, end, words in self.terms.find(text):
            target = self.terms.target(words)
            if target is None or target == self.self_id or target in self.seen:
                continue
            self.seen.add(target)
            out += [text[last:start], (self.href(target), target, words)]
            last = end
        if not out:
            return [text]
        out.append(text[last:])
        return out


@dataclass
class PageMentions:
    """The sections of one entry page in one language; a section key names one scope of first mentions."""

    corpus: Corpus
    lang: str
    self_id: str
    href: Callable[[str], str]
    sections: dict[str, Section] = field(default_factory=dict)

    def section(self, key: str) -> Section:
        if key not in self.sections:
            self.sections[key] = Section(terms(self.corpus, self.lang), self.self_id, self.href)
        return self.sections[key]
