"""The ``lexigraph`` command: a thin layer over the package; the only place that exits."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexigraph.errors import LexigraphError, print_problems


def cmd_check(args: argparse.Namespace) -> int:
    from lexigraph.check.validate import check

    from lexigraph.errors import NEVER_STRICT

    corpus, errors, warnings = check(Path(args.root), base=args.base)
    print_problems(errors + warnings)
    failing = errors + ([w for w in warnings if w.kind not in NEVER_STRICT] if args.strict else [])
    summary = f"{len(corpus.entries)} entries"
    if failing:
        print(f"lexigraph check: {len(failing)} problem(s) in {summary}" + (" (--strict)" if args.strict and len(failing) > len(errors) else "") + ".")
        return 1
    if warnings:
        print(f"lexigraph check: {summary}, no errors, {len(warnings)} warning(s).")
        return 0
    print(f"lexigraph check: {summary}, no problems.")
    return 0


def cmd_stale(args: argparse.Namespace) -> int:
    from lexigraph.authoring.stale import stale_report

    text, count = stale_report(Path(args.root))
    print(text)
    return 1 if (count and args.strict) else 0


def cmd_new(args: argparse.Namespace) -> int:
    from lexigraph.authoring.scaffold import scaffold

    try:
        created = scaffold(Path(args.root), args.id, number=args.number)
    except LexigraphError as error:
        print(error.report(), file=sys.stderr)
        return 1
    for path in created:
        print(f"created {path}")
    print("Next: fill in every TODO, then run `lexigraph check --strict` (it fails until none is left).")
    return 0


def cmd_archive(args: argparse.Namespace) -> int:
    import yaml

    from lexigraph.authoring.freeze import archive_entry
    from lexigraph.errors import LexigraphError
    from lexigraph.pipeline import prepare

    root = Path(args.root)
    config = yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader) if (root / "mkdocs.yml").is_file() else {}
    try:
        build = prepare(root, config.get("site_url", ""))
    except LexigraphError as error:
        print_problems(error.problems)
        print("lexigraph archive: fix the problems above first.")
        return 1
    entry = build.corpus.entries.get(args.id)
    if entry is None or entry.status != "published":
        print(f"lexigraph archive: no published entry '{args.id}'.")
        return 1
    try:
        folder = archive_entry(build.site, entry)
    except FileExistsError as error:
        print(f"lexigraph archive: {error}.")
        return 1
    print(f"lexigraph archive: {entry.id} {entry.fact('version')} archived in {folder}.")
    return 0


def site_url(root: Path) -> str:
    """mkdocs.yml's site_url, the base of every address Lexigraph publishes."""
    import yaml

    config_file = root / "mkdocs.yml"
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=yaml.BaseLoader) if config_file.is_file() else {}
    return config.get("site_url") or "https://www.lexigraph.org/"


def cmd_mcp(args: argparse.Namespace) -> int:
    from lexigraph.agents.served_cache import load

    root = Path(args.root)
    try:
        lexicon = load(root, site_url(root))
    except LexigraphError as error:
        print_problems(error.problems, out=sys.stderr)  # stdout is the MCP channel
        print("lexigraph mcp: fix the problems above first (lexigraph check lists them).", file=sys.stderr)
        return 1
    from lexigraph.agents.mcpserver import serve

    serve(lexicon, http=args.http, port=args.port)
    return 0


MCP_HELP = """Serve the lexicon to MCP clients (tools search, get_entry, list_entries, quiz; resources
lexigraph://{lang}/{id}). Without --http it speaks MCP over stdin/stdout: the client starts
`lexigraph mcp` itself. With --http it serves Streamable HTTP at http://127.0.0.1:PORT/mcp
(stateless, loopback only, Host/Origin checked against DNS rebinding) until stopped."""


def cmd_preview(args: argparse.Namespace) -> int:
    from lexigraph.authoring.preview import serve

    try:
        return serve(Path(args.root), args.id, port=args.port)
    except LexigraphError as error:
        print_problems(error.problems)
        return 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lexigraph", description="Check and build the Lexigraph lexicon.")
    parser.add_argument("--root", default=".", help="content root holding entries/, quizzes/, snippets/, specs.yml (default: .)")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate every entry, quiz, snippet reference and the spec registry; print all problems")
    check.add_argument("--strict", action="store_true", help="treat warnings (stale entries, placeholders, French typography, quiz answer cues) as errors")
    check.add_argument("--base", metavar="REF", help="a git commit or branch (CI: the pull request's target): an entry whose "
                       "published text changed since REF must have a new version (lexigraph bump) or a logged correction")
    check.set_defaults(func=cmd_check)
    archive = sub.add_parser("archive", help="freeze an entry's current version in archive/<id>/<version>/ before a bump")
    archive.add_argument("id", help="the entry id, e.g. mcp")
    archive.set_defaults(func=cmd_archive)
    stale = sub.add_parser("stale", help="report entries checked against an older revision than the current one, by specification")
    stale.add_argument("--strict", action="store_true", help="exit 1 when any entry is stale")
    stale.set_defaults(func=cmd_stale)
    new = sub.add_parser("new", help="scaffold a new entry in both languages, with its quiz and snippet folder")
    new.add_argument("id", help="the entry id, e.g. 'tool-result' (lowercase, digits, hyphens)")
    new.add_argument("--number", type=int, help="its number (default: the next free one)")
    new.set_defaults(func=cmd_new)
    mcp = sub.add_parser("mcp", help="serve the lexicon to MCP clients (stdio, or Streamable HTTP with --http)",
                         description=MCP_HELP)
    mcp.add_argument("--http", action="store_true", help="serve Streamable HTTP on 127.0.0.1 instead of stdio")
    mcp.add_argument("--port", type=int, default=8765, help="port for --http (default: 8765)")
    mcp.set_defaults(func=cmd_mcp)
    preview = sub.add_parser("preview", help="serve one entry, its neighbours and the indexes, rebuilt within seconds of each save")
    preview.add_argument("id", help="the entry id, e.g. mcp")
    preview.add_argument("--port", type=int, default=8001, help="port on 127.0.0.1 (default: 8001)")
    preview.set_defaults(func=cmd_preview)
    return parser


def main(argv: list[str] | None = None) -> int:
    from lexigraph.check.base import BadBase
    from lexigraph.content.today import BadToday

    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (BadToday, BadBase) as error:
        print(f"lexigraph {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
