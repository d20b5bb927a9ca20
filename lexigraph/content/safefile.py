"""Every content file is read through here, so nothing from outside the repository reaches the site.

Content arrives by pull request: a snippet could be a symbolic link to ``/proc/self/environ``,
a named pipe that blocks the build, or a file of a gigabyte. A file is read only when it is a
regular file (or a symbolic link to a regular file) inside its own content folder
(``snippets/`` for a snippet, ``entries/`` for an entry's YAML…), under a size limit, and
valid UTF-8. :func:`refusal` says why a file is refused; :func:`read_text` refuses by raising.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from lexigraph.errors import FILES, LexigraphError, Problem, display_path

KB = 1024


@dataclass(frozen=True)
class Limit:
    """How large one kind of content file may be."""

    what: str      # "a snippet"
    size: int      # bytes

    def __str__(self) -> str:
        return f"{self.size // KB // KB} MB" if self.size % (KB * KB) == 0 else f"{self.size // KB} KB"


SNIPPET = Limit("a snippet", 256 * KB)
YAML = Limit("a YAML file", 1024 * KB)
ARCHIVED_PAGE = Limit("an archived page", 1024 * KB)
RESULTS = Limit("the support results file", 8 * 1024 * KB)

_SPECIAL = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
            (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class UnsafeFile(LexigraphError):
    """Raised when the build is asked to read a file it must refuse."""

    def __init__(self, problem: Problem):
        super().__init__([problem])


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _where(path: Path, folder: Path, root: Path) -> tuple[str | None, os.stat_result | None]:
    """(why ``path`` cannot be read, None) or (None, the stat of the file it leads to)."""
    def shown() -> str:
        return _folder_name(folder, root)

    if "\x00" in str(path):
        return "file name holds a NUL character", None
    if not _inside(os.path.normpath(os.path.abspath(path)), os.path.normpath(os.path.abspath(folder))):
        return f"file is not inside {shown()}", None
    try:
        own = os.lstat(path)
    except FileNotFoundError:
        return "file is missing", None
    except OSError as exc:
        return f"cannot read file: {exc.strerror}", None
    home = os.path.realpath(folder)
    if not _inside(home, os.path.realpath(root)):
        return f"file is in {shown()}, which is a symbolic link that leads outside the repository", None
    if not _inside(os.path.realpath(path.parent), home):
        return f"file is reached through a symbolic link that leads outside {shown()}", None
    link = stat.S_ISLNK(own.st_mode)
    if link:
        try:
            target = os.path.realpath(path, strict=True)
        except OSError:
            return "file is a symbolic link to nothing (its target is missing, or the link loops)", None
        if not _inside(target, home):
            return f"file is a symbolic link that leads outside {shown()}; a link must point to a file inside {shown()}", None
        try:
            own = os.stat(target)
        except OSError as exc:
            return f"cannot read file: {exc.strerror}", None
    kind = " a symbolic link to" if link else ""
    if stat.S_ISDIR(own.st_mode):
        return f"file is{kind} a directory, not a file", None
    for test, name in _SPECIAL:
        if test(own.st_mode):
            return f"file is{kind} {name}, not a regular file", None
    if not stat.S_ISREG(own.st_mode):
        return f"file is{kind} not a regular file", None
    return None, own


def too_large(size: int, limit: Limit) -> str:
    """Why a file of ``size`` bytes is refused as {limit.what} (also said of a file at a commit, check/base.py)."""
    return f"file is {size} bytes, over the {limit} limit for {limit.what} ({limit.size} bytes)"


def read_bytes(path: Path, folder: Path, root: Path, limit: Limit) -> tuple[bytes | None, str | None]:
    """The bytes of ``path``, or None and why it is refused. Never opens anything but a regular file."""
    why, info = _where(path, folder, root)
    if why:
        return None, why
    assert info is not None  # _where gives a reason or the file's stat
    if info.st_size > limit.size:
        return None, too_large(info.st_size, limit)
    try:
        # O_NONBLOCK: should the file be swapped for a pipe after the check, opening it does not hang.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return None, f"cannot read file: {exc.strerror}"
    with os.fdopen(fd, "rb") as handle:
        now = os.fstat(handle.fileno())
        if not stat.S_ISREG(now.st_mode):
            return None, "file is not a regular file"
        data = handle.read(limit.size + 1)
    if len(data) > limit.size:
        return None, too_large(now.st_size, limit)
    return data, None


def decode(data: bytes) -> tuple[str | None, str | None]:
    """UTF-8 text, or None and why not."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return None, f"file is not valid UTF-8 ({exc.reason} at byte {exc.start})"


def read_utf8(path: Path, folder: Path, root: Path, limit: Limit) -> tuple[bytes, str] | str:
    """The bytes of ``path`` and their UTF-8 text, or why it is refused (:func:`read_bytes`, then :func:`decode`)."""
    data, why = read_bytes(path, folder, root, limit)
    if data is None:
        assert why is not None  # read_bytes gives the bytes or a reason
        return why
    text, why = decode(data)
    if text is None:
        assert why is not None  # decode gives the text or a reason
        return why
    return data, text


def refusal(path: Path, folder: Path, root: Path, limit: Limit) -> str | None:
    """Why ``path`` may not be read as content, or None when it may."""
    read = read_utf8(path, folder, root, limit)
    return read if isinstance(read, str) else None


def read_text(path: Path, folder: Path, root: Path, limit: Limit) -> str:
    """The text of a content file; raises :class:`UnsafeFile` (a LexigraphError) when it must be refused."""
    read = read_utf8(path, folder, root, limit)
    if isinstance(read, str):
        raise UnsafeFile(Problem(display_path(path, root), 1, "$", read, FILES))
    return read[1]


def _folder_name(folder: Path, root: Path) -> str:
    """How messages name a content folder: ``snippets/``, or ``the repository`` for the root."""
    name = display_path(folder, root)
    return "the repository" if name in ("", ".") or os.path.realpath(folder) == os.path.realpath(root) else name + "/"
