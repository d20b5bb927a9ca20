"""Time the snippet test suite: run `pytest tests/snippets` N times (default 3), print the median.

    .venv/bin/python bench/snippets.py [-n N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 90


def run_once() -> float:
    """One full run's wall time; exits with pytest's output if the suite fails."""
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "tests/snippets", "-q", "-p", "no:cacheprovider"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"tests/snippets failed (exit {run.returncode}):\n{run.stdout[-4000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3, help="number of runs")
    args = parser.parse_args()
    times = [run_once() for _ in range(args.n)]
    median = statistics.median(times)
    print("runs: " + ", ".join(f"{t:.1f}s" for t in times))
    print(f"median wall time: {median:.1f}s (target < {TARGET_SECONDS}s)")


if __name__ == "__main__":
    main()
