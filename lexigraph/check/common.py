"""What the cross-entry checks share: a problem at a field's line (field_problem), lenient readers (as_dict, as_list), the "did you mean" hint and the code-span pattern."""

from __future__ import annotations

import re
from typing import Any

from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import CROSS, Problem, close_matches

#: A Markdown code span (single or double backticks): code, not prose, for every check of prose.
CODE_SPAN = re.compile(r"``[^\x00]*?``|`[^`\x00]*`")


def field_problem(doc: YamlDoc, path: tuple, message: str) -> Problem:
    return Problem(doc.path, doc.line(path), format_path(path), message, CROSS)


def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def did_you_mean(name: str, known) -> str:
    close = close_matches(name, known)
    return f" (did you mean '{close[0]}'?)" if close else ""
