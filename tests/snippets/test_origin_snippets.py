"""Snippets of the origin entry, run in real Chromium 156 (--enable-features=WebMCPTesting) and against
the reference MCP server (mcp 2.3.0) over Streamable HTTP. Pages are served from two 127.0.0.1 ports,
that is two origins; every server and the browser are stopped at the end, and every wait has a timeout
(the frame posts a message on error as well as on success, and each snippet races a 20 s timer)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.support.browser import chromium, static_server
from tests.support.mcp_server import MODERN, ServerProcess, envelope

pytestmark = pytest.mark.browser

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets" / "origin"
PROMPTS_LIST = envelope({"jsonrpc": "2.0", "id": 1, "method": "prompts/list", "params": {}})
WAIT_MS = 20000


@pytest.fixture(scope="module")
def browser():
    with chromium(webmcp=True) as context:
        context.set_default_timeout(WAIT_MS)
        yield context


@pytest.fixture(scope="module")
def origins():
    """Two origins that differ only by their port, both serving snippets/origin/."""
    with static_server(SNIPPETS) as a, static_server(SNIPPETS) as b:
        yield {"a": a, "b": b}


def script(name: str) -> str:
    """The snippet as the page runs it: every line before its first result comment."""
    return re.split(r"\n// (?:->|frameOrigin =)", (SNIPPETS / name).read_text(encoding="utf-8"))[0]


def shown_results(name: str) -> list[str]:
    return [m.strip() for m in re.findall(r"->\s*(.+?)(?::\s+the browser.*)?$",
                                          (SNIPPETS / name).read_text(encoding="utf-8"), flags=re.M)]


def run(page, name: str, argument, replace: dict[str, str] | None = None):
    """Run a snippet in the page as an async function of ``argument``, raced against a timer."""
    code = script(name)
    for key, value in (replace or {}).items():
        code = code.replace(key, value)
    wrapped = (f"async (arg) => Promise.race([(async ({'frameOrigin' if name == 'frames.js' else 'promptsList'}) => {{\n"
               f"{code}\n}})(arg), new Promise((_, reject) => setTimeout(() => reject(new Error('snippet timed out')), {WAIT_MS - 2000}))])")
    return page.evaluate(wrapped, argument)


def run_frames(browser, origins, frame_origin: str) -> list:
    page = browser.new_page()
    try:
        page.goto(origins["a"] + "/does-not-exist")  # a document of origin a with no tool of its own
        return run(page, "frames.js", frame_origin)
    finally:
        page.close()


def test_origin_same_origin_frame_tool_is_listed_with_its_origin_and_another_port_is_refused(browser, origins):
    same = run_frames(browser, origins, origins["a"])
    other = run_frames(browser, origins, origins["b"])
    assert same == ["registered", [["frame_tool", origins["a"]]]]
    assert other == ["error: NotAllowedError", []]
    # The two origins differ only by their port.
    assert origins["a"] != origins["b"] and origins["a"].rsplit(":", 1)[0] == origins["b"].rsplit(":", 1)[0]
    shown = shown_results("frames.js")
    assert len(shown) == 2
    port_a = origins["a"].rsplit(":", 1)[1]
    assert json.loads(shown[0].replace("PORT_A", port_a)) == same
    assert json.loads(shown[1]) == other
    assert "registerTool" in (SNIPPETS / "frame.html").read_text(encoding="utf-8")


def test_origin_a_page_of_another_port_cannot_read_the_local_mcp_server_but_its_origin_passes_the_sdk(browser, origins):
    server = ServerProcess("http")
    page = browser.new_page()
    try:
        page.goto(origins["a"] + "/does-not-exist")
        result = run(page, "fetch.js", PROMPTS_LIST, {"PORT_MCP": str(server.port)})
        assert result == ["TypeError", "Failed to fetch"]
        assert json.loads(shown_results("fetch.js")[0]) == result
        url = f"http://127.0.0.1:{server.port}/mcp"
        # The browser's preflight: the server does not answer it with any CORS permission.
        preflight = httpx.options(url, headers={"Origin": origins["a"], "Access-Control-Request-Method": "POST"},
                                  timeout=15)
        assert "access-control-allow-origin" not in preflight.headers
        # The server-side check: the page's origin, another port of 127.0.0.1, is on the SDK's default list.
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": MODERN, "Mcp-Method": "prompts/list", "Origin": origins["a"]}
        answered = httpx.post(url, json=PROMPTS_LIST, headers=headers, timeout=15)
        assert answered.status_code == 200 and answered.json()["result"]["prompts"]
        text = (SNIPPETS / "fetch.js").read_text(encoding="utf-8")
        assert '"Origin: http://127.0.0.1:PORT_A" gets 200 from mcp 2.3.0' in text
        # ...while an origin of another scheme or host is refused, as the specification asks.
        for shown, foreign in (("https://127.0.0.1:PORT_MCP", f"https://127.0.0.1:{server.port}"),
                               ("http://evil.example", "http://evil.example")):
            assert f'"Origin: {shown}"' in text
            refused = httpx.post(url, json=PROMPTS_LIST, headers={**headers, "Origin": foreign}, timeout=15)
            assert (refused.status_code, refused.text) == (403, "Invalid Origin header"), foreign
        assert 'it gets 403 "Invalid Origin header"' in text
    finally:
        page.close()
        server.stop()
