"""content/support.py propose(): the claim a series of results supports (what `lexigraph support propose` prints
and what check's LX707 compares each claim with). Each case is a shape of results seen in support/results.json."""

from __future__ import annotations

import pytest

from lexigraph.content.support import Proposal, Result, propose


def series(*outcomes: str) -> list[Result]:
    versions = ["1.0.0", "1.3.0", "1.9.0", "1.10.0", "2.0.0", "2.4.0"]
    return [Result("p", "mcp", v, o, "", "2026-12-03", "", "") for v, o in zip(versions, outcomes, strict=False)]


@pytest.mark.parametrize("outcomes, expected", [
    # never passes
    (("unsupported", "unsupported"), Proposal(False, None, False, "")),
    # from a version on
    (("unsupported", "supported", "supported"), Proposal("1.3.0", None, False, "")),
    # in part first, then in full: the claim is where full support starts (partial below it is allowed)
    (("unsupported", "partial", "supported", "supported"), Proposal("1.9.0", None, False, "")),
    # removed again
    (("supported", "supported", "unsupported"), Proposal("1.0.0", "1.9.0", False, "")),
    # full support that comes and goes (on by default in some versions only): partial over the range
    (("unsupported", "partial", "supported", "partial"), Proposal("1.3.0", None, True, "")),
    (("partial", "supported", "supported", "partial", "partial"), Proposal("1.0.0", None, True, "")),
])
def test_propose(outcomes, expected):
    assert propose(series(*outcomes)) == expected


def test_results_that_go_back_and_forth_support_no_claim():
    proposal = propose(series("supported", "unsupported", "supported"))
    assert proposal.version_added is None and "back and forth" in proposal.reason


def test_no_result_supports_no_claim():
    assert propose([]) == Proposal(None, None, False, "no recorded result")
