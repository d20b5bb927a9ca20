"""Running a snippet as its own process, for the snippet tests of the entries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def run(snippet: str) -> str:
    """Run a snippet as its own process (it starts and stops its own servers) and return its output."""
    done = subprocess.run([sys.executable, str(SNIPPETS / snippet)], capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout
