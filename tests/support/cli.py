"""``lexigraph …`` run in this process: what a test of the command needs, without a process per case.

:func:`lexigraph` calls :func:`lexigraph.cli.main` with the arguments, environment and working folder
a subprocess would get, captures what it prints, and answers with a :class:`subprocess.CompletedProcess`,
so a test reads ``returncode``, ``stdout`` and ``stderr`` as before. A traceback is not printed: the
exception reaches the test, which fails on it. :func:`lexigraph_process` is the real process, kept for the
smoke tests that prove the command itself (``python -m lexigraph``) behaves the same.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from lexigraph.cli import main


@contextlib.contextmanager
def environment(env: Mapping[str, str] | None, cwd: Path | None) -> Iterator[None]:
    """``env`` added to os.environ and ``cwd`` made current, both undone on the way out."""
    saved = {key: os.environ.get(key) for key in (env or {})}
    here = Path.cwd()
    try:
        os.environ.update(env or {})
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(here)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def lexigraph(*argv: str, env: Mapping[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``lexigraph *argv`` in this process: its exit code and what it printed on stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with environment(env, cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:          # argparse's usage errors
            code = stop.code if isinstance(stop.code, int) else 2
    return subprocess.CompletedProcess(["lexigraph", *argv], code, out.getvalue(), err.getvalue())


def lexigraph_process(*argv: str, env: Mapping[str, str] | None = None, cwd: Path | None = None,
                      timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m lexigraph *argv`` as a real process (the smoke tests)."""
    return subprocess.run([sys.executable, "-m", "lexigraph", *argv], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd, env=dict(os.environ, **(env or {})))
