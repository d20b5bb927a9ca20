"""Fuzzing `lexigraph mcp`: each tool receives 1,000 generated argument sets (wrong types, huge
strings, unicode, missing and unknown fields, near-miss ids) over one connection to the server
`lexigraph mcp` builds, in this process; the first 100 of them per tool also go to the real process
over stdio (JSON framing of huge and odd strings included). Every reply must be a tool result
(structured when it succeeds) or a clean error result, the server's log (what this process logs, or
the process's stderr) must hold no traceback, and the server must still answer afterwards."""

from __future__ import annotations

import random
import tempfile

import anyio
import pytest
from mcp.client.stdio import stdio_client

from tests.support.lexigraph_mcp import ROOT, connect, inprocess_target, server_log, stdio_target

CALLS_PER_TOOL = 1_000
FIELDS = {"search": ["query", "lang", "limit"], "get_entry": ["id", "lang", "version", "format"],
          "list_entries": ["lang", "spec"], "quiz": ["id", "lang"], "support": ["feature_or_id", "lang"]}
PLAUSIBLE = ["mcp", "mcp-apps", "harnais", "outil", "fr", "en", "json", "markdown", "v2026-08", "webmcp", "tool call", "MCP",
             "tools-call"]


def text(rng: random.Random) -> str:
    """A string from one of several families: plausible, near-miss, unicode soup, control characters, huge."""
    family = rng.randrange(7)
    if family == 0:
        return rng.choice(PLAUSIBLE)
    if family == 1:
        word = list(rng.choice(PLAUSIBLE))
        word[rng.randrange(len(word))] = rng.choice("xé-_ ./%")
        return "".join(word)
    if family == 2:  # any code point but the surrogates, which no JSON text can carry alone
        return "".join(chr(rng.choice([rng.randrange(0x20, 0xD800), rng.randrange(0xE000, 0x110000)])) for _ in range(rng.randrange(1, 40)))
    if family == 3:
        return "".join(chr(rng.randrange(0, 0x20)) for _ in range(rng.randrange(1, 10)))
    if family == 4:
        return rng.choice(["x", "é", "🧩", "../"]) * rng.choice([501, 10_000, 50_000])
    if family == 5:
        return rng.choice(["", " ", "\n", "../../specs.yml", "/etc/passwd", "lexigraph://fr/mcp", "{id}", "%2e%2e/"])
    return " ".join(rng.choice(PLAUSIBLE) for _ in range(rng.randrange(2, 6)))


def value(rng: random.Random):
    kind = rng.randrange(10)
    if kind < 5:
        return text(rng)
    return [None, True, rng.randrange(-10**12, 10**12), rng.random() * 1e6, [text(rng)], {"id": text(rng)},
            float("1e308"), rng.randrange(-3, 60)][kind - 2 if kind < 10 else 0]


VALID = {"query": ["outil", "tool", "mcp apps"], "lang": ["fr", "en"], "limit": [1, 5, 50], "id": ["mcp", "harnais", "tool"],
         "format": ["markdown", "json"], "spec": ["mcp", "webmcp"], "feature_or_id": ["mcp", "tool", "harnais"]}
REQUIRED = {"search": "query", "get_entry": "id", "quiz": "id", "support": "feature_or_id"}


def arguments(rng: random.Random, tool: str) -> dict:
    """Some of the tool's fields (maybe none), some unknown ones, each with a random value;
    one set in four is well formed, so that successes are exercised too."""
    chosen = [f for f in FIELDS[tool] if rng.random() < 0.7]
    if rng.random() < 0.25:
        args = {f: rng.choice(VALID[f]) for f in chosen if f in VALID}
        required = REQUIRED.get(tool)
        if required:
            args.setdefault(required, rng.choice(VALID[required]))
        return args
    args = {f: value(rng) for f in chosen}
    if rng.random() < 0.1:
        args[text(rng)[:30] or "extra"] = value(rng)
    return args


async def call_all(client, calls: list[tuple[str, dict]], concurrency: int = 16) -> list:
    """Every call over the one connection, ``concurrency`` in flight at a time; results in call order."""
    limiter = anyio.CapacityLimiter(concurrency)
    results: list = [None] * len(calls)

    async def one(index: int, tool: str, args: dict) -> None:
        async with limiter:
            results[index] = await client.call_tool(tool, args)

    async with anyio.create_task_group() as group:
        for index, (tool, args) in enumerate(calls):
            group.start_soon(one, index, tool, args)
    return results


@pytest.mark.parametrize("transport, per_tool", [("in-process", CALLS_PER_TOOL), ("stdio", 100)])
def test_a_thousand_generated_argument_sets_per_tool_get_a_result_or_a_clean_error(transport, per_tool):
    rng = random.Random(20261201)
    generated = {tool: [arguments(rng, tool) for _ in range(CALLS_PER_TOOL)] for tool in FIELDS}
    calls = [(tool, args) for tool in FIELDS for args in generated[tool][:per_tool]]
    counts = {tool: {"result": 0, "error": 0} for tool in FIELDS}
    if transport == "in-process":
        with server_log() as log, connect(inprocess_target(ROOT), "auto") as client:
            results = client.portal.call(call_all, client.client, calls)
            still_up = client.call_tool("search", {"query": "outil"})
        logged = "\n".join(log)
    else:
        with tempfile.TemporaryFile("w+") as errlog:
            with connect(stdio_client(stdio_target(ROOT), errlog=errlog), "auto") as client:
                results = client.portal.call(call_all, client.client, calls)
                still_up = client.call_tool("search", {"query": "outil"})
            errlog.seek(0)
            logged = errlog.read()
    assert still_up.is_error is False and still_up.structured_content["results"][0]["id"] == "tool"
    for (tool, args), result in zip(calls, results, strict=True):
        if result.is_error:
            (block,) = result.content
            assert block.type == "text" and block.text.startswith(f"Error executing tool {tool}: "), (args, block)
            # A crash would read "Error executing tool <name>" with nothing after it.
            assert block.text != f"Error executing tool {tool}" and "Traceback" not in block.text, (args, block)
            counts[tool]["error"] += 1
        else:
            assert isinstance(result.structured_content, dict), (tool, args)
            counts[tool]["result"] += 1
    assert "Traceback" not in logged and "unexpected exception" not in logged, logged[-3000:]
    assert sum(seen["result"] + seen["error"] for seen in counts.values()) == len(FIELDS) * per_tool
    for tool, seen in counts.items():   # the generator reaches both outcomes for every tool
        assert seen["result"] > 20 * per_tool // CALLS_PER_TOOL and seen["error"] > 20 * per_tool // CALLS_PER_TOOL, (tool, seen)


def test_the_in_process_log_sees_a_traceback():
    """What the in-process runs assert on (here, and test_mcp_server's `served`, whose log stays open through
    that module, so the test is here): a request that crashed would log its exception, with its traceback."""
    import logging

    with server_log() as log:
        try:
            raise KeyError("boom")
        except KeyError:
            logging.getLogger("mcp.server.lowlevel.server").exception("Error handling request")
    assert len(log) == 1 and "Traceback (most recent call last)" in log[0] and "KeyError: 'boom'" in log[0]
