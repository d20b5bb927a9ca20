"""The registry of check rules: one row per rule, with a stable code, a severity, a title and what to do.

A rule is a function of the checked inputs (validate.Inputs) that returns problems; ``validate()``
and ``warnings()`` run the registered rules and stamp each problem with its rule's code, so every
problem ``lexigraph check`` reports carries one. A row cannot exist without a code of the form
``LX`` + three digits, a known severity, a report group (a kind of errors.KIND_TITLES), a title and
what to do: :class:`Rule` refuses it when it is built, and :class:`Registry` refuses a code twice.

Codes are stable: a writer searches the docs for one, CI configurations name them in ``--select`` and
``--ignore``. ``tests/rule_codes.txt`` lists every code ever registered; renumbering fails a test.
The first digit is the family (files and schema, cross-entry, safety, quizzes, specifications,
versions, evidence, relations, writing); CONTRIBUTING.md's table is generated from the registry
(``python -m lexigraph.check.rules_table --write CONTRIBUTING.md``) and a test keeps it in step.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from lexigraph.errors import KIND_TITLES, Problem, close_matches

#: An error stops a build and fails ``check``.
ERROR = "error"
#: A warning does not stop a build; ``check --strict`` fails on it.
WARNING = "warning"
#: A notice stays a notice even with ``--strict`` (a review not yet due).
NOTICE = "notice"
SEVERITIES = (ERROR, WARNING, NOTICE)

CODE = re.compile(r"LX[1-9]\d\d")

#: The families, by the code's first digit: the docs' table is grouped under these names.
FAMILIES = {"1": "Files and schema", "2": "Cross-entry", "3": "Safety", "4": "Quizzes", "5": "Specifications (specs.yml)",
            "6": "Versions", "7": "Evidence", "8": "Relations", "9": "Writing"}


class BadRule(ValueError):
    """A row the registry refuses: no code, no title, an unknown severity or kind, a code taken twice."""


@dataclass(frozen=True)
class Rule:
    """One check rule. ``kind`` is the report group its problems are printed under (errors.KIND_TITLES);
    ``fix`` is what a writer does about it, for the docs' table."""

    code: str
    severity: str
    kind: str
    title: str
    fix: str
    function: Callable[[Any], Iterable[Problem]]

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not CODE.fullmatch(self.code):
            raise BadRule(f"rule code {self.code!r} must be LX and three digits, e.g. LX101")
        if self.code[2] not in FAMILIES:
            raise BadRule(f"{self.code}: no family for the digit {self.code[2]} (see rules.FAMILIES)")
        for field in ("title", "fix"):
            if not isinstance(getattr(self, field), str) or not getattr(self, field).strip():
                raise BadRule(f"{self.code}: a rule needs a {field}")
        if self.severity not in SEVERITIES:
            raise BadRule(f"{self.code}: severity {self.severity!r} is not one of {', '.join(SEVERITIES)}")
        if self.kind not in KIND_TITLES:
            raise BadRule(f"{self.code}: kind {self.kind!r} has no title in errors.KIND_TITLES, so its problems "
                          "would have no heading")
        if not callable(self.function):
            raise BadRule(f"{self.code}: the function is not callable")

    @property
    def family(self) -> str:
        return FAMILIES[self.code[2]]

    def run(self, inputs: Any) -> list[Problem]:
        """The rule's problems, each carrying the rule's code."""
        return [problem.with_code(self.code) for problem in self.function(inputs)]


class Registry:
    """The rules in code order; a code is registered once."""

    def __init__(self, rules: Iterable[Rule] = ()):
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            self.add(rule)

    def add(self, rule: Rule) -> Rule:
        if not isinstance(rule, Rule):
            raise BadRule(f"{rule!r} is not a Rule")
        if rule.code in self._rules:
            raise BadRule(f"{rule.code} is already the code of '{self._rules[rule.code].title}'")
        self._rules[rule.code] = rule
        return rule

    def __iter__(self) -> Iterator[Rule]:
        return iter(sorted(self._rules.values(), key=lambda rule: rule.code))

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, code: str) -> Rule:
        return self._rules[code]

    def __contains__(self, code: object) -> bool:
        return code in self._rules

    def codes(self) -> list[str]:
        return sorted(self._rules)

    def severity(self, code: str) -> str:
        """A problem's severity: its rule's; a problem without a code (found outside check) is an error."""
        rule = self._rules.get(code)
        return rule.severity if rule else ERROR

    def matching(self, patterns: Iterable[str]) -> set[str]:
        """The codes that ``patterns`` name: a code (LX203) or a prefix of codes (LX2, LX20). An unknown
        one raises ValueError with the nearest codes."""
        chosen: set[str] = set()
        for raw in patterns:
            pattern = raw.strip().upper()
            if not pattern:
                continue
            found = {code for code in self._rules if code.startswith(pattern)} if re.fullmatch(r"LX\d{0,3}", pattern) else set()
            if not found:
                near = close_matches(pattern, self._rules, n=3, cutoff=0.5)
                hint = f" (did you mean {', '.join(near)}?)" if near else ""
                raise ValueError(f"unknown rule code '{raw.strip()}'{hint}: codes are LX101…LX9xx, or a prefix such as LX2; "
                                 "CONTRIBUTING.md lists them")
            chosen |= found
        return chosen
