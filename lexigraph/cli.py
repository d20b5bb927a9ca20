"""The ``lexigraph`` command: a thin layer over the package; the only place that exits (library code raises
:class:`lexigraph.errors.LexigraphError`, which is printed here as located problems)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexigraph import DEFAULT_SITE_URL
from lexigraph.errors import LexigraphError, print_problems


def cmd_check(args: argparse.Namespace) -> int:
    from lexigraph.check import report
    from lexigraph.check.validate import RULES, check

    try:
        chosen = RULES.matching(_codes(args.select)) if args.select else set(RULES.codes())
        chosen -= RULES.matching(_codes(args.ignore)) if args.ignore else set()
    except ValueError as error:
        print(f"lexigraph check: {error}", file=sys.stderr)
        return 2
    state = check(Path(args.root), base=args.base)
    corpus, errors, warnings = state.corpus, state.errors, state.warnings
    problems = [p for p in errors + warnings if not p.code or p.code in chosen]
    outcome = report.Outcome(len(corpus.entries), problems, RULES, args.strict)
    if args.format == "json":
        from lexigraph.check.quiz import solver_figures

        extra: dict = {"solver": {lang: {"right": right, "questions": total, "chance": round(chance, 2)}
                                  for lang, (right, total, chance) in solver_figures(corpus).items()}}
        if args.evidence:
            from lexigraph.check.evidence import tally_lines

            extra["evidence"] = tally_lines(corpus)
        print(report.as_json(outcome, extra))
    else:
        lines = _solver_lines(corpus)
        if args.evidence:
            from lexigraph.check.evidence import tally_lines

            lines += tally_lines(corpus)
        (report.github if args.format == "github" else report.text)(outcome, lines, print)
    return 1 if outcome.failing else 0


def _codes(values: list[str]) -> list[str]:
    """--select/--ignore values: repeatable, each comma-separated."""
    return [code for value in values for code in value.split(",")]


def _solver_lines(corpus) -> list[str]:
    """How many questions a reader who knows nothing but the surface cues would answer (check/cues.py)."""
    from lexigraph.check.quiz import solver_figures

    figures = solver_figures(corpus)
    if not figures:
        return []
    shown = ", ".join(f"{right}/{total} ({lang})" for lang, (right, total, _chance) in figures.items())
    chance = ", ".join(f"{guess:.1f}/{total} ({lang})" for lang, (_right, total, guess) in figures.items())
    return [f"cue-only solver: {shown}; chance: {chance}"]


def cmd_stale(args: argparse.Namespace) -> int:
    from lexigraph.authoring.stale import stale_report

    text, count, overdue = stale_report(Path(args.root))
    print(text)
    return 1 if (overdue and args.strict) else 0


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
    """Only the freezing step of `lexigraph bump` (same rules: from git HEAD unless --from-worktree)."""
    from lexigraph.authoring.bump import BumpError, freeze

    root = Path(args.root)
    try:
        folder, version, kept = freeze(root, args.id, site_url(root), from_worktree=args.from_worktree)
    except BumpError as error:
        print(f"lexigraph archive: {error}.")
        return 1
    except LexigraphError as error:
        print_problems(error.problems)
        print("lexigraph archive: fix the problems above first.")
        return 1
    if kept:
        print(f"lexigraph archive: {folder} already exists: version {version} of {args.id} is archived.")
        return 1
    print(f"lexigraph archive: {args.id} {version} archived in {folder}. "
          f"Next: `lexigraph bump {args.id} --changed …` gives the entry its next version (it would have frozen it too).")
    return 0


def cmd_bump(args: argparse.Namespace) -> int:
    from lexigraph.authoring.bump import BumpError, bump_changed, bump_reviewed, parse_changed

    root = Path(args.root)
    try:
        if args.reviewed:
            print(bump_reviewed(root, args.id))
        else:
            print(bump_changed(root, args.id, parse_changed(args.changed), site_url(root), from_worktree=args.from_worktree))
    except BumpError as error:
        print(f"lexigraph bump: {error}.")
        return 1
    except LexigraphError as error:
        print_problems(error.problems)
        print("lexigraph bump: fix the problems above first (the version to freeze must pass lexigraph check).")
        return 1
    return 0


def cmd_upstream(args: argparse.Namespace) -> int:
    from lexigraph.authoring.upstream import new_revisions, open_issues, report

    text, found = report(Path(args.root), as_json=args.json)
    print(text)
    if args.open_issues:
        try:
            extra = Path(args.support_summary).read_text(encoding="utf-8") if args.support_summary else ""
            for line in open_issues(new_revisions(Path(args.root))[0], support_summary=extra):
                print(line)
        except (RuntimeError, OSError) as error:
            print(f"lexigraph upstream: {error}", file=sys.stderr)
            return 2
    return 1 if found else 0


def cmd_support_collect(args: argparse.Namespace) -> int:
    from lexigraph.authoring.support_collect import Options, collect, default_cache

    options = Options(implementations=args.implementation or [], versions=args.version or [], probes=args.probe or [],
                      timeout=args.timeout, cache=Path(args.cache).expanduser() if args.cache else default_cache(),
                      offline=args.offline, jobs=args.jobs)
    try:
        report = collect(Path(args.root), options)
    except LexigraphError as error:
        print(error.report(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lexigraph support collect: interrupted; support/results.json is as it was", file=sys.stderr)
        return 130
    print(report.summary())
    if args.summary_file:
        Path(args.summary_file).write_text(report.summary() + "\n", encoding="utf-8")
    print("wrote support/results.json; then: `lexigraph support propose`, and `lexigraph check` compares the entries' claims")
    return 1 if report.failures else 0


def cmd_support_propose(args: argparse.Namespace) -> int:
    from lexigraph.authoring.support_collect import propose_lines

    lines, mismatches = propose_lines(Path(args.root))
    for line in lines:
        print(line)
    print(f"{len(lines)} claims, {mismatches} differing from what the results support"
          + ("; edit the claims (or re-run `lexigraph support collect`)" if mismatches else ""))
    return 1 if mismatches else 0


SUPPORT_HELP = """collect: install each version of support/versions.yml into its cached environment (a venv per PyPI
version, a node_modules per npm version; Debian's Chromium as it is), run every probe (support/probes/) the
entries' features name against it, and merge what they answered into support/results.json (written at the
end only, atomically). A crash, a time-out or a garbled answer is a failure, kept apart; never a result.
propose: per feature and implementation, the claim the results support beside the entry's claim."""


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
    check.add_argument("--base", metavar="REF", help="a git commit or branch (CI: the pull request's target): an entry whose "
                       "published text changed since REF must have a new version (lexigraph bump) or a logged correction")
    check.add_argument("--format", choices=("text", "json", "github"), default="text",
                       help="text (default): grouped, one `path:line: $.field: LX123 message` per problem; json: the same "
                       "problems as one JSON object (shape in lexigraph/check/report.py); github: GitHub Actions "
                       "annotations (::error file=…,line=…::) for a pull request")
    check.add_argument("--select", action="append", metavar="CODES", help="report only these rules: codes or prefixes, "
                       "comma-separated or repeated (e.g. LX2,LX903); CONTRIBUTING.md lists the codes")
    check.add_argument("--ignore", action="append", metavar="CODES", help="leave these rules out (codes or prefixes, as --select)")
    check.set_defaults(func=cmd_check)
    archive = sub.add_parser("archive", help="freeze an entry's current version in archive/<id>/<version>/ (lexigraph bump does it for you)")
    archive.add_argument("id", help="the entry id, e.g. mcp")
    archive.add_argument("--from-worktree", action="store_true", help="freeze the files as they are, not as committed at git HEAD")
    archive.set_defaults(func=cmd_archive)
    bump = sub.add_parser("bump", help="a new version of an entry (--changed …), or a re-check with nothing to change (--reviewed)",
                          description="--changed: freeze the published version from git HEAD into archive/, give the entry its next "
                          "version id (vYYYY-MM, or vYYYY-MM-2… in the same month), list it in versions and check it against the "
                          "current revisions; then edit the text. --reviewed: record that the entry was re-read against the "
                          "current revisions and nothing changed (no new version).")
    bump.add_argument("id", help="the entry id, e.g. tool-call")
    what = bump.add_mutually_exclusive_group(required=True)
    what.add_argument("--changed", metavar="WHAT", help="what the new version changes, comma-separated: main-text, under-the-hood, "
                      "examples, relations, quiz, sources")
    what.add_argument("--reviewed", action="store_true", help="re-checked against the current revisions, nothing to change")
    bump.add_argument("--from-worktree", action="store_true", help="freeze the files as they are, even with uncommitted changes")
    bump.set_defaults(func=cmd_bump)
    upstream = sub.add_parser("upstream", help="compare the installed reference implementations with specs.yml; exit 1 when one "
                              "knows a revision specs.yml does not, with a stanza to paste")
    upstream.add_argument("--json", action="store_true", help="one object per new revision (spec, revision, title, body), for the weekly job")
    upstream.add_argument("--open-issues", action="store_true", help="open or update one GitHub issue per new revision "
                          "(gh, GH_TOKEN; found again by its title, never opened twice)")
    upstream.add_argument("--support-summary", metavar="FILE", help="with --open-issues: add this `lexigraph support collect "
                          "--summary-file` output to each issue's text (what the weekly collection measured)")
    upstream.set_defaults(func=cmd_upstream)
    stale = sub.add_parser("stale", help="report entries checked against an older revision than the current one, by specification")
    stale.add_argument("--strict", action="store_true", help="exit 1 when an entry is stale past its review date (as check --strict)")
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
    sup = sub.add_parser("support", help="measure which versions support each feature (collect) and compare with the claims (propose)",
                         description=SUPPORT_HELP)
    sup_sub = sup.add_subparsers(dest="support_command", required=True)
    collect = sup_sub.add_parser("collect", help="run the probes against every version of support/versions.yml; write support/results.json",
                                 description=SUPPORT_HELP)
    collect.add_argument("--implementation", action="append", metavar="ID", help="only this implementation (mcp, ts-sdk, ext-apps, a2a-sdk, chromium); repeatable")
    collect.add_argument("--version", action="append", metavar="V", help="only this version; repeatable")
    collect.add_argument("--probe", action="append", metavar="ID", help="only this probe (also one no entry names yet); repeatable")
    collect.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS", help="time limit per probe run (default: 60)")
    collect.add_argument("--cache", metavar="DIR", help="the environments' folder (default: $LEXIGRAPH_SUPPORT_CACHE, else ~/.cache/lexigraph/support)")
    collect.add_argument("--offline", action="store_true", help="use only the environments already cached; ask no registry")
    collect.add_argument("--summary-file", metavar="FILE", help="also write the summary (counts, failures, time) to FILE "
                         "(the weekly job puts it in the revision issues: lexigraph upstream --support-summary FILE)")
    collect.add_argument("--jobs", type=int, default=2, metavar="N", help="probes run at once (default: 2)")
    collect.set_defaults(func=cmd_support_collect)
    propose = sup_sub.add_parser("propose", help="per feature and implementation, the claim the results support beside the entry's; exit 1 on a difference")
    propose.set_defaults(func=cmd_support_propose)
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
