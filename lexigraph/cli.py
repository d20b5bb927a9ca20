"""The ``lexigraph`` command: a thin layer over the package; the only place that exits."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import CROSS, PARSE, SCHEMA, STALE, Problem

KIND_TITLES = {PARSE: "YAML parse errors", SCHEMA: "Schema errors", CROSS: "Cross-entry errors", STALE: "Stale entries"}


def print_problems(problems: list[Problem], out=sys.stdout) -> None:
    """Print problems grouped by kind, each as ``path:line: $.field: message``."""
    for kind in (PARSE, SCHEMA, CROSS, STALE):
        group = [p for p in problems if p.kind == kind]
        if group:
            print(f"{KIND_TITLES[kind]} ({len(group)}):", file=out)
            for problem in group:
                print(f"  {problem}", file=out)


def cmd_check(args: argparse.Namespace) -> int:
    from .validate import check

    root = Path(args.root)
    corpus, problems = check(root)
    print_problems(problems)
    if problems:
        print(f"lexigraph check: {len(problems)} problem(s) in {len(corpus.entries)} entries.")
        return 1
    print(f"lexigraph check: {len(corpus.entries)} entries, no problems.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lexigraph", description="Check and build the Lexigraph lexicon.")
    parser.add_argument("--root", default=".", help="content root holding entries/, quizzes/, snippets/ (default: .)")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate every entry, quiz and snippet reference; print all problems")
    check.add_argument("--strict", action="store_true", help="treat warnings (stale entries, placeholders) as errors")
    check.set_defaults(func=cmd_check)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
