"""How many claims of each entry carry evidence: `evidence: mcp 23/30 claims marked (fr 12/15, en 11/15)`.

A claim is a sentence the evidence rule names (a figure, a date, a version, normative wording, an
attribution: FORMAT.md, "Evidence markers"). Same as `lexigraph check --evidence`, without the problems.
Usage: python bench/evidence.py [content root]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexigraph.check.evidence import tally_lines  # noqa: E402
from lexigraph.check.validate import well_formed  # noqa: E402
from lexigraph.content.load import load_corpus  # noqa: E402

if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    print("\n".join(tally_lines(well_formed(load_corpus(root)))))
