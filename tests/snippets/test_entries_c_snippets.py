"""Snippets of the model, system-prompt, agent and human-approval entries, run as real processes
against the reference MCP server (and, for the system prompt, a second server on the same SDK)
over stdio. No model runs: each script's model is a scripted stand-in; what is tested is the harness side."""

from __future__ import annotations

import ast
import importlib.util
import io
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import anyio

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def run(snippet: str, stdin: str = "") -> str:
    """Run a snippet as its own process and return its standard output."""
    done = subprocess.run([sys.executable, str(SNIPPETS / snippet)], input=stdin, capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout


def shown(name: str) -> str:
    return (SNIPPETS / name).read_text(encoding="utf-8")


def turns(out: str) -> dict[str, str]:
    """Split model_turn.py's output into its '--- …' sections."""
    sections, title = {}, None
    for line in out.splitlines():
        if line.startswith("--- "):
            title = line[4:]
            sections[title] = ""
        else:
            sections[title] += line + "\n"
    return sections


# --- model ----------------------------------------------------------------------------------

def test_model_turn_prints_the_transcript_shown_in_the_entry():
    assert run("model/model_turn.py") == shown("model/model_turn.txt")


def test_model_reads_plain_text_without_any_trace_of_mcp_and_is_resent_everything():
    sections = turns(run("model/model_turn.py"))
    reads = {title: text for title, text in sections.items() if " the model reads " in title}
    for title, text in reads.items():  # the count printed is the length of the text shown
        assert title.endswith(f" reads {len(text) - 1} characters")
    first, second = reads.values()
    for prompt in (first, second):
        assert "jsonrpc" not in prompt and "mcp" not in prompt.lower() and "inputSchema" not in prompt
    assert second.startswith(first)  # no memory: turn 2 is turn 1's text, plus what happened since
    assert "[tool result] Forecast for Lyon: day 1: rain, 25 °C; day 2: wind, 13 °C" in second
    assert sections["turn 1: the model writes"] == '{"tool": "get_forecast", "arguments": {"city": "Lyon"}}\n'
    assert "the harness, not the model, called get_forecast over MCP" in sections


# --- system prompt --------------------------------------------------------------------------

def notes_server_instructions() -> str:
    """The `instructions=` string written in notes_server.py, read from the file itself."""
    tree = ast.parse(shown("system-prompt/notes_server.py"))
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "MCPServer")
    return next(kw.value.value for kw in call.keywords if kw.arg == "instructions")


def test_system_prompt_build_prints_the_transcript_shown_in_the_entry():
    assert run("system-prompt/build_system_prompt.py") == shown("system-prompt/system_prompt.txt")


def test_reference_server_sends_no_instructions_and_the_notes_server_sends_its_own():
    out = run("system-prompt/build_system_prompt.py")
    instructions = notes_server_instructions()
    assert "weather: instructions = None\n" in out
    assert f"team-notes: instructions = {instructions!r}\n" in out
    prompt = out.split("--- system prompt ---\n", 1)[1]
    assert prompt.startswith("You help the user plan outdoor events.\n")  # the harness's rules come first
    assert prompt.endswith(f"(written by its author, not by the user):\n{instructions}\n")


# --- agent ----------------------------------------------------------------------------------

def test_agent_loop_prints_the_transcript_shown_in_the_entry():
    assert run("agent/agent_loop.py") == shown("agent/agent_loop.txt")


def test_agent_stops_when_its_goal_is_met_without_calling_the_third_city():
    out = run("agent/agent_loop.py")
    assert [line.split("chooses ")[1] for line in out.splitlines() if "chooses" in line] == [
        "get_forecast(Lyon)", "get_forecast(Paris)"]
    assert "get_forecast(Rennes)" not in out
    assert out.endswith("step 3: the model answers: Paris: sunny on day 2. Checked 2 of 3 cities.\n")


def test_agent_budget_is_enforced_by_the_harness():
    spec = importlib.util.spec_from_file_location("agent_loop_budget", SNIPPETS / "agent" / "agent_loop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.MAX_STEPS = 1
    printed = io.StringIO()
    with redirect_stdout(printed):
        anyio.run(module.main)
    assert printed.getvalue().splitlines() == [
        "step 1: the model chooses get_forecast(Lyon)",
        "         tool result: Forecast for Lyon: day 1: rain, 25 °C; day 2: wind, 13 °C; day 3: sunny, 16 °C",
        "harness: step budget (1) spent, stopping without an answer",
    ]


# --- human approval -------------------------------------------------------------------------

def test_approval_gate_approved_prints_the_transcript_shown_in_the_entry():
    assert run("human-approval/approval_gate.py", "y\n") == shown("human-approval/approval_gate.txt")


def test_approval_gate_asks_only_for_the_tool_without_a_trusted_read_only_hint():
    out = run("human-approval/approval_gate.py", "y\n")
    assert "get_forecast: declares {} -> ask\n" in out
    assert 'search_issues: declares {"readOnlyHint": true} -> no question\n' in out
    assert out.count("Allow? [y/N]") == 1
    assert 'weather wants to run get_forecast {"city": "Lyon"}. Allow? [y/N] y\n' in out
    assert "harness: ran get_forecast, 78 characters of result\n" in out


def test_approval_gate_refused_runs_nothing():
    out = run("human-approval/approval_gate.py", "n\n")
    assert out.endswith("Allow? [y/N] n\nharness: get_forecast refused, nothing was run\n")
    assert "ran get_forecast" not in out
    assert "harness: ran search_issues" in out  # the read-only search went through without a question


def test_approval_gate_ignores_the_read_only_hint_of_a_server_the_user_does_not_trust():
    script = ("import importlib.util, sys, anyio\n"
              "spec = importlib.util.spec_from_file_location('gate', sys.argv[1])\n"
              "gate = importlib.util.module_from_spec(spec); spec.loader.exec_module(gate)\n"
              "gate.TRUSTED_SERVERS = set()\n"
              "anyio.run(gate.main)\n")
    done = subprocess.run([sys.executable, "-c", script, str(SNIPPETS / "human-approval" / "approval_gate.py")],
                          input="y\nn\n", capture_output=True, text=True, timeout=60, check=True)
    out = done.stdout
    assert 'search_issues: declares {"readOnlyHint": true} -> ask\n' in out
    assert out.count("Allow? [y/N]") == 2
    assert "harness: ran search_issues" in out
    assert out.endswith("Allow? [y/N] n\nharness: get_forecast refused, nothing was run\n")


def test_client_instructions_reads_the_answer_that_opened_the_session_on_either_handshake():
    """The system-prompt entry says `client.instructions` gives the notes server's text whether the
    session opens with `server/discover` (2026-07-28) or with `initialize` (2025-11-25)."""
    from mcp import Client, ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    server = StdioServerParameters(command=sys.executable, args=[str(SNIPPETS / "system-prompt" / "notes_server.py")])
    seen = {}

    async def main() -> None:
        async with Client(server) as client:
            seen["discover"] = (client.session.discover_result is not None, client.protocol_version, client.instructions)
        async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
            result = await session.initialize()
            seen["initialize"] = (session.discover_result is None, result.protocol_version, session.instructions)

    anyio.run(main)
    instructions = notes_server_instructions()
    assert seen == {"discover": (True, "2026-07-28", instructions), "initialize": (True, "2025-11-25", instructions)}


def test_webmcp_in_chromium_offers_a_tool_no_way_to_ask_the_user():
    """The human-approval entry says Chromium 156 has no `ModelContextClient` and that a tool's
    `execute` gets its input and an object holding only `signal`: no consent primitive."""
    from tests.support.browser import chromium, static_server

    probe = """async () => {
      let received;
      await document.modelContext.registerTool({name: "probe", description: "Records what execute receives.",
        execute: async (...args) => { received = args.map(a => Object.keys(a)); return "ok"; }});
      const tool = (await document.modelContext.getTools()).find(t => t.name === "probe");
      const result = await document.modelContext.executeTool(tool, {});
      return {result, received, client: typeof ModelContextClient,
              ask: "requestUserInteraction" in document.modelContext};
    }"""
    pages = Path(__file__).resolve().parents[1] / "support" / "webmcp_page"
    with chromium(webmcp=True) as browser, static_server(pages) as url:
        page = browser.new_page()
        page.goto(url + "/index.html")
        seen = page.evaluate(probe)
        agent = page.evaluate("navigator.userAgent")
    assert "Chrome/156." in agent
    assert seen == {"result": "ok", "received": [[], ["signal"]], "client": "undefined", "ask": False}
