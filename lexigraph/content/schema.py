"""Reading a file includes checking its shape: JSON Schema (Draft 2020-12) with messages a writer can act on.

The validators are compiled once per process: a lexicon of a thousand entries
validates three thousand files against the same three schemas.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from lexigraph.content.yamlfile import YamlDoc, format_path
from lexigraph.errors import SCHEMA, Problem, close_matches

_PATTERN_HINTS = {
    "^v[0-9]{4}-(0[1-9]|1[0-2])(-([2-9]|[1-9][0-9]))?$": "must look like v2026-08 (vYYYY-MM), or v2026-08-2 for a second version in the same month",
    "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$": "must be a date written YYYY-MM or YYYY-MM-DD",
    "^[a-z0-9]+(-[a-z0-9]+)*$": "must be lowercase letters, digits and single hyphens (like 'tool-call')",
    "^https://": "must be an https:// address",
    "^[^\\n]*$": "must be one line (no line break): a correction is a one-line note",
    "\\S": "is blank: write a word, or remove the line",
    "\\w": "holds no letter or digit: write a word",
}

_TYPE_NAMES = {"string": "text", "object": "a mapping of fields", "array": "a list",
               "integer": "a whole number", "boolean": "true or false", "number": "a number"}


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The shipped schema ``<name>.schema.json``."""
    text = resources.files("lexigraph.schemas").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def validator(name: str) -> Draft202012Validator:
    """A compiled validator, built once per schema and process."""
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    for python_type, name in ((str, "text"), (int, "a whole number"), (float, "a number"),
                              (list, "a list"), (dict, "a mapping of fields"), (type(None), "nothing")):
        if isinstance(value, python_type):
            return name
    return type(value).__name__


def _quote(value: Any, limit: int = 80) -> str:
    """A value as quoted in a message, cut short so a huge value cannot flood the report."""
    text = str(value)
    return text if len(text) <= limit else f"{text[:limit - 20]}… ({len(text)} characters)"


def _messages(error: ValidationError) -> list[tuple[tuple, str]]:
    """Turn one jsonschema error into (json path, plain-language message) pairs."""
    path = tuple(error.absolute_path)
    if isinstance(error.schema, dict) and "x-message" in error.schema:
        # A rule the schema words itself (e.g. a source without url needs a note): told of the object it is about.
        return [(path, error.schema["x-message"])]
    if error.validator == "required":
        return [(path + (f,), "missing required field") for f in error.validator_value
                if isinstance(error.instance, dict) and f not in error.instance]
    if error.validator == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        out = []
        for key in sorted(k for k in error.instance if k not in known):
            hint = close_matches(key, known)
            message = f"unknown field '{_quote(key)}'"
            message += f" (did you mean '{hint[0]}'?)" if hint else f"; allowed: {', '.join(known)}"
            out.append((path + (key,), message))
        return out
    return [_message(error)]


def _message(error: ValidationError) -> tuple[tuple, str]:
    path = tuple(error.absolute_path)
    kind, value = error.validator, error.instance
    if kind == "type":
        expected = error.validator_value
        expected = [expected] if isinstance(expected, str) else expected
        return path, f"expected {' or '.join(_TYPE_NAMES.get(t, t) for t in expected)}, got {_describe(value)}"
    if kind == "pattern":
        return path, f"'{_quote(value)}' {_PATTERN_HINTS.get(error.validator_value, 'does not match ' + error.validator_value)}"
    if kind == "enum":
        allowed = ", ".join(str(v) for v in error.validator_value)
        hint = close_matches(value, error.validator_value)
        return path, f"'{_quote(value)}' is not one of: {allowed}" + (f" (did you mean '{hint[0]}'?)" if hint else "")
    if kind == "const":
        return path, f"must be '{error.validator_value}'"
    if kind == "minLength":
        return path, "is empty" if value == "" else f"is too short (at least {error.validator_value} characters)"
    if kind == "maxLength":
        return path, f"is too long (at most {error.validator_value} characters)"
    if kind == "minItems":
        return path, f"needs at least {error.validator_value} item(s), has {len(value)}"
    if kind == "maxItems":
        return path, f"allows at most {error.validator_value} item(s), has {len(value)}"
    if kind == "minProperties":
        return path, f"needs at least {error.validator_value} field(s)"
    if kind in ("minimum", "maximum"):
        return path, f"{value} is out of range ({kind} {error.validator_value})"
    if kind == "uniqueItems":
        return path, "lists the same item twice"
    return path, error.message


@cache
def fast_validator(name: str):
    """The same schema compiled to Python by fastjsonschema: about ten times faster on valid files.

    Only a yes/no gate: any file it rejects is validated again by jsonschema (Draft 2020-12),
    whose errors become the messages. The keywords our schemas use mean the same in draft 7.
    """
    import fastjsonschema

    schema = dict(load_schema(name), **{"$schema": "http://json-schema.org/draft-07/schema#"})
    return fastjsonschema.compile(schema)


# Schema errors that leave every value with the type and the fields the schema gives it: a
# pattern, a length, a count, a bound or an unknown field. A document whose only errors are
# of these kinds is still well-formed, and the cross-entry checks see it (see check/validate.py).
SHAPE_KEEPING = frozenset({"pattern", "format", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems",
                           "minProperties", "maxProperties", "minimum", "maximum", "exclusiveMinimum",
                           "exclusiveMaximum", "multipleOf", "additionalProperties", "propertyNames"})


def _json_type(value: Any) -> str:
    return "boolean" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else type(value).__name__


def _keeps_shape(error: ValidationError) -> bool:
    if error.validator in ("enum", "const"):
        allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
        return any(_json_type(error.instance) == _json_type(value) for value in allowed)
    return error.validator in SHAPE_KEEPING


def check_shape(doc: YamlDoc, schema_name: str) -> tuple[list[Problem], bool]:
    """Every schema problem of one parsed file, and whether the file is still well-formed
    (every required field present, every value of its type: see SHAPE_KEEPING)."""
    import fastjsonschema

    try:
        fast_validator(schema_name)(doc.data)
        return [], True
    except fastjsonschema.JsonSchemaException:
        pass
    problems, well_formed = [], True
    for error in validator(schema_name).iter_errors(doc.data):
        well_formed = well_formed and _keeps_shape(error)
        for path, message in _messages(error):
            problems.append(Problem(doc.path, doc.line(path), format_path(path), message, SCHEMA))
    return sorted(set(problems)), well_formed
