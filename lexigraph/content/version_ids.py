"""Version ids of an entry: ``vYYYY-MM`` for the first version of a month, ``vYYYY-MM-N`` (N ≥ 2) for the next ones."""

from __future__ import annotations

import datetime as dt
import re

#: The schema's pattern (entry.schema.json, version.schema.json): every existing vYYYY-MM id stays valid.
PATTERN = r"^v[0-9]{4}-(0[1-9]|1[0-2])(-([2-9]|[1-9][0-9]))?$"
_PARTS = re.compile(r"v([0-9]{4})-([0-9]{2})(?:-([0-9]{1,2}))?")


def key(version: object) -> tuple[int, int, int] | None:
    """(year, month, n) to order version ids (``v2026-12`` is n = 1), or None if it is not one."""
    match = _PARTS.fullmatch(version) if isinstance(version, str) else None
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2)), int(match.group(3) or 1)


def month(version: object) -> str | None:
    """``v2026-12-2`` → ``2026-12``."""
    parts = key(version)
    return f"{parts[0]:04d}-{parts[1]:02d}" if parts else None


def next_id(existing: list[str], today: dt.date) -> str:
    """The id of a new version made ``today``: ``vYYYY-MM``, or ``vYYYY-MM-N`` after the month's first one."""
    base = f"v{today.year:04d}-{today.month:02d}"
    taken = [k[2] for k in map(key, existing) if k and k[:2] == (today.year, today.month)]
    return base if not taken else f"{base}-{max(taken) + 1}"
