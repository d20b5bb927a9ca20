"""Tests and assertions per test module: the suite's cost per assertion (issue 32, item 4).

    python bench/assertions.py [tests/test_x.py ...]          # assert statements per module (ast)
    python bench/assertions.py --collect [tests/test_x.py ...]   # and the tests pytest collects in each

An assertion is an ``assert`` statement in the module's source (helpers included; tests/support/ is
counted under its own name), plus each ``pytest.raises``/``pytest.fail`` call, which assert too. The
count is static: a parametrised test's assert counts once, however many cases it runs; the collected
test count says how many cases there are.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def assertions(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            count += 1
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("raises", "fail")
              and isinstance(node.func.value, ast.Name) and node.func.value.id == "pytest"):
            count += 1
    return count


def collected(paths: list[Path]) -> Counter:
    """How many tests pytest collects in each module (one collection for all of them)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                           *map(str, paths)], cwd=ROOT, capture_output=True, text=True)
    counts = Counter()
    for line in done.stdout.splitlines():
        if match := re.match(r"^(tests/[^:]+\.py)::", line):
            counts[match[1]] += 1
    return counts


def main(argv: list[str]) -> int:
    collect = "--collect" in argv
    names = [a for a in argv if not a.startswith("--")]
    paths = [Path(n) for n in names] or sorted(p.relative_to(ROOT) for p in (ROOT / "tests").rglob("*.py")
                                               if p.name.startswith("test_") or "support" in p.parts or p.name == "conftest.py")
    tests = collected(paths) if collect else Counter()
    print("| module | tests | asserts |" if collect else "| module | asserts |")
    print("|---|---:|---:|" if collect else "|---|---:|")
    total_tests = total_asserts = 0
    for path in paths:
        count = assertions(ROOT / path)
        total_asserts += count
        total_tests += tests[str(path)]
        print(f"| `{path}` | {tests[str(path)]} | {count} |" if collect else f"| `{path}` | {count} |")
    print(f"| **total** | **{total_tests}** | **{total_asserts}** |" if collect else f"| **total** | **{total_asserts}** |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
