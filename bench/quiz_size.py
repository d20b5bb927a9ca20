"""Size of the quiz's own assets: raw, minified (terser, csso from package.json) and gzipped.

Run from anywhere: ``.venv/bin/python bench/quiz_size.py``. Needs ``npm install`` done.
Exit status 1 if minified + gzipped JS and CSS together exceed the 6 KB budget.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "docs" / "assets"
BUDGET = 6 * 1024
MINIFY = r"""
const fs = require("fs");
const [kind, path] = process.argv.slice(1);
const text = fs.readFileSync(path, "utf8");
(async () => {
  const out = kind === "js"
    ? (await require("terser").minify(text, {compress: true, mangle: true})).code
    : require("csso").minify(text).css;
  process.stdout.write(out);
})().catch((e) => { console.error(e); process.exit(1); });
"""


def minify(path: Path) -> bytes:
    kind = "js" if path.suffix == ".js" else "css"
    done = subprocess.run(["node", "-e", MINIFY, kind, str(path)], cwd=ROOT, capture_output=True, check=True)
    return done.stdout


def main() -> int:
    total = 0
    print(f"{'file':<10}{'raw':>8}{'min':>8}{'min+gz':>8}")
    for name in ("quiz.js", "quiz.css"):
        path = ASSETS / name
        small = minify(path)
        zipped = len(gzip.compress(small, compresslevel=9))
        total += zipped
        print(f"{name:<10}{path.stat().st_size:>8}{len(small):>8}{zipped:>8}")
    print(f"{'together':<26}{total:>8}  (budget {BUDGET})")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
