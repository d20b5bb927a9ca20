"""The fixture corpus: valid/ passes; each invalid/<case>/ fails with its exact, hand-written messages.

An invalid case is an overlay of valid/: files/ holds the files it changes,
delete.txt the files it removes, expected.txt the problem lines `lexigraph check` must print (each with its rule's code),
args.txt, if any, the options check runs with (``--strict`` for warnings such as terminology), and
env.txt, if any, KEY=VALUE lines for its environment (LEXIGRAPH_TODAY, so dates compare with a fixed today).

Check runs in this process (tests/support/cli.py): a case costs its check, not a Python start-up.
Two smoke tests run the real `python -m lexigraph check`, on the valid corpus and on one invalid case.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import lexigraph, lexigraph_process

FIXTURES = Path(__file__).parent / "fixtures"
CASES = sorted(p.name for p in (FIXTURES / "invalid").iterdir() if p.is_dir())


def run_check(root: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`lexigraph --root <root> check <args>`, in this process."""
    return lexigraph("--root", str(root), "check", *args, env=env)


def problem_lines(output: str) -> list[str]:
    """The indented `path:line: $.field: LX123 message` lines of check's report."""
    return [line.strip() for line in output.splitlines() if line.startswith("  ")]


def materialise(case: str, tmp_path: Path) -> Path:
    root = tmp_path / case
    shutil.copytree(FIXTURES / "valid", root)
    case_dir = FIXTURES / "invalid" / case
    if (case_dir / "files").is_dir():
        shutil.copytree(case_dir / "files", root, dirs_exist_ok=True)
    if (case_dir / "delete.txt").is_file():
        for name in (case_dir / "delete.txt").read_text().split():
            (root / name).unlink()
    return root


def test_valid_fixture_passes():
    result = run_check(FIXTURES / "valid")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines() == ["cue-only solver: 0/3 (fr), 0/3 (en); chance: 1.5/3 (fr), 1.5/3 (en)",
                                                  "lexigraph check: 2 entries, no problems."]


def test_there_are_at_least_twenty_invalid_cases():
    assert len(CASES) >= 20


def case_arguments(case: str) -> tuple[list[str], dict | None]:
    """The case's args.txt options and env.txt environment."""
    args_file = FIXTURES / "invalid" / case / "args.txt"
    env_file = FIXTURES / "invalid" / case / "env.txt"
    env = dict(line.split("=", 1) for line in env_file.read_text().split()) if env_file.is_file() else None
    return (args_file.read_text().split() if args_file.is_file() else []), env


@pytest.mark.parametrize("case", CASES)
def test_invalid_case_reports_exact_messages(case, tmp_path):
    root = materialise(case, tmp_path)
    args, env = case_arguments(case)
    result = run_check(root, *args, env=env)
    expected = (FIXTURES / "invalid" / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 1
    assert sorted(problem_lines(result.stdout)) == sorted(expected)
    assert f"lexigraph check: {len(expected)} problem(s)" in result.stdout


@pytest.mark.parametrize("case", [None, "several-errors-at-once"], ids=["valid", "invalid"])
def test_the_real_command_prints_what_the_in_process_run_prints(case, tmp_path):
    """Smoke: `python -m lexigraph check` as a process, on the valid corpus and on an invalid case,
    gives the exit code and the very output the in-process runs above are judged on."""
    root = materialise(case, tmp_path) if case else FIXTURES / "valid"
    args, env = case_arguments(case) if case else ([], None)
    process = lexigraph_process("--root", str(root), "check", *args, env=env)
    in_process = run_check(root, *args, env=env)
    assert "Traceback" not in process.stdout + process.stderr
    assert process.returncode == (1 if case else 0)
    assert (process.returncode, process.stdout) == (in_process.returncode, in_process.stdout)
    if case:
        expected = (FIXTURES / "invalid" / case / "expected.txt").read_text(encoding="utf-8").splitlines()
        assert sorted(problem_lines(process.stdout)) == sorted(expected)


def test_kinds_are_reported_apart(tmp_path):
    root = materialise("several-errors-at-once", tmp_path)
    (root / "entries" / "gadget" / "fr.yml").write_text("slug: [gadget\n", encoding="utf-8")
    output = run_check(root).stdout
    headers = [line for line in output.splitlines() if not line.startswith("  ")]
    assert headers[:3] == ["YAML parse errors (1):", "Schema errors (3):", "Cross-entry errors (1):"]


def test_french_typography_warns_and_fails_strict(tmp_path):
    root = materialise("annotation-not-in-snippet", tmp_path)   # any copy of valid/ will do
    shutil.copy(FIXTURES / "valid" / "snippets" / "widget" / "declare.json", root / "snippets" / "widget" / "declare.json")
    prose = root / "entries" / "widget" / "fr.yml"
    text = prose.read_text(encoding="utf-8")
    text = text.replace("Il sert à vérifier que chaque section s’affiche.",
                        "Il sert à vérifier qu'une section s’affiche : « bien» ! Voir `ui://x` et 13:30 ?")
    prose.write_text(text, encoding="utf-8")
    lenient, strict = run_check(root), run_check(root, "--strict")
    assert lenient.returncode == 0 and strict.returncode == 1
    assert problem_lines(strict.stdout) == [
        "entries/widget/fr.yml:15: $.in_depth[1].body: LX903 ordinary space before ':': use a no-break space (U+00A0)",
        "entries/widget/fr.yml:15: $.in_depth[1].body: LX903 straight apostrophe: write ’",
        "entries/widget/fr.yml:15: $.in_depth[1].body: LX903 « must be followed by a no-break space (U+00A0)",
        "entries/widget/fr.yml:15: $.in_depth[1].body: LX903 » must be preceded by a no-break space (U+00A0)",
        "entries/widget/fr.yml:15: $.in_depth[1].body: LX702 sentence states a figure, a date or a version but carries no marker: "
        "add [^source-id] or [^observed:step-id] (“Voir `ui://x` et 13:30 ?”)",
    ]


@pytest.mark.parametrize("sentence, found", [
    ("Voir l'`outil` ici.", ["straight apostrophe: write ’"]),          # before a code span
    ("Voir l'**outil** ici.", ["straight apostrophe: write ’"]),        # before emphasis
    ("Voir l'[outil](https://example.org/) ici.", ["straight apostrophe: write ’"]),   # before a link
    ("Le champ `name`: une chaîne.", ["no space before ':': French puts a no-break space (U+00A0) there"]),
    ("Voir [la spécification](https://example.org/)! Puis https://example.org/ ?", [
        "no space before '!': French puts a narrow no-break space (U+202F) there",
        "ordinary space before '?': use a narrow no-break space (U+202F)"]),
    ("Voir l’`outil` et `l'outil` et `a:b`\u00a0: rien.", []),          # curly before code; code is not prose
])
def test_french_typography_around_code_emphasis_and_links(tmp_path, sentence, found):
    root = materialise("annotation-not-in-snippet", tmp_path)
    shutil.copy(FIXTURES / "valid" / "snippets" / "widget" / "declare.json", root / "snippets" / "widget" / "declare.json")
    prose = root / "entries" / "widget" / "fr.yml"
    text = prose.read_text(encoding="utf-8")
    assert "Il sert à vérifier que chaque section s’affiche." in text
    prose.write_text(text.replace("Il sert à vérifier que chaque section s’affiche.", sentence), encoding="utf-8")
    strict = run_check(root, "--strict")
    assert problem_lines(strict.stdout) == [f"entries/widget/fr.yml:15: $.in_depth[1].body: LX903 {message}" for message in found]
    assert strict.returncode == (1 if found else 0)


@pytest.mark.parametrize("lang, title, aliases, message", [
    # A first mention needs a word to find: "..." as an alias used to crash the build's rendering.
    ("en", "Widget", "[gizmo, '...']", "$.aliases[1]: LX103 '...' holds no letter or digit: write a word"),
    # A phrase of lexigraph/data/not-terms.yml never links, so no entry may claim it as its name.
    ("fr", "Bidule", "[modèle de prompt]", "$.aliases[0]: LX203 alias 'modèle de prompt' is listed in not-terms.yml as a phrase "
                                           "that never links: remove it there or choose another alias"),
], ids=["punctuation only", "listed in not-terms"])
def test_an_alias_that_cannot_link_is_an_error(tmp_path, lang, title, aliases, message):
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURES / "valid", root)
    prose = root / "entries" / "widget" / f"{lang}.yml"
    prose.write_text(prose.read_text(encoding="utf-8").replace(f"title: {title}\n", f"title: {title}\naliases: {aliases}\n", 1),
                     encoding="utf-8")
    result = run_check(root)
    assert result.returncode == 1
    assert problem_lines(result.stdout) == [f"entries/widget/{lang}.yml:3: {message}"]


def test_files_the_lexicon_would_ignore_are_reported(tmp_path):
    """A writer's es.yml, fr.yaml or loose file would be silently skipped: check names each one, as a
    warning (an error with --strict), so a file left in the way never stops a build. Hidden files,
    editor backups and merge leftovers are left alone."""
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURES / "valid", root)
    for name in ("entries/widget/es.yml", "entries/widget/fr.yaml", "entries/notes.md", "quizzes/widget.fr.yaml",
                 "quizzes/widget.de.yml", "entries/widget/.DS_Store", "quizzes/.DS_Store", "entries/widget/fr.yml~",
                 "entries/widget/fr.yml.orig", "entries/widget/#fr.yml#", "quizzes/Thumbs.db",
                 "entries/widget/en.yml___jb_tmp___", "quizzes/ghost.de.yml"):
        (root / name).write_text("title: x\n", encoding="utf-8")
    lenient, strict = run_check(root), run_check(root, "--strict")
    assert lenient.returncode == 0 and strict.returncode == 1
    assert strict.stdout.splitlines()[0] == "Files the lexicon would ignore (warnings; errors with --strict) (6):"
    assert problem_lines(strict.stdout) == problem_lines(lenient.stdout) == [
        "entries/notes.md:1: $: LX901 not read: entries/ holds one folder per entry",
        "entries/widget/es.yml:1: $: LX901 not read: an entry folder holds entry.yml, fr.yml and en.yml only; "
        "the lexicon's languages are fr and en",
        "entries/widget/fr.yaml:1: $: LX901 not read: an entry folder holds entry.yml, fr.yml and en.yml only; rename it to fr.yml",
        "quizzes/ghost.de.yml:1: $: LX901 not read: quiz files are named <quiz>.fr.yml and <quiz>.en.yml; "
        "the lexicon's languages are fr and en",         # told once: not also as an unreferenced quiz
        "quizzes/widget.de.yml:1: $: LX901 not read: quiz files are named <quiz>.fr.yml and <quiz>.en.yml; "
        "the lexicon's languages are fr and en",
        "quizzes/widget.fr.yaml:1: $: LX901 not read: quiz files are named <quiz>.fr.yml and <quiz>.en.yml; rename it to widget.fr.yml",
    ]


def test_notes_on_sources_follow_french_typography_and_the_terminology(tmp_path):
    """A note on a source is prose shown on the page: checked like the rest of it, in its language.
    The work's own title is not (an English title keeps its straight apostrophes)."""
    root = tmp_path / "lexicon"
    shutil.copytree(FIXTURES / "valid", root)
    facts = root / "entries" / "widget" / "entry.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace(
        "title: Widget specification, url:",
        "title: \"Widget specification: what's in it\", note: {fr: \"l'annexe : un champ déprécié\", "
        "en: \"the annex, as read by the person\"}, url:"), encoding="utf-8")
    lenient, strict = run_check(root), run_check(root, "--strict")
    assert lenient.returncode == 0 and strict.returncode == 1
    assert sorted(problem_lines(strict.stdout)) == sorted([
        "entries/widget/entry.yml:22: $.sources[0].note.fr: LX903 ordinary space before ':': use a no-break space (U+00A0)",
        "entries/widget/entry.yml:22: $.sources[0].note.fr: LX903 straight apostrophe: write ’",
        "entries/widget/entry.yml:22: $.sources[0].note.fr: LX904 'déprécié': write 'déclaré obsolète' (« déprécier » veut dire "
        "« faire perdre de la valeur » ; deprecated se traduit par « déclaré obsolète »)",
        "entries/widget/entry.yml:22: $.sources[0].note.en: LX904 'the person': write 'the user' (the lexicon calls the human at "
        "the keyboard \"the user\")",
    ])


def test_a_second_run_reuses_the_cache_and_sees_every_edit(tmp_path):
    root = materialise("yaml-syntax", tmp_path)
    first = run_check(root)
    cache_files = list((root / ".cache" / "lexigraph").glob("files-*.pickle"))
    assert len(cache_files) == 1
    assert run_check(root).stdout == first.stdout          # same report from the cache
    broken = root / "entries" / "widget" / "en.yml"
    broken.write_text((FIXTURES / "valid" / "entries" / "widget" / "en.yml").read_text(encoding="utf-8")
                      .replace("title: Widget", "title: Widget\ntitel: typo"), encoding="utf-8")
    assert problem_lines(run_check(root).stdout) == [
        "entries/widget/en.yml:3: $.titel: LX103 unknown field 'titel' (did you mean 'title'?)"]
    shutil.copy(FIXTURES / "valid" / "entries" / "widget" / "en.yml", broken)
    assert run_check(root).returncode == 0
