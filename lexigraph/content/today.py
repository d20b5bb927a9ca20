"""Today's date for every check, build and test: the clock, or ``LEXIGRAPH_TODAY=YYYY-MM-DD``."""

from __future__ import annotations

import datetime as dt
import os
from typing import NoReturn

ENV = "LEXIGRAPH_TODAY"


class BadToday(ValueError):
    """``LEXIGRAPH_TODAY`` is set but is not a date."""


def today() -> dt.date:
    """``LEXIGRAPH_TODAY`` when set (``YYYY-MM-DD``), else the machine's date. One function, so a test
    or a writer can look at the lexicon as it will be on a given day (a review's due date passing)."""
    value = os.environ.get(ENV, "").strip()
    if not value:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value) if len(value) == 10 else _invalid(value)
    except ValueError:
        _invalid(value)


def _invalid(value: str) -> NoReturn:
    raise BadToday(f"{ENV}={value!r} is not a date: write it YYYY-MM-DD (e.g. {ENV}=2027-02-20), or unset it")
