// The quiz view of `lexigraph mcp`: renders the quiz tool's structured result inside the host's
// sandboxed iframe. The result the model sees holds no answers: the view asks the app-only tool
// `quiz_key` (hidden from the model) for the right options and the feedback, once, through the
// host. It fetches nothing itself; every node is built, none parsed from text.
import { App } from "@modelcontextprotocol/ext-apps";

const app = new App({ name: "lexigraph-quiz", version: "1.0.0" });
const main = document.getElementById("quiz");

function node(tag, props = {}, ...children) {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children);
  return element;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function render(quiz, key) {
  const { labels, questions } = quiz;
  const keyed = new Map(key.questions.map((question) => [question.id, question]));
  const answers = new Map(); // question id -> answered right?
  const score = node("p", { className: "score", id: "score" });
  const showScore = () => {
    if (answers.size === questions.length) {
      score.textContent = fill(labels.score, { score: [...answers.values()].filter(Boolean).length, total: questions.length });
    }
  };
  const list = questions.map((question, index) => {
    const answer = keyed.get(question.id) || { right: [], feedback: {} };
    const right = question.options.find((option) => answer.right.includes(option.id));
    const feedback = node("p", { className: "feedback" });
    feedback.setAttribute("role", "status");
    const buttons = question.options.map((option) =>
      node("button", { type: "button", className: "option", textContent: option.text }),
    );
    buttons.forEach((button, i) => {
      const option = question.options[i];
      const correct = answer.right.includes(option.id);
      button.dataset.option = option.id;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => {
        buttons.forEach((other) => other.setAttribute("aria-pressed", String(other === button)));
        button.dataset.verdict = correct ? "right" : "wrong";
        const verdict = correct ? labels.right : fill(labels.missed, { answer: right ? right.text : "" });
        feedback.replaceChildren(node("strong", { textContent: verdict }), " ", answer.feedback[option.id] || "");
        if (!answers.has(question.id)) answers.set(question.id, correct);
        showScore();
      });
    });
    const legend = node("legend", { textContent: `${index + 1}. ${question.prompt}` });
    return node("fieldset", { className: "question" },
      legend, node("p", { className: "level", textContent: question.level }),
      node("ul", {}, ...buttons.map((button) => node("li", {}, button))), feedback);
  });
  const retry = node("button", { type: "button", id: "retry", textContent: labels.retry });
  retry.addEventListener("click", () => render(quiz, key));
  document.documentElement.lang = quiz.lang;
  document.title = `${quiz.title} · ${labels.title}`;
  main.replaceChildren(node("h1", { textContent: `${quiz.title} · ${labels.title}` }), ...list, score, retry);
}

app.addEventListener("toolresult", async (result) => {
  if (result.isError || !result.structuredContent) return;
  const quiz = result.structuredContent;
  const key = await app.callServerTool({ name: "quiz_key", arguments: { id: quiz.id, lang: quiz.lang } });
  if (!key.isError && key.structuredContent) render(quiz, key.structuredContent);
});

await app.connect(); // the ui/initialize handshake with the host
