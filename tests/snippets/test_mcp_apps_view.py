"""The MCP Apps round trip in real Chromium with the official @modelcontextprotocol/ext-apps
package: the host page (snippets/mcp-apps/host.html + host.js) connects an MCP client to the
reference server over Streamable HTTP (through a recording 127.0.0.1 relay), reads the view the
tool names, and embeds it in <iframe sandbox="allow-scripts">; the view (view.html + view.js)
does the ui/initialize handshake and, on a click, asks the host for tools/call get_forecast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.apps_host import apps_host
from tests.support.browser import chromium
from tests.support.mcp_server import _first_sse_response

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def round_trip():
    """Open the host, wait for the view's handshake, click the button, wait for the forecast."""
    assert (ROOT / "node_modules" / "@modelcontextprotocol" / "ext-apps").is_dir(), "run scripts/ensure-node-deps"
    with apps_host() as host, chromium() as context:
        page = context.new_page()
        console = []
        page.on("console", lambda message: console.append(message.text))
        with page.expect_console_message(lambda m: m.text.startswith("view initialized:")):
            page.goto(host.url)
        view = page.frame_locator("#view")
        view.locator("#lyon").click()
        view.locator("#forecast").filter(has_text="Forecast for Lyon").wait_for()
        yield {"host": host, "page": page, "view": view, "console": console}


def forwarded_calls(host) -> list[dict]:
    return [m for m in host.forwarded if m.get("method") == "tools/call"]


def test_view_is_embedded_in_a_sandboxed_iframe_with_an_opaque_origin(round_trip):
    page = round_trip["page"]
    assert page.get_attribute("#view", "sandbox") == "allow-scripts"
    assert page.frames[1].evaluate("() => origin") == "null"


def test_host_fetched_the_view_the_tool_names(round_trip):
    reads = [m["params"] for m in round_trip["host"].forwarded if m.get("method") == "resources/read"]
    assert reads == [{"uri": "ui://weather/dashboard"}]
    assert round_trip["page"].frames[1].evaluate("() => document.title") == "Weather"


def test_ui_initialize_handshake_completes_with_the_view_identity(round_trip):
    assert "view initialized: weather-view" in round_trip["console"]


def test_view_tools_call_is_forwarded_to_the_server_with_its_arguments(round_trip):
    (call,) = forwarded_calls(round_trip["host"])
    # Name and arguments are the view's; the bridge's client adds only a progress token.
    meta = call["params"].pop("_meta")
    assert call["params"] == {"name": "get_forecast", "arguments": {"city": "Lyon"}}
    assert list(meta) == ["progressToken"]


def test_server_result_is_rendered_as_text_in_the_iframe(round_trip):
    host, view = round_trip["host"], round_trip["view"]
    (call,) = forwarded_calls(host)
    body = host.answers[call["id"]]
    answer = _first_sse_response(body) if body.startswith("event:") else json.loads(body)
    (block,) = answer["result"]["content"]
    assert block["type"] == "text" and block["text"].startswith("Forecast for Lyon: day 1: ")
    forecast = view.locator("#forecast")
    assert forecast.text_content() == block["text"]
    assert forecast.evaluate("(p) => p.childElementCount") == 0
