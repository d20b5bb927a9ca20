"""The quiz as an MCP App, round trip in real Chromium with the official @modelcontextprotocol/ext-apps
host bridge: a host page (tests/support/quiz_host/) calls `quiz` on a running `lexigraph mcp --http`
(through a recording 127.0.0.1 relay), reads the `ui://lexigraph/quiz` view the tool names, embeds
it in <iframe sandbox="allow-scripts"> and hands it the tool result; the view fetches the answer key from
the app-only tool `quiz_key` through the host, and the reader answers in the view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.apps_host import AppsHost, host_origin
from tests.support.browser import chromium
from tests.support.lexigraph_mcp import HttpServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
MOUNTS = {"/quiz_host/": ROOT / "tests" / "support" / "quiz_host", "/node_modules/": ROOT / "node_modules"}
VIEW_SCRIPT = ROOT / "lexigraph" / "templates" / "quiz-app.js"


@pytest.fixture(scope="module")
def quiz_host():
    assert (ROOT / "node_modules" / "@modelcontextprotocol" / "ext-apps").is_dir(), "run scripts/ensure-node-deps"
    server = HttpServer.of(ROOT)
    try:
        with host_origin(AppsHost(server.url, MOUNTS)) as host, chromium() as context:
            host.context = context
            yield host
    finally:
        server.stop()


def open_quiz(host, entry_id: str, lang: str):
    """Open the host on ``entry_id``'s quiz; returns (page, view frame locator, the tool's structured result
    with the key the view fetched merged into each option as ``correct``/``feedback``, view requests)."""
    page = host.context.new_page()
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(message.text))
    view_requests = []
    page.on("request", lambda request: view_requests.append(request.url) if request.frame != page.main_frame else None)
    with page.expect_console_message(lambda m: m.text.startswith("view initialized:")):
        page.goto(f"{host.url}/quiz_host/host.html?id={entry_id}&lang={lang}")
    view = page.frame_locator("#view")
    view.locator("h1").wait_for()
    call = [m for m in host.forwarded if m.get("method") == "tools/call" and m["params"]["name"] == "quiz"][-1]   # this page's own call
    assert call["params"]["arguments"] == {"id": entry_id, "lang": lang}
    result = json.loads(host.answers[call["id"]])["result"]["structuredContent"]
    asked = [m for m in host.forwarded if m.get("method") == "tools/call" and m["params"]["name"] == "quiz_key"][-1]
    assert asked["params"]["arguments"] == {"id": entry_id, "lang": lang}
    key = {q["id"]: q for q in json.loads(host.answers[asked["id"]])["result"]["structuredContent"]["questions"]}
    for question in result["questions"]:
        for option in question["options"]:
            assert "correct" not in option and "feedback" not in option   # the model's result holds no key
            option["correct"] = option["id"] in key[question["id"]]["right"]
            option["feedback"] = key[question["id"]]["feedback"][option["id"]]
    return page, view, result, view_requests


def test_view_is_the_resource_the_tool_names_sandboxed_with_an_opaque_origin(quiz_host):
    page, _, _, _ = open_quiz(quiz_host, "mcp", "fr")
    reads = [m["params"]["uri"] for m in quiz_host.forwarded if m.get("method") == "resources/read"]
    assert reads and set(reads) == {"ui://lexigraph/quiz"}
    assert page.get_attribute("#view", "sandbox") == "allow-scripts"
    assert page.frames[1].evaluate("() => origin") == "null"
    assert "view initialized: lexigraph-quiz" in page.console_lines
    page.close()


def test_french_quiz_renders_three_questions_with_feedback_and_score(quiz_host):
    page, view, quiz, view_requests = open_quiz(quiz_host, "mcp", "fr")
    forwarded_before = len(quiz_host.forwarded)
    assert view.locator("h1").text_content() == "MCP · Vérifier"
    assert page.frames[1].evaluate("() => document.documentElement.lang") == "fr"
    legends = view.locator("legend").all_text_contents()
    assert legends == [f"{n}. {q['prompt']}" for n, q in enumerate(quiz["questions"], start=1)]
    first, second, third = quiz["questions"]
    # The view shows the options in the site's order (render/quiz.py's display_order).
    for index, question in enumerate(quiz["questions"], start=1):
        shown = view.locator(f"fieldset:nth-of-type({index}) button").evaluate_all("bs => bs.map(b => b.dataset.option)")
        assert shown == [o["id"] for o in question["options"]] == site_order("mcp", "fr", question["id"])

    wrong = next(o for o in first["options"] if not o["correct"])
    right = next(o for o in first["options"] if o["correct"])
    button = view.locator(f'fieldset:nth-of-type(1) button[data-option="{wrong["id"]}"]')
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert button.get_attribute("data-verdict") == "wrong"
    assert view.locator("fieldset:nth-of-type(1) .feedback").text_content() == \
        f"Pas tout à fait. La bonne réponse\u00a0: {right['text']}. {wrong['feedback']}"
    assert view.locator("#score").text_content() == ""      # no score before every question is answered

    for index, question in ((2, second), (3, third)):
        option = next(o for o in question["options"] if o["correct"])
        view.locator(f'fieldset:nth-of-type({index}) button[data-option="{option["id"]}"]').click()
        assert view.locator(f"fieldset:nth-of-type({index}) .feedback").text_content() == f"Bonne réponse. {option['feedback']}"
    assert view.locator("#score").text_content() == "Score\u00a0: 2/3"

    # Answering sent nothing anywhere: no message to the server, and the view (one self-contained
    # document, the ext-apps App inlined) made no request at all.
    assert len(quiz_host.forwarded) == forwarded_before
    assert view_requests == []
    page.close()


def test_english_quiz_speaks_english_and_retry_starts_over(quiz_host):
    page, view, quiz, _ = open_quiz(quiz_host, "harness", "en")
    assert view.locator("h1").text_content() == "Harness · Check yourself"
    for index, question in enumerate(quiz["questions"], start=1):
        option = next(o for o in question["options"] if o["correct"])
        view.locator(f'fieldset:nth-of-type({index}) button[data-option="{option["id"]}"]').click()
    assert view.locator("#score").text_content() == "Score: 3/3"
    view.locator("#retry").click()
    assert view.locator("#score").text_content() == ""
    assert view.locator('button[aria-pressed="true"]').count() == 0
    page.close()


def site_order(entry_id: str, lang: str, question_id: str) -> list[str]:
    import yaml

    from lexigraph.render.quiz import display_order

    written = yaml.safe_load((ROOT / "quizzes" / f"{entry_id}.{lang}.yml").read_text(encoding="utf-8"))["questions"]
    options = next(q for q in written if q["id"] == question_id)["options"]
    return [o["id"] for o in display_order(entry_id, question_id, options)]


def test_view_builds_nodes_and_never_parses_markup():
    script = VIEW_SCRIPT.read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "fetch(", "XMLHttpRequest", "WebSocket"):
        assert sink not in script, sink


def test_inlined_ext_apps_is_the_npm_package_file_byte_for_byte():
    """The view inlines lexigraph/templates/vendor's copy of the ext-apps App: the very file npm installs."""
    from lexigraph.agents.mcpserver import EXT_APPS_BUNDLE, quiz_view_html

    vendored = (ROOT / "lexigraph" / "templates" / EXT_APPS_BUNDLE).read_bytes()
    assert vendored == (ROOT / "node_modules/@modelcontextprotocol/ext-apps/dist/src/app-with-deps.js").read_bytes()
    html = quiz_view_html()
    assert "importmap" not in html and " src=" not in html and html.count("<script") == 1
