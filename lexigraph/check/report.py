"""How ``lexigraph check`` reports its problems: as text for a writer, JSON for a program, or GitHub
Actions workflow commands that annotate a pull request's files.

The three print the same problems, each with its rule's code (check/rules.py). The JSON shape:

    {"version": 1,
     "problems": [{"code": "LX204", "severity": "error", "fails": true, "kind": "cross-entry",
                   "title": "<the rule's title>", "path": "entries/x/entry.yml", "line": 15,
                   "field": "$.relations.runs_in[0]", "message": "<what is wrong, and what to do>"}, …],
     "summary": {"entries": 2, "errors": 1, "warnings": 0, "notices": 0, "failing": 1, "strict": false},
     "solver": {"fr": {"right": 0, "questions": 3, "chance": 1.5}, …},   # the cue-only solver's line
     "evidence": ["<one line per entry>", …]}                          # with --evidence only

``severity`` is the rule's (error, warning, notice); ``fails`` says whether the problem fails this run
(an error, or a warning under ``--strict``). Problems come in the text report's order.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from lexigraph.check.rules import ERROR, NOTICE, WARNING, Registry
from lexigraph.errors import Problem, print_problems, visible

FORMATS = ("text", "json", "github")


@dataclass(frozen=True)
class Outcome:
    """One run of check, after --select and --ignore: what it found and what fails it."""

    entries: int
    problems: list[Problem]
    rules: Registry
    strict: bool

    def severity(self, problem: Problem) -> str:
        return self.rules.severity(problem.code)

    def fails(self, problem: Problem) -> bool:
        severity = self.severity(problem)
        return severity == ERROR or (self.strict and severity == WARNING)

    def count(self, severity: str) -> int:
        return sum(1 for p in self.problems if self.severity(p) == severity)

    @property
    def failing(self) -> list[Problem]:
        return [p for p in self.problems if self.fails(p)]

    def summary(self) -> str:
        """The last line of a report, as check has always written it."""
        failing, errors = len(self.failing), self.count(ERROR)
        shown = f"{self.entries} entries"
        if failing:
            return f"lexigraph check: {failing} problem(s) in {shown}" + (" (--strict)" if failing > errors else "") + "."
        if self.problems:
            return f"lexigraph check: {shown}, no errors, {len(self.problems)} warning(s)."
        return f"lexigraph check: {shown}, no problems."

    def title(self, problem: Problem) -> str:
        return self.rules[problem.code].title if problem.code in self.rules else ""


def text(outcome: Outcome, extra: list[str], out: Callable[[str], None]) -> None:
    import io

    buffer = io.StringIO()
    print_problems(outcome.problems, out=buffer)
    for line in buffer.getvalue().splitlines() + extra + [outcome.summary()]:
        out(line)


def as_json(outcome: Outcome, extra: dict) -> str:
    problems = [{"code": p.code, "severity": outcome.severity(p), "fails": outcome.fails(p), "kind": p.kind,
                 "title": outcome.title(p), "path": p.path, "line": p.line, "field": p.field, "message": p.message}
                for p in outcome.problems]
    summary = {"entries": outcome.entries, "errors": outcome.count(ERROR), "warnings": outcome.count(WARNING),
               "notices": outcome.count(NOTICE), "failing": len(outcome.failing), "strict": outcome.strict}
    return json.dumps({"version": 1, "problems": problems, "summary": summary, **extra}, ensure_ascii=False, indent=2)


def _data(value: str) -> str:
    """A workflow command's message, escaped as GitHub Actions reads it."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(value: str) -> str:
    return _data(value).replace(":", "%3A").replace(",", "%2C")


def github(outcome: Outcome, extra: list[str], out: Callable[[str], None]) -> None:
    """One ``::error``/``::warning``/``::notice`` workflow command per problem: GitHub shows each on the
    pull request's line. A problem that fails the run is an error (a warning under --strict too)."""
    for p in outcome.problems:
        level = "error" if outcome.fails(p) else "warning" if outcome.severity(p) == WARNING else "notice"
        title = f"{p.code} {outcome.title(p)}".strip()
        out(f"::{level} file={_property(p.path)},line={p.line},title={_property(title)}::{_data(visible(f'{p.field}: {p.message}'))}")
    for line in extra + [outcome.summary()]:
        out(line)
