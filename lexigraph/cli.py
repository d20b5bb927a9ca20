"""The ``lexigraph`` command: a thin layer over the package; the only place that exits."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexigraph import DEFAULT_SITE_URL
from lexigraph.errors import LexigraphError, print_problems


def cmd_check(args: argparse.Namespace) -> int:
    from lexigraph.check.validate import check

    corpus, errors, warnings = check(Path(args.root))
    print_problems(errors + warnings)
    _print_solver(corpus)
    if getattr(args, "evidence", False):
        from lexigraph.check.evidence import tally_lines

        print("\n".join(tally_lines(corpus)))
    failing = errors + (warnings if args.strict else [])
    summary = f"{len(corpus.entries)} entries"
    if failing:
        print(f"lexigraph check: {len(failing)} problem(s) in {summary}" + (" (--strict)" if args.strict and warnings else "") + ".")
        return 1
    if warnings:
        print(f"lexigraph check: {summary}, no errors, {len(warnings)} warning(s).")
        return 0
    print(f"lexigraph check: {summary}, no problems.")
    return 0


def _print_solver(corpus) -> None:
    """How many questions a reader who knows nothing but the surface cues would answer (check/cues.py)."""
    from lexigraph.check.quiz import solver_figures

    figures = solver_figures(corpus)
    if figures:
        shown = ", ".join(f"{right}/{total} ({lang})" for lang, (right, total, _chance) in figures.items())
        chance = ", ".join(f"{guess:.1f}/{total} ({lang})" for lang, (_right, total, guess) in figures.items())
        print(f"cue-only solver: {shown}; chance: {chance}")


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
    return config.get("site_url") or DEFAULT_SITE_URL


def _names(option: list[str] | None, variable: str) -> list[str]:
    """An option's values, else the environment variable's comma-separated list."""
    import os

    if option:
        return option
    return [name for name in os.environ.get(variable, "").split(",") if name.strip()]


def cmd_mcp(args: argparse.Namespace) -> int:
    from lexigraph.agents.mcpserver import DeploymentError, allowed_names
    from lexigraph.agents.served_cache import load

    hosts, origins = _names(args.allowed_host, "LEXIGRAPH_ALLOWED_HOSTS"), _names(args.allowed_origin, "LEXIGRAPH_ALLOWED_ORIGINS")
    try:
        allowed_names(hosts, origins)
    except DeploymentError as error:
        print(f"lexigraph mcp: {error}", file=sys.stderr)
        return 2
    if (hosts or origins) and not args.http:
        print("lexigraph mcp: --allowed-host and --allowed-origin apply to --http only", file=sys.stderr)
        return 2
    root = Path(args.root)
    try:
        lexicon = load(root, site_url(root))
    except LexigraphError as error:
        print_problems(error.problems, out=sys.stderr)  # stdout is the MCP channel
        print("lexigraph mcp: fix the problems above first (lexigraph check lists them).", file=sys.stderr)
        return 1
    from lexigraph.agents.mcpserver import serve

    serve(lexicon, http=args.http, port=args.port, allowed_hosts=hosts, allowed_origins=origins)
    return 0


MCP_HELP = """Serve the lexicon to MCP clients (tools search, get_entry, list_entries, cite, quiz; prompts
explain, quiz_me, compare; resources lexigraph://{lang}/{id}). Without --http it speaks MCP over
stdin/stdout: the client starts `lexigraph mcp` itself. With --http it serves Streamable HTTP at
http://127.0.0.1:PORT/mcp (stateless, bound to loopback, Host/Origin checked against DNS rebinding)
until stopped; behind a reverse proxy, --allowed-host/--allowed-origin (or LEXIGRAPH_ALLOWED_HOSTS/
LEXIGRAPH_ALLOWED_ORIGINS, comma-separated) add the public names the proxy forwards."""


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
    check.add_argument("--evidence", action="store_true", help="also print, per entry, how many claims carry an evidence marker")
    check.add_argument("--strict", action="store_true", help="treat warnings (stale entries, placeholders, French typography, quiz answer cues) as errors")
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
    mcp.add_argument("--allowed-host", action="append", metavar="HOST",
                     help="with --http, also accept this Host header (e.g. lexigraph.example.org, or name:* for any port); "
                          "repeatable; default: $LEXIGRAPH_ALLOWED_HOSTS (comma-separated); loopback is always accepted")
    mcp.add_argument("--allowed-origin", action="append", metavar="ORIGIN",
                     help="with --http, also accept this Origin header (e.g. https://app.example.org); repeatable; "
                          "default: $LEXIGRAPH_ALLOWED_ORIGINS (comma-separated)")
    mcp.set_defaults(func=cmd_mcp)
    preview = sub.add_parser("preview", help="serve one entry, its neighbours and the indexes, rebuilt within seconds of each save")
    preview.add_argument("id", help="the entry id, e.g. mcp")
    preview.add_argument("--port", type=int, default=8001, help="port on 127.0.0.1 (default: 8001)")
    preview.set_defaults(func=cmd_preview)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
