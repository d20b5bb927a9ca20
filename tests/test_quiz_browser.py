"""The quiz in real Chromium on a real build of the valid fixture (and of the real lexicon where
a test needs its content), in FR and EN: answering, feedback, keyboard, saved progress and its
digest, retry, the several-answer question, the review link, the shuffled display order against
the no-JS answer key, no-JS and print fallbacks, and axe-core."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from lexigraph.render.quiz import display_order
from tests.support.browser import chromium, static_server
from tests.support.site import PROJECT, make_project, mkdocs_build

pytestmark = [pytest.mark.browser, pytest.mark.build]

FIXTURE = Path(__file__).parent / "fixtures" / "valid"
AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
NBSP = "\u00a0"

# Everything a test asserts, per language: the page and its interface text.
LANG = {
    "fr": {
        "url": "/fr/bidule/", "other": "/en/widget/",
        "correct": "Bonne réponse", "wrong": "Mauvaise réponse", "show": "Voir la réponse", "retry": "Recommencer",
        "score": f"Score{NBSP}: {{}}/3", "right_why": f"Exact{NBSP}: c’est sa définition.",
        "wrong_why": f"Non{NBSP}: le gadget est une autre fiche. voir la fiche Gadget",
        "right": "Bonne réponse.", "missed": f"Pas tout à fait. La bonne réponse{NBSP}: Une pièce de test.",
        "shown": f"La bonne réponse{NBSP}: Une pièce de test.", "cleared": "Réponses effacées.",
        "key": "Réponse et explications", "key_first": f"Bonne réponse · Une pièce de test. — Exact{NBSP}: c’est sa définition.",
        "options": ["Un gadget miniature.", "Une pièce de test."], "review": f"Revoir{NBSP}: Sous le capot · 01",
        "check": "Valider", "injection": "/fr/injection-de-prompt/",
    },
    "en": {
        "url": "/en/widget/", "other": "/fr/bidule/",
        "correct": "Correct answer", "wrong": "Wrong answer", "show": "Show answer", "retry": "Retry",
        "score": "Score: {}/3", "right_why": "Right: that is its definition.",
        "wrong_why": "No: the gadget is another entry. see the entry Gadget",
        "right": "Correct answer.", "missed": "Not quite. The right answer: A test piece.",
        "shown": "The right answer: A test piece.", "cleared": "Answers cleared.",
        "key": "Answer and explanations", "key_first": "Correct answer · A test piece. — Right: that is its definition.",
        "options": ["A tiny gadget.", "A test piece."], "review": "Review: Under the hood · 01",
        "check": "Check", "injection": "/en/prompt-injection/",
    },
}


@pytest.fixture(scope="module")
def base_url(fixture_site):
    with static_server(fixture_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module's tests; each test opens its own pages and clears the quiz's
    storage before and after (open_quiz), so no answer carries from one test to the next."""
    with chromium() as context:
        yield context


@pytest.fixture
def open_quiz(base_url, browser):
    """Open a language's entry page with no saved progress; returns (page, its texts)."""
    pages = []

    def opener(lang: str):
        page = browser.new_page()
        pages.append(page)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url + LANG[lang]["url"])
        page.evaluate("localStorage.clear()")
        page.reload()
        page.wait_for_selector(".lx-quiz[data-ready]")
        page.errors = errors
        return page, LANG[lang]

    yield opener
    for page in pages:
        assert page.errors == []
        page.evaluate("localStorage.clear()")
        page.close()


def question(page, index: int):
    return page.locator(".lx-quiz__question").nth(index)


def option(page, q: int, option_id: str):
    return question(page, q).locator(f'.lx-quiz__option[data-option="{option_id}"]')


def state(page, q: int, option_id: str) -> dict:
    """What a person (and a screen reader) gets from one option."""
    item = option(page, q, option_id)
    return {
        "class": item.get_attribute("class"),
        "pressed": item.locator("button").get_attribute("aria-pressed"),
        "disabled": item.locator("button").get_attribute("aria-disabled"),
        "mark": item.locator(".lx-quiz__mark").text_content(),
        "why": item.locator(".lx-quiz__why").inner_text() if item.locator(".lx-quiz__why").is_visible() else None,
    }


def saved(page) -> dict:
    """The quiz progress in localStorage (Material keeps its own keys there too)."""
    return page.evaluate("Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('lexigraph:quiz:')))")


def status(page) -> str:
    return page.locator(".lx-quiz__status").text_content()


def score(page) -> str:
    return page.locator(".lx-quiz__score").text_content()


def unanswered() -> dict:
    return {"class": "lx-quiz__option", "pressed": "false", "disabled": None, "mark": "", "why": None}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_options_become_buttons_with_language_interface(open_quiz, lang):
    page, text = open_quiz(lang)
    assert page.locator(".lx-quiz__option > button.lx-quiz__choice[type=button]").count() == 6
    assert page.locator(".lx-quiz__status").get_attribute("aria-live") == "polite"
    assert page.locator(".lx-quiz__show").all_text_contents() == [text["show"]] * 3
    assert page.locator(".lx-quiz__retry").text_content() == text["retry"]
    assert score(page) == text["score"].format(0)
    assert page.locator(".lx-quiz__answer").evaluate_all("nodes => nodes.map(n => n.offsetParent)") == [None] * 3  # key: no-JS and print
    assert state(page, 0, "test-piece") == unanswered()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_right_answer_gives_feedback_score_and_announcement(open_quiz, lang):
    page, text = open_quiz(lang)
    option(page, 0, "test-piece").locator("button").click()
    assert state(page, 0, "test-piece") == {"class": "lx-quiz__option is-correct", "pressed": "true", "disabled": "true",
                                            "mark": text["correct"], "why": text["right_why"]}
    assert state(page, 0, "gadget") == {"class": "lx-quiz__option", "pressed": "false", "disabled": "true",
                                        "mark": "", "why": None}
    assert score(page) == text["score"].format(1)
    assert status(page) == f'{text["right"]} {text["right_why"]} {text["score"].format(1)}'
    assert question(page, 0).locator(".lx-quiz__show").is_hidden()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_wrong_answer_reveals_the_correct_option_with_both_feedbacks(open_quiz, lang):
    page, text = open_quiz(lang)
    option(page, 1, "gadget").locator("button").click()
    assert state(page, 1, "gadget") == {"class": "lx-quiz__option is-wrong", "pressed": "true", "disabled": "true",
                                        "mark": text["wrong"], "why": text["wrong_why"]}
    assert state(page, 1, "test-piece") == {"class": "lx-quiz__option is-correct", "pressed": "false", "disabled": "true",
                                            "mark": text["correct"], "why": text["right_why"]}
    assert score(page) == text["score"].format(0)
    assert status(page) == f'{text["missed"]} {text["wrong_why"]} {text["score"].format(0)}'
    option(page, 1, "test-piece").locator("button").click(force=True)  # answered: a second click changes nothing
    assert score(page) == text["score"].format(0)
    assert option(page, 1, "gadget").locator(".lx-quiz__see").evaluate("a => a.pathname") == f"/{lang}/gadget/"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_show_answer_reveals_without_scoring_or_saving(open_quiz, lang):
    page, text = open_quiz(lang)
    question(page, 2).locator(".lx-quiz__show").click()
    assert state(page, 2, "test-piece") == {"class": "lx-quiz__option is-correct", "pressed": "false", "disabled": "true",
                                            "mark": text["correct"], "why": text["right_why"]}
    assert state(page, 2, "gadget")["class"] == "lx-quiz__option"
    assert status(page) == f'{text["shown"]} {text["right_why"]} {text["score"].format(0)}'
    assert page.evaluate("document.activeElement.closest('.lx-quiz__option').dataset.option") == "test-piece"
    assert saved(page) == {}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_keyboard_only_tab_enter_space_with_visible_focus(open_quiz, lang):
    page, text = open_quiz(lang)
    page.focus("#quiz > a.headerlink")
    page.keyboard.press("Tab")
    focused = "[document.activeElement.closest('.lx-quiz__question').dataset.question, document.activeElement.closest('.lx-quiz__option')?.dataset.option]"
    assert page.evaluate(focused) == ["what", "gadget"]   # the display order (display_order), not the file's
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == ["what", "test-piece"]
    outline = page.evaluate("[getComputedStyle(document.activeElement).outlineStyle, getComputedStyle(document.activeElement).outlineWidth]")
    assert outline == ["solid", "3px"]
    page.keyboard.press("Enter")
    assert state(page, 0, "test-piece")["class"] == "lx-quiz__option is-correct"
    page.keyboard.press("Shift+Tab")  # the other option of an answered question stays reachable
    assert page.evaluate(focused) == ["what", "gadget"]
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # once answered, the review link comes next
    assert page.evaluate("document.activeElement.closest('.lx-quiz__review') !== null") is True
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == ["purpose", "gadget"]
    page.keyboard.press("Space")
    assert state(page, 1, "gadget")["class"] == "lx-quiz__option is-wrong"
    assert score(page) == text["score"].format(1)
    assert status(page) == f'{text["missed"]} {text["wrong_why"]} {text["score"].format(1)}'


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_reload_keeps_answers_and_the_other_language_shares_them(open_quiz, base_url, lang):
    page, text = open_quiz(lang)
    option(page, 0, "test-piece").locator("button").click()
    option(page, 1, "gadget").locator("button").click()
    digest = {q: question(page, i).get_attribute("data-digest") for i, q in enumerate(["what", "purpose"])}
    assert all(re.fullmatch(r"[0-9a-f]{12}", d) for d in digest.values())
    assert saved(page) == {"lexigraph:quiz:widget:what": f"test-piece#{digest['what']}",
                           "lexigraph:quiz:widget:purpose": f"gadget#{digest['purpose']}"}
    for url in (text["url"], text["other"]):
        page.goto(base_url + url)
        page.wait_for_selector(".lx-quiz[data-ready]")
        assert state(page, 0, "test-piece")["class"] == "lx-quiz__option is-correct"
        assert state(page, 1, "gadget")["class"] == "lx-quiz__option is-wrong"
        assert state(page, 2, "test-piece") == unanswered()
        assert page.locator(".lx-quiz__score").text_content().endswith(" 1/3")
        assert status(page) == ""  # restoring is silent


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_retry_clears_answers_score_and_storage(open_quiz, lang):
    page, text = open_quiz(lang)
    option(page, 0, "test-piece").locator("button").click()
    option(page, 2, "gadget").locator("button").click()
    page.locator(".lx-quiz__retry").click()
    for q in range(3):
        for option_id in ("test-piece", "gadget"):
            assert state(page, q, option_id) == unanswered()
    assert page.locator(".lx-quiz__show").evaluate_all("nodes => nodes.map(n => n.offsetParent !== null)") == [True] * 3
    assert score(page) == text["score"].format(0)
    assert status(page) == f'{text["cleared"]} {text["score"].format(0)}'
    assert saved(page) == {}
    assert page.evaluate("document.activeElement.closest('.lx-quiz__option').dataset.option") == "gadget"  # first shown


def test_init_is_idempotent(open_quiz):
    page, _ = open_quiz("fr")
    page.add_script_tag(url="../../assets/quiz.js")
    assert page.locator(".lx-quiz__choice").count() == 6
    assert page.locator(".lx-quiz__tools").count() == 1
    assert page.locator(".lx-quiz__actions").count() == 3


def test_material_instant_navigation_enhances_the_new_page(tmp_path):
    """Material navigates instantly only to URLs of its sitemap, so this site's site_url is the test server.
    (The FR/EN switch link is not instant: Material reloads the page for an alternate language.)"""
    (tmp_path / "site").mkdir()
    with static_server(tmp_path / "site") as url, chromium() as browser:
        config = (PROJECT / "mkdocs.yml").read_text(encoding="utf-8")
        config = re.sub(r"(?m)^site_url: .*$", f"site_url: {url}/", config)
        # The site ships without instant navigation (Material would fetch the sitemap of every
        # <link rel=alternate>, other origins included); the quiz must still survive it when enabled.
        config = config.replace("  features:\n", "  features:\n    - navigation.instant\n", 1)
        project = make_project(FIXTURE, tmp_path, extra_files={"mkdocs.yml": config})
        result = mkdocs_build(project)
        assert result.returncode == 0, result.stderr
        page = browser.new_page()
        page.goto(url + "/en/a-z/")
        page.wait_for_load_state("networkidle")  # Material fetches sitemap.xml before it navigates instantly
        page.evaluate("window.lxSamePage = true")
        page.locator(".md-content a", has_text="Widget").click()
        page.wait_for_selector('.lx-quiz[data-ready][data-lang="en"]')
        assert page.url == url + "/en/widget/"
        assert page.evaluate("window.lxSamePage") is True  # no full load: Material swapped the content
        assert page.locator(".lx-quiz__choice").count() == 6
        assert page.locator(".lx-quiz__retry").text_content() == "Retry"
        option(page, 0, "test-piece").locator("button").click()
        assert score(page) == "Score: 1/3"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_printing_with_js_shows_the_answer_key(open_quiz, lang):
    page, text = open_quiz(lang)
    option(page, 0, "gadget").locator("button").click()
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator("details.lx-quiz__answer[open]").count() == 3
    page.emulate_media(media="print")
    assert page.locator(".lx-quiz__feedback").nth(1).is_visible()
    assert page.locator(".lx-quiz__tools").is_hidden() and page.locator(".lx-quiz__actions").first.is_hidden()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_without_js_the_key_is_a_disclosure_and_prints_open(base_url, lang):
    text = LANG[lang]
    with chromium(javascript=False) as context:
        page = context.new_page()
        page.goto(base_url + text["url"])
        assert page.locator(".lx-quiz button").count() == 0
        assert page.locator(".lx-quiz__option").all_inner_texts()[:2] == text["options"]
        details = page.locator("details.lx-quiz__answer")
        assert details.count() == 3
        assert page.locator("details.lx-quiz__answer[open]").count() == 0
        feedback = details.first.locator('.lx-quiz__feedback[data-option="test-piece"]')
        assert feedback.is_hidden()
        page.emulate_media(media="print")
        assert feedback.is_visible()  # printed with the key, though still closed
        page.emulate_media(media="screen")
        assert feedback.is_hidden()
        details.first.locator("summary").click()
        assert details.first.locator("summary").text_content() == text["key"]
        assert feedback.inner_text() == text["key_first"]
        assert feedback.is_visible()


def axe(page, context: str) -> list[tuple[str, str, str]]:
    """axe-core's violations in ``context`` (a selector) as (rule, impact, node) triples."""
    page.add_script_tag(path=str(AXE))
    return [tuple(v) for v in page.evaluate("""async (context) => (await axe.run(context)).violations
        .flatMap(v => v.nodes.map(n => [v.id, v.impact, n.target.join(' ')]))""", context)]


def answer_two(page):
    option(page, 0, "test-piece").locator("button").click()
    option(page, 1, "gadget").locator("button").click()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_axe_finds_nothing_in_the_quiz_before_and_after_answering(open_quiz, lang):
    page, _ = open_quiz(lang)
    assert axe(page, ".lx-quiz") == []
    answer_two(page)
    question(page, 2).locator(".lx-quiz__show").click()
    assert axe(page, ".lx-quiz") == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_axe_finds_no_serious_or_critical_violation_on_the_entry_page(open_quiz, lang):
    page, _ = open_quiz(lang)
    answer_two(page)
    assert [v for v in axe(page, "html") if v[1] in ("serious", "critical")] == []


def test_quiz_js_builds_nodes_and_never_parses_html():
    source = (PROJECT / "docs" / "assets" / "quiz.js").read_text(encoding="utf-8")
    assert re.findall(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function", source) == []


# --- display order, review link, saved-answer digest, several right answers -------------------

def test_shuffled_order_is_the_no_js_key_order_the_same_in_both_languages(real_pages):
    """On every real entry: JS quiz, no-JS options and no-JS answer key show one order, FR = EN, and
    it is the seeded shuffle (display_order), not the order the YAML file lists. (The pages are visited
    once for all the sweeps, with JavaScript and without: tests/support/page_sweep.py.)"""
    quizzes = {p.name.split(".")[0]: yaml.safe_load(p.read_text(encoding="utf-8")) for p in (PROJECT / "quizzes").glob("*.en.yml")}
    slugs = {lang: {e: yaml.safe_load((PROJECT / "entries" / e / f"{lang}.yml").read_text(encoding="utf-8"))["slug"] for e in quizzes}
             for lang in ("fr", "en")}
    seen: dict[str, dict] = {}
    reordered = 0
    for javascript in (True, False):
        for lang in ("fr", "en"):
            for entry, quiz in sorted(quizzes.items()):
                url = f"{lang}/{slugs[lang][entry]}/"
                assert url in real_pages.no_js, f"{url}: a quiz whose entry page the sweep did not visit"
                order = real_pages.entries[url].order if javascript else real_pages.no_js[url]
                for q in quiz["questions"]:
                    expected = [o["id"] for o in display_order(entry, q["id"], q["options"])]
                    assert order[q["id"]] == {"options": expected, "key": expected}, (lang, entry, q["id"])
                    reordered += expected != [o["id"] for o in q["options"]]
                seen.setdefault(entry, order)
                assert order == seen[entry]
    assert reordered > 0


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_review_link_after_answering_goes_to_the_section_that_teaches(open_quiz, lang):
    page, text = open_quiz(lang)
    review = question(page, 2).locator(".lx-quiz__question > .lx-quiz__review a, :scope > .lx-quiz__review a")
    assert review.count() == 1 and review.is_hidden()   # not before answering
    option(page, 2, "gadget").locator("button").click()
    assert review.is_visible()
    assert review.text_content() == text["review"]
    assert review.get_attribute("href") == "#step-declare"
    review.click()
    assert page.evaluate("location.hash") == "#step-declare"
    target = page.locator("#step-declare")
    assert target.count() == 1 and target.evaluate("n => n.tagName") == "H3"
    assert target.locator(".lx-step-number").text_content() == "01"
    assert page.locator("details.lx-quiz__answer .lx-quiz__review a").nth(2).text_content() == text["review"]  # in the key too


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_review_link_is_in_the_no_js_answer_key(base_url, lang):
    with chromium(javascript=False) as context:
        page = context.new_page()
        page.goto(base_url + LANG[lang]["url"])
        links = page.locator("details.lx-quiz__answer .lx-quiz__review a")
        assert [links.nth(i).get_attribute("href") for i in range(3)] == ["#definition", "#in-depth-usage", "#step-declare"]
        for i in range(3):
            assert page.locator(links.nth(i).get_attribute("href")).count() == 1
        page.locator("details.lx-quiz__answer summary").nth(2).click()
        assert links.nth(2).is_visible() and links.nth(2).text_content() == LANG[lang]["review"]


def test_a_changed_question_drops_its_stale_saved_answer(fixture_site, tmp_path):
    """Answers saved on one build; the next build rewords question 'what' (FR only): its saved
    answer is not replayed, in either language, while 'purpose' keeps its answer."""
    served = tmp_path / "served"
    shutil.copytree(fixture_site, served)
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    quiz = content / "quizzes" / "widget.fr.yml"
    reworded = quiz.read_text(encoding="utf-8").replace("Qu’est-ce qu’un bidule", "Qu’est-ce, au fond, qu’un bidule")
    assert reworded != quiz.read_text(encoding="utf-8")
    quiz.write_text(reworded, encoding="utf-8")
    built = mkdocs_build(make_project(content, tmp_path / "project"))
    assert built.returncode == 0, built.stderr
    with static_server(served) as url, chromium() as browser:
        page = browser.new_page()
        page.goto(url + "/en/widget/")
        page.wait_for_selector(".lx-quiz[data-ready]")
        old = question(page, 0).get_attribute("data-digest")
        option(page, 0, "test-piece").locator("button").click()
        option(page, 1, "gadget").locator("button").click()
        assert score(page) == "Score: 1/3"
        shutil.rmtree(served)
        shutil.copytree(tmp_path / "project" / "site", served)   # the new build, same address
        for lang in ("en", "fr"):
            page.goto(url + LANG[lang]["url"] + "?build=2")   # not the HTTP cache's copy of the old page
            page.wait_for_selector(".lx-quiz[data-ready]")
            assert question(page, 0).get_attribute("data-digest") != old
            assert state(page, 0, "test-piece") == unanswered()
            assert state(page, 1, "gadget")["class"] == "lx-quiz__option is-wrong"
            assert score(page) == LANG[lang]["score"].format(0)
        assert saved(page)["lexigraph:quiz:widget:what"] == f"test-piece#{old}"   # stale, never replayed
        option(page, 0, "test-piece").locator("button").click()
        assert saved(page)["lexigraph:quiz:widget:what"] == f"test-piece#{question(page, 0).get_attribute('data-digest')}"


@pytest.fixture(scope="module")
def real_url(real_site):
    with static_server(real_site) as url:
        yield url


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_several_answer_question_partial_then_full(real_url, browser, lang):
    """prompt-injection 'guard' has two right options: picking one of them is not enough."""
    text = LANG[lang]
    quiz = yaml.safe_load((PROJECT / "quizzes" / f"prompt-injection.{lang}.yml").read_text(encoding="utf-8"))
    guard = next(q for q in quiz["questions"] if q["id"] == "guard")
    assert guard["multiple"] is True
    by_id = {o["id"]: o for o in guard["options"]}
    shown_right = [o for o in display_order("prompt-injection", "guard", guard["options"]) if o.get("correct")]
    assert [o["id"] for o in shown_right] == ["scoped-token", "grant"]
    page = browser.new_page()
    page.goto(real_url + text["injection"])
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector(".lx-quiz[data-ready]")
    index = [q for q in page.locator(".lx-quiz__question").evaluate_all("ns => ns.map(n => n.dataset.question)")].index("guard")
    check = question(page, index).locator(".lx-quiz__check")
    assert check.text_content() == text["check"]
    option(page, index, "grant").locator("button").click()          # one of the two right options
    assert state(page, index, "grant")["pressed"] == "true" and state(page, index, "grant")["mark"] == ""   # no verdict yet
    check.click()
    answer = " / ".join(o["text"].rstrip(".").replace("`", "") for o in shown_right)   # code spans show as code, without backticks
    assert state(page, index, "grant")["class"] == "lx-quiz__option is-correct"
    assert state(page, index, "scoped-token") == {"class": "lx-quiz__option is-correct", "pressed": "false", "disabled": "true",
                                                  "mark": text["correct"], "why": page.locator('.lx-quiz__question[data-question="guard"] .lx-quiz__feedback[data-option="scoped-token"] .lx-quiz__why').text_content()}
    assert state(page, index, "spotlight-only")["class"] == "lx-quiz__option"
    assert score(page) == text["score"].format(0)
    missed = LANG[lang]["missed"].split(NBSP if lang == "fr" else ": ")[0]
    assert status(page).startswith(missed) and answer in status(page)
    assert by_id["grant"]["feedback"].split(" ")[0] in status(page) and status(page).endswith(text["score"].format(0))
    page.locator(".lx-quiz__retry").click()
    option(page, index, "scoped-token").locator("button").click()
    option(page, index, "grant").locator("button").click()
    option(page, index, "system-rule").locator("button").click()     # a wrong pick, then taken back
    option(page, index, "system-rule").locator("button").click()
    check.click()
    assert state(page, index, "system-rule")["class"] == "lx-quiz__option"
    assert [state(page, index, o)["class"] for o in ("grant", "scoped-token")] == ["lx-quiz__option is-correct"] * 2
    assert score(page) == text["score"].format(1)
    assert status(page).startswith(text["right"]) and status(page).endswith(text["score"].format(1))
    assert saved(page)["lexigraph:quiz:prompt-injection:guard"].split("#")[0] == "scoped-token,grant"
    assert axe(page, ".lx-quiz") == []
    page.evaluate("localStorage.clear()")
    page.close()


def test_archived_versions_keep_a_working_quiz_without_script_errors(real_pages):
    """Archived pages keep the markup of the code that published them; today's quiz.js must still run them.

    Every archived version page of the real lexicon, in both languages: no script error, no console
    error, the quiz is enhanced, and answering its first question gives a verdict and a score.
    (One visit per page for all the sweeps: tests/support/page_sweep.py.)
    """
    archived = sorted(real_pages.archived)
    assert len(archived) >= 20, archived          # ten entries were archived, each in FR and EN
    problems = {}
    for url in archived:
        visit = real_pages.archived[url]
        scored = re.search(r"\d/3", visit.score or "")
        if visit.errors or not visit.verdict or not scored or visit.saved_on_arrival is None:
            problems[url] = {"errors": visit.errors, "verdict": visit.verdict, "score": visit.score}
    assert problems == {}
