"""Start-up of `lexigraph mcp` plus one get_entry call, at N entries (default 1000).

    .venv/bin/python bench/mcp.py [--size 1000] [--runs 5]

Writes a synthetic lexicon of N entries with bench/generate.py into bench/out/mcp-<N>/, then
times, from process spawn to the answer read on stdout, a stdio `lexigraph mcp` that receives one
`tools/call get_entry` (2026-07-28: no handshake, the request carries its `_meta` envelope):

- cold: no cache at all (the server validates the whole content, then writes its snapshot);
- warm: the usual case, a restart on unchanged content (the snapshot is read back);
- floor: the SDK's own reference server (snippets/server/weather_server.py) answering one call,
  i.e. what Python and importing the `mcp` package cost before Lexigraph does anything.

Prints medians of wall time and of the server's CPU time (user + system, from os.wait4), and
exits 1 if the warm median is 1 s or more (the issue 13 budget).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.0
CALL = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "get_entry", "arguments": {"id": "", "lang": "en"},
                   "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                             "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
                             "io.modelcontextprotocol/clientCapabilities": {}}}}


def generate(size: int) -> Path:
    out = ROOT / "bench" / "out" / f"mcp-{size}"
    if not (out / "entries").is_dir() or len(list((out / "entries").iterdir())) != size:
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), str(size), str(out)], check=True)
    return out


def one_run(root: Path, entry_id: str) -> tuple[float, float, int]:
    """(wall seconds to the answer, server CPU seconds, answer bytes)."""
    call = json.loads(json.dumps(CALL))
    call["params"]["arguments"]["id"] = entry_id
    return timed([sys.executable, "-m", "lexigraph", "--root", str(root), "mcp"], call, entry_id)


def floor_run() -> tuple[float, float, int]:
    """The same measure on the SDK's reference server (snippets/server/weather_server.py): the floor."""
    call = json.loads(json.dumps(CALL))
    call["params"].update(name="get_forecast", arguments={"city": "Lyon"})
    return timed([sys.executable, str(ROOT / "snippets" / "server" / "weather_server.py"), "--transport", "stdio"], call, None)


def timed(command: list[str], call: dict, entry_id: str | None) -> tuple[float, float, int]:
    start = time.perf_counter()
    server = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.stdin.write(json.dumps(call).encode() + b"\n")
    server.stdin.flush()
    answer = json.loads(server.stdout.readline())
    wall = time.perf_counter() - start
    server.stdin.close()
    _, status, usage = os.wait4(server.pid, 0)
    server.stdout.close()
    result = answer["result"]
    assert result["isError"] is False, answer
    assert entry_id is None or result["structuredContent"]["id"] == entry_id, answer
    return wall, usage.ru_utime + usage.ru_stime, len(json.dumps(answer))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    root = generate(args.size)
    entry_id = sorted(p.name for p in (root / "entries").iterdir())[args.size // 2]
    figures = {}
    for kind in ("cold", "warm", "floor"):
        runs = []
        for _ in range(args.runs if kind != "cold" else max(1, args.runs // 2)):
            if kind == "cold":
                shutil.rmtree(root / ".cache", ignore_errors=True)
            runs.append(floor_run() if kind == "floor" else one_run(root, entry_id))
        figures[kind] = runs
        walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
        what = "SDK reference server (weather_server.py): start-up + get_forecast" if kind == "floor" else \
            f"N={args.size}: start-up + get_entry({entry_id!r})"
        print(f"{kind}: {what}, {len(runs)} run(s): "
              f"median {statistics.median(walls):.2f} s wall (min {min(walls):.2f}, max {max(walls):.2f}), "
              f"{statistics.median(cpus):.2f} s CPU; answer {runs[0][2]:,} bytes")
    warm = statistics.median(r[0] for r in figures["warm"])
    print(f"budget: warm start-up + get_entry < {BUDGET:.0f} s: {'yes' if warm < BUDGET else 'NO'} ({warm:.2f} s)")
    return 0 if warm < BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
