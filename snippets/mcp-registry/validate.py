"""Check server.json files against the registry's JSON Schema, as the registry's own check starts.

Usage: python validate.py --schema server.schema.json FILE...
Prints `FILE: valid`, or one line per problem: `FILE: path/in/file: message`.
Exits with status 1 when a file has a problem. Needs `jsonschema`.
"""

import argparse
import json
import sys

from jsonschema import Draft7Validator, FormatChecker

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--schema", required=True, help="the server.schema.json named by the file's $schema")
parser.add_argument("files", nargs="+")
args = parser.parse_args()

with open(args.schema, encoding="utf-8") as f:
    validator = Draft7Validator(json.load(f), format_checker=FormatChecker())

failed = False
for name in args.files:
    with open(name, encoding="utf-8") as f:
        document = json.load(f)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors:
        where = "/".join(map(str, error.absolute_path)) or "(root)"
        print(f"{name}: {where}: {error.message}")
    if not errors:
        print(f"{name}: valid")
    failed = failed or bool(errors)
sys.exit(1 if failed else 0)
