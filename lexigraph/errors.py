"""Problems found in the writers' files, and the one exception library code raises.

A problem is data, not an exception: checks collect every problem and the
boundary (the CLI or the MkDocs hook) reports them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: The three kinds of problem, kept apart as in check-jsonschema's CheckResult.
PARSE, SCHEMA, CROSS = "parse", "schema", "cross-entry"
#: Warnings: a build goes on, `check --strict` fails.
STALE, PLACEHOLDERS = "stale", "placeholder"
#: Warnings: quiz answer cues (a length cue, an absolute word, a near-identical question).
QUIZ_CUES = "quiz-cue"


@dataclass(frozen=True, order=True)
class Problem:
    """One thing a writer must fix, located as ``path:line: $.field: message``."""

    path: str
    line: int
    field: str
    message: str
    kind: str = SCHEMA

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


class LexigraphError(Exception):
    """Raised when content cannot be built; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(f"Aborted with {len(problems)} error(s)")

    def report(self) -> str:
        return "\n".join(str(p) for p in self.problems) + f"\nAborted with {len(self.problems)} error(s)."


def display_path(path: Path, root: Path) -> str:
    """The path a writer sees: relative to the project root when possible."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
