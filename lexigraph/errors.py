"""Problems found in the writers' files, and LexigraphError, the exception that carries them (UnsafeFile is one).
The other exceptions say what a command or a client asked wrongly: BumpError, BadToday, BadBase, QueryError,
DeploymentError; the CLI and the MCP server turn each into a message.

A problem is data, not an exception: checks collect every problem and the
boundary (the CLI or the MkDocs hook) reports them all at once.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

#: Kinds of problem: the groups a report prints them under, each with its own title (KIND_TITLES), as
#: check-jsonschema keeps parse and schema errors apart in its CheckResult. Whether a problem is an error
#: or a warning is its rule's severity (check/rules.py), not its kind. Errors: a file that does not
#: parse, breaks its schema or a cross-entry rule.
PARSE, SCHEMA, CROSS = "parse", "schema", "cross-entry"
#: A content file that may not be read: outside its folder, not a regular file, too large, not UTF-8.
FILES = "file"
#: Warnings: a file where the lexicon does not look for one (es.yml, fr.yaml, a loose file in entries/).
LAYOUT = "layout"
#: Warnings: a build goes on, `check --strict` fails.
STALE, PLACEHOLDERS = "stale", "placeholder"
#: Warnings that stay warnings under --strict: an entry made stale by a revision whose review is not yet due.
REVIEW_DUE = "review-due"
#: Warnings: quiz answer cues (a length cue, an absolute word, a near-identical question).
QUIZ_CUES = "quiz-cue"
#: Warnings: a concept an entry declares that no quiz question tests.
CONCEPTS = "concept"


def close_matches(name: object, known, n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The known names nearest to ``name``, for every "did you mean …?" in messages and answers."""
    import difflib

    return difflib.get_close_matches(str(name), [str(k) for k in known], n=n, cutoff=cutoff)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing a writer must fix, located as ``path:line: $.field: LX123 message``. ``code`` is the
    check rule's (check/rules.py), given when a rule of the registry reports it; a problem found
    outside the registry (lexigraph new's refusals, a previewed entry that does not exist) has none."""

    path: str
    line: int
    field: str
    message: str
    kind: str = SCHEMA
    code: str = ""

    def __str__(self) -> str:
        code = f"{self.code} " if self.code else ""
        return visible(f"{self.path}:{self.line}: {self.field}: {code}{self.message}")

    def with_code(self, code: str) -> Problem:
        return replace(self, code=code)


_INVISIBLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]|[^\x00-\x7f]")


def visible(text: str) -> str:
    """``text`` on one line, with control, zero-width and direction characters written as escapes
    (``\\u200b``): a writer sees what hides in their text, and a problem is always one line."""
    def escape(match: re.Match) -> str:
        char = match.group(0)
        if char > "\x7f" and unicodedata.category(char) not in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            return char
        if char in _NAMED:
            return _NAMED[char]
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    return _INVISIBLE.sub(escape, text)


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


class LexigraphError(Exception):
    """Raised when content cannot be built; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(f"Aborted with {len(problems)} error(s)")

    def report(self) -> str:
        return "\n".join(str(p) for p in self.problems) + f"\nAborted with {len(self.problems)} error(s)."


def display_path(path: Path, root: Path) -> str:
    """The path a writer sees: relative to the project root when possible. The last part is not
    resolved, so a symbolic link is named by its own path, not by its target's."""
    try:
        return (path.parent.resolve() / path.name).relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


KIND_TITLES = {FILES: "Files that cannot be read safely", PARSE: "YAML parse errors", SCHEMA: "Schema errors", CROSS: "Cross-entry errors",
               LAYOUT: "Files the lexicon would ignore (warnings; errors with --strict)",
               REVIEW_DUE: "Reviews due (warnings, even with --strict, until the due date)",
               STALE: "Stale entries past their review date (warnings; errors with --strict)",
               PLACEHOLDERS: "Placeholders (warnings; errors with --strict)",
               "typography": "Typography (warnings; errors with --strict)",
               "terminology": "Terminology (warnings; errors with --strict)",
               QUIZ_CUES: "Quiz answer cues (warnings; errors with --strict)",
               CONCEPTS: "Concepts no question tests (warnings; errors with --strict)",
               "evidence": "Evidence markers (warnings; errors with --strict)",
               "observed": "Observations a step does not show (warnings; errors with --strict)",
               "sources": "Sources and what they are cited for (warnings; errors with --strict)",
               "relations": "Relations (warnings; errors with --strict)"}


def kind_title(kind: str) -> str:
    """The heading of a kind's group; a kind KIND_TITLES does not know still gets one."""
    return KIND_TITLES.get(kind) or f"Other problems ({visible(str(kind))})"


def by_kind(problems: list[Problem]) -> list[tuple[str, list[Problem]]]:
    """``problems`` grouped by kind, in KIND_TITLES' order, then any other kind by name. Built from the
    problems, not from the titles: every problem is in exactly one group, so none can be left out."""
    order = {kind: i for i, kind in enumerate(KIND_TITLES)}
    groups: dict[str, list[Problem]] = {}
    for problem in problems:
        groups.setdefault(problem.kind, []).append(problem)
    return sorted(groups.items(), key=lambda item: (order.get(item[0], len(order)), str(item[0])))


def print_problems(problems: list[Problem], out=None) -> None:
    """Print problems grouped by kind, each as ``path:line: $.field: LX123 message``."""
    out = out or sys.stdout
    for kind, group in by_kind(problems):
        print(f"{kind_title(kind)} ({len(group)}):", file=out)
        for problem in group:
            print(f"  {problem}", file=out)
