"""WebMCP in real Chromium 156 (--enable-features=WebMCPTesting): the snippets of the WebMCP
entry run in a page served from 127.0.0.1, and each claim of the source article is checked
against what the browser does. Where they disagree, the test asserts the browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import chromium, static_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "snippets" / "webmcp"
PAGES = ROOT / "tests" / "support" / "webmcp_page"

REGISTER = """async ([name, description, inputSchema]) => {
  const tool = { name, description, execute: async () => "ok" };
  if (inputSchema != null) tool.inputSchema = inputSchema;
  await document.modelContext.registerTool(tool);
}"""

OUTCOME = """async (promise) => {
  try { return { value: await promise }; }
  catch (error) { return { error: error.name, message: error.message }; }
}"""


@pytest.fixture(scope="module")
def browser():
    with chromium(webmcp=True) as context:
        yield context


@pytest.fixture(scope="module")
def origins():
    """Two 127.0.0.1 origins: the test pages, and the entry's HTML snippets as they are."""
    with static_server(PAGES) as pages, static_server(SNIPPETS) as snippets:
        yield {"pages": pages, "snippets": snippets}


def open_page(browser, url):
    page = browser.new_page()
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(message.text))
    page.goto(url)
    return page


@pytest.fixture
def page(browser, origins):
    page = open_page(browser, origins["pages"] + "/index.html")
    yield page
    page.close()


def run_snippet(page, name: str) -> None:
    """Run snippets/webmcp/<name> in the page, top-level await included."""
    page.evaluate("async () => {\n" + (SNIPPETS / name).read_text(encoding="utf-8") + "\n}")


def outcome(page, script: str, arg=None) -> dict:
    """Run `script` (a JS expression evaluating to a promise) and report its value or rejection."""
    return page.evaluate(f"async (arg) => ({OUTCOME})(({script}))", arg)


def tool_names(page) -> list[str]:
    return page.evaluate("async () => (await document.modelContext.getTools()).map((t) => t.name)")


def registered(page, name: str) -> dict:
    """The RegisteredTool `name` as JSON (its `window` member left out)."""
    return page.evaluate(
        """async (name) => {
          const { window: _, ...tool } = (await document.modelContext.getTools()).find((t) => t.name === name);
          return JSON.parse(JSON.stringify(tool));
        }""",
        name,
    )


def register_outcome(page, name, description="d", input_schema=None) -> dict:
    return outcome(page, f"({REGISTER})(arg)", [name, description, input_schema])


# -- entry point ------------------------------------------------------------------------------


def test_entry_point_is_document_modelContext_and_navigator_has_none(page):
    assert page.evaluate(
        "() => [typeof document.modelContext, document.modelContext.constructor.name, typeof navigator.modelContext]"
    ) == ["object", "ModelContext", "undefined"]


def test_modelContext_offers_registerTool_getTools_executeTool_and_three_events(page):
    members = page.evaluate("() => Object.getOwnPropertyNames(ModelContext.prototype).sort()")
    assert members == ["constructor", "executeTool", "getTools", "ontoolactivated", "ontoolcancel",
                       "ontoolchange", "registerTool"]


# -- registerTool ------------------------------------------------------------------------------


def test_register_tool_snippet_registers_lookup_ticket_with_schema_and_annotations(page, origins):
    run_snippet(page, "register-tool.js")
    assert registered(page, "lookup_ticket") == {
        "name": "lookup_ticket",
        "title": "",
        "description": "Look up a support ticket by its reference; returns its status and owner.",
        "inputSchema": {
            "type": "object",
            "properties": {"reference": {"type": "string", "description": "Ticket reference, e.g. INC-004417"}},
            "required": ["reference"],
        },
        "annotations": {"readOnlyHint": True, "untrustedContentHint": True,
                        "consequentialHint": False, "debugging": False},
        "origin": origins["pages"],
    }


def test_duplicate_name_rejects_with_InvalidStateError(page):
    assert register_outcome(page, "lookup_ticket") == {"value": None}
    returned = page.evaluate(
        """() => { const p = document.modelContext.registerTool({ name: "lookup_ticket", description: "again",
                     execute: async () => "" }); p.catch(() => {}); return Object.prototype.toString.call(p); }"""
    )
    assert returned == "[object Promise]"  # no synchronous throw: only the promise rejects
    assert register_outcome(page, "lookup_ticket") == {"error": "InvalidStateError", "message": "Duplicate tool name"}


@pytest.mark.parametrize(
    "name",
    ["", "has space", "b" * 129, "café", "a/b"],
    ids=["empty_name", "name_with_space", "129_character_name", "non_ASCII_name", "name_with_slash"],
)
def test_invalid_name_rejects_with_InvalidStateError(page, name):
    assert register_outcome(page, name) == {"error": "InvalidStateError", "message": "Invalid tool name"}


def test_128_character_name_of_letters_digits_underscore_hyphen_dot_is_accepted(page):
    name = ("Az09_-." * 19)[:128]
    assert register_outcome(page, name) == {"value": None}
    assert tool_names(page) == [name]


def test_empty_description_rejects_with_InvalidStateError(page):
    assert register_outcome(page, "nameless", "") == {"error": "InvalidStateError",
                                                      "message": "Description is required"}


def test_unserializable_schema_rejects_with_TypeError_not_InvalidStateError(page):
    rejected = outcome(
        page,
        """(() => { const schema = { type: "object" }; schema.self = schema;
             return document.modelContext.registerTool({ name: "loop", description: "d", inputSchema: schema,
                                                          execute: async () => "" }); })()""",
    )
    assert rejected["error"] == "TypeError"
    assert rejected["message"].startswith(
        "Failed to execute 'registerTool' on 'ModelContext': Converting circular structure to JSON"
    )
    assert tool_names(page) == []


# -- annotations --------------------------------------------------------------------------------


def test_readOnlyHint_and_untrustedContentHint_are_kept_and_MCP_hints_are_dropped(page):
    page.evaluate(
        """() => document.modelContext.registerTool({ name: "hinted", description: "d", execute: async () => "",
             annotations: { readOnlyHint: true, untrustedContentHint: true, destructiveHint: true,
                            idempotentHint: true, openWorldHint: true } })"""
    )
    assert registered(page, "hinted")["annotations"] == {
        "readOnlyHint": True, "untrustedContentHint": True, "consequentialHint": False, "debugging": False,
    }


def test_chromium_also_knows_consequentialHint_and_debugging(page):
    page.evaluate(
        """() => document.modelContext.registerTool({ name: "pay", description: "d", execute: async () => "",
             annotations: { consequentialHint: true, debugging: true } })"""
    )
    assert registered(page, "pay")["annotations"] == {
        "readOnlyHint": False, "untrustedContentHint": False, "consequentialHint": True, "debugging": True,
    }


# -- lifecycle: AbortSignal ---------------------------------------------------------------------


def test_aborting_signal_unregisters_tool(page):
    page.evaluate(
        """() => { window.snapshots = [];
             document.modelContext.addEventListener("toolchange", async () =>
               window.snapshots.push((await document.modelContext.getTools()).map((t) => t.name))); }"""
    )
    run_snippet(page, "abort.js")
    page.wait_for_function("() => window.snapshots.length === 2")
    assert page.evaluate("() => window.snapshots") == [["checkout"], []]
    assert page.evaluate("() => typeof document.modelContext.unregisterTool") == "undefined"


def test_already_aborted_signal_rejects_with_AbortError(page):
    rejected = outcome(
        page,
        """document.modelContext.registerTool({ name: "late", description: "d", execute: async () => "" },
                                              { signal: AbortSignal.abort() })""",
    )
    assert rejected == {"error": "AbortError", "message": "signal is aborted without reason"}
    assert tool_names(page) == []


def test_in_flight_execution_finishes_after_its_tool_is_unregistered(page):
    result = page.evaluate(
        """async () => {
          const mc = document.modelContext, controller = new AbortController();
          let release, toolSignal;
          const gate = new Promise((resolve) => { release = resolve; });
          await mc.registerTool({ name: "slow", description: "d",
            execute: async (input, { signal }) => { toolSignal = signal; await gate; return "finished"; } },
            { signal: controller.signal });
          const [slow] = await mc.getTools();
          const running = mc.executeTool(slow, {});
          await new Promise((resolve) => setTimeout(resolve, 50));
          controller.abort();
          const listed = (await mc.getTools()).length;
          release();
          return { result: await running, listed, toolSignalAborted: toolSignal.aborted };
        }"""
    )
    assert result == {"result": "finished", "listed": 0, "toolSignalAborted": False}


def test_executing_a_tool_object_after_unregistration_rejects_with_UnknownError(page):
    page.evaluate(
        """async () => { const c = new AbortController();
             await document.modelContext.registerTool({ name: "gone", description: "d", execute: async () => "" },
                                                      { signal: c.signal });
             [window.stale] = await document.modelContext.getTools();
             c.abort(); }"""
    )
    assert outcome(page, "document.modelContext.executeTool(window.stale, {})") == {
        "error": "UnknownError",
        "message": "The operation failed for an unknown transient reason (e.g. out of memory).",
    }


# -- getTools -----------------------------------------------------------------------------------


def test_getTools_is_sorted_by_name(page, origins):
    for name in ["b", "B", "a", "_z", "-y", ".x", "10", "9", "lookup"]:
        assert register_outcome(page, name) == {"value": None}
    run_snippet(page, "register-tool.js")
    run_snippet(page, "list-tools.js")
    # Plain UTF-16 code-unit order (as Array.prototype.sort), not locale order: "B" < "_z" < "a".
    names = ["-y", ".x", "10", "9", "B", "_z", "a", "b", "lookup", "lookup_ticket"]
    assert page.console_lines == [
        f"{name} {'true' if name == 'lookup_ticket' else 'false'} {origins['pages']}" for name in names
    ]


# -- executeTool --------------------------------------------------------------------------------


def test_execute_tool_snippet_returns_the_tool_string(page):
    run_snippet(page, "register-tool.js")
    run_snippet(page, "execute-tool.js")
    assert page.console_lines == ["INC-004417: open, owner Camille."]


def test_executeTool_takes_an_object_and_rejects_a_string(page):
    run_snippet(page, "register-tool.js")
    tool = "(await document.modelContext.getTools())[0]"
    as_object = outcome(page, f"(async () => document.modelContext.executeTool({tool}, {{ reference: 'INC-004417' }}))()")
    as_string = outcome(page, f"(async () => document.modelContext.executeTool({tool}, '{{\"reference\": \"INC-004417\"}}'))()")
    assert as_object == {"value": "INC-004417: open, owner Camille."}
    assert as_string == {
        "error": "TypeError",
        "message": "Failed to execute 'executeTool' on 'ModelContext': invalid input object: value is not an object",
    }


def test_executeTool_wants_the_RegisteredTool_not_its_name(page):
    run_snippet(page, "register-tool.js")
    assert outcome(page, "document.modelContext.executeTool('lookup_ticket', {})") == {
        "error": "TypeError",
        "message": "Failed to execute 'executeTool' on 'ModelContext': The provided value is not of type 'RegisteredTool'.",
    }


def test_executeTool_does_not_validate_input_against_the_schema(page):
    run_snippet(page, "register-tool.js")
    result = outcome(page, "(async () => document.modelContext.executeTool((await document.modelContext.getTools())[0], { reference: 42 }))()")
    assert result == {"value": "No ticket 42."}


def test_json_schema_snippet_a_number_reaches_a_string_parameter_unchecked(page):
    """The json-schema entry's step webmcp-unchecked: Chromium 156 runs the tool with `{ reference: 42 }`
    although its schema says "type": "string", and the tool receives the number 42 unconverted."""
    assert "Chrome/156." in page.evaluate("navigator.userAgent")
    run_snippet(page, "../json-schema/webmcp-unchecked.js")
    # the first page of a browser may log the 404 of its favicon request; that line is not the snippet's
    logged = [line for line in page.console_lines if not line.startswith("Failed to load resource")]
    assert logged == ["number 42"]


def test_executeTool_turns_an_object_result_into_JSON_text(page):
    page.evaluate(
        """() => document.modelContext.registerTool({ name: "stock", description: "d",
             execute: async () => ({ sku: "A1", count: 3 }) })"""
    )
    result = outcome(page, "(async () => document.modelContext.executeTool((await document.modelContext.getTools())[0], {}))()")
    assert result == {"value": '{"sku":"A1","count":3}'}


def test_a_throwing_tool_rejects_executeTool_with_UnknownError(page):
    page.evaluate(
        """() => document.modelContext.registerTool({ name: "broken", description: "d",
             execute: async () => { throw new Error("boom"); } })"""
    )
    result = outcome(page, "(async () => document.modelContext.executeTool((await document.modelContext.getTools())[0], {}))()")
    assert result == {
        "error": "UnknownError",
        "message": "Tool was executed but the invocation failed. For example, the script function threw an error",
    }


# -- declarative forms --------------------------------------------------------------------------


def test_form_toolname_yields_documented_schema(browser, origins):
    page = open_page(browser, origins["snippets"] + "/form.html")
    try:
        assert registered(page, "createSupportRequest") == {
            "name": "createSupportRequest",
            "title": "",
            "description": "Submit a request for support.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "firstName": {"type": "string", "description": "First name"},
                    "team": {
                        "type": "string",
                        "anyOf": [
                            {"type": "string", "const": "Returns", "title": "Return a purchase."},
                            {"type": "string", "const": "Logistics", "title": "Track a parcel."},
                            {"type": "string", "const": "WebSupport", "title": "Get help with the website."},
                        ],
                        "enum": ["Returns", "Logistics", "WebSupport"],
                        "description": "Which team this request is routed to.",
                    },
                },
                "required": ["team"],
            },
            "origin": origins["snippets"],
        }
    finally:
        page.close()


def test_param_description_falls_back_to_label_then_aria_description(browser, origins):
    page = open_page(browser, origins["pages"] + "/fallbacks.html")
    try:
        assert registered(page, "describe_fields")["inputSchema"]["properties"] == {
            "explicit": {"type": "string", "description": "From toolparamdescription"},
            "labelled": {"type": "string", "description": "From the label"},
            "aria": {"type": "string", "description": "From aria-description"},
            "bare": {"type": "string"},
        }
    finally:
        page.close()


@pytest.mark.parametrize("attribute", ["toolname", "tooldescription"])
def test_removing_toolname_or_tooldescription_unregisters_the_form_tool(browser, origins, attribute):
    page = open_page(browser, origins["snippets"] + "/form.html")
    try:
        assert tool_names(page) == ["createSupportRequest"]
        page.evaluate(f"() => document.querySelector('form').removeAttribute('{attribute}')")
        page.wait_for_function("async () => (await document.modelContext.getTools()).length === 0")
    finally:
        page.close()


def test_toolautosubmit_submit_event_is_agentInvoked_and_respondWith_answers(browser, origins):
    page = open_page(browser, origins["snippets"] + "/autosubmit.html")
    try:
        page.evaluate(
            """() => document.getElementById("search").addEventListener("submit", (event) => {
                 window.seen = { type: event.constructor.name, agentInvoked: event.agentInvoked }; })"""
        )
        result = outcome(page, "(async () => document.modelContext.executeTool((await document.modelContext.getTools())[0], { q: 'lamp' }))()")
        assert result == {"value": '3 products match "lamp".'}
        assert page.evaluate("() => window.seen") == {"type": "SubmitEvent", "agentInvoked": True}
        assert page.url == origins["snippets"] + "/autosubmit.html"  # no navigation
        assert page.input_value("#q") == "lamp"  # the agent filled the real field
    finally:
        page.close()
