"""A per-file cache across runs: the same YAML is never parsed (or checked) twice.

Keyed on each file's content digest, and on a digest of the lexigraph package itself, so
any change to a file or to the code that reads it starts afresh for what changed. It lives
in <root>/.cache/lexigraph/ (git-ignored); a cache that cannot be read or written is ignored.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

CACHE_DIR = Path(".cache") / "lexigraph"


@cache
def code_digest() -> str:
    """Changes whenever the package's code, schemas or data lists (lexigraph/data/*.yml) change."""
    digest = hashlib.blake2b(digest_size=12)
    package = Path(__file__).parents[1]
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".json", ".yml") and "__pycache__" not in path.parts:
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class FileCache:
    """shown path → (content digest, {key: value}) for one content root."""

    def __init__(self, root: Path | None):
        self.path = root / CACHE_DIR / f"files-{code_digest()}.pickle" if root is not None else None
        self.entries: dict[str, tuple[str, dict[str, Any]]] = {}
        self.dirty = False
        if self.path is not None and self.path.is_file():
            try:
                with self.path.open("rb") as handle:
                    self.entries = pickle.load(handle)
            except Exception:  # a damaged or foreign cache is simply rebuilt
                self.entries = {}

    def get(self, shown: str, digest: str, key: str, compute: Callable[[], Any]) -> Any:
        """The value of ``key`` for this version of the file, computed once."""
        known = self.entries.get(shown)
        if known is None or known[0] != digest:
            known = (digest, {})
            self.entries[shown] = known
        values = known[1]
        if key not in values:
            values[key] = compute()
            self.dirty = True
        return values[key]

    def save(self, keep: set[str]) -> None:
        """Write the cache back, forgetting files that no longer exist."""
        if self.path is None:
            return
        stale = set(self.entries) - keep
        for shown in stale:
            del self.entries[shown]
        if not (self.dirty or stale):
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            for old in self.path.parent.glob("files-*.pickle"):
                if old != self.path:
                    old.unlink()
            temporary = self.path.with_suffix(".tmp")
            with temporary.open("wb") as handle:
                pickle.dump(self.entries, handle, protocol=pickle.HIGHEST_PROTOCOL)
            temporary.replace(self.path)
        except OSError:
            pass
