// The quiz view of `lexigraph mcp`: renders the quiz tool's structured result inside the host's
// sandboxed iframe. It calls no tool and fetches nothing; every node is built, none parsed from text.
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

function render(quiz) {
  const { labels, questions } = quiz;
  const answers = new Map(); // question id -> answered right?
  const score = node("p", { className: "score", id: "score" });
  const showScore = () => {
    if (answers.size === questions.length) {
      score.textContent = fill(labels.score, { score: [...answers.values()].filter(Boolean).length, total: questions.length });
    }
  };
  const list = questions.map((question, index) => {
    const right = question.options.find((option) => option.correct);
    const feedback = node("p", { className: "feedback" });
    feedback.setAttribute("role", "status");
    const buttons = question.options.map((option) =>
      node("button", { type: "button", className: "option", textContent: option.text }),
    );
    buttons.forEach((button, i) => {
      const option = question.options[i];
      button.dataset.option = option.id;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => {
        buttons.forEach((other) => other.setAttribute("aria-pressed", String(other === button)));
        button.dataset.verdict = option.correct ? "right" : "wrong";
        const verdict = option.correct ? labels.right : fill(labels.missed, { answer: right ? right.text : "" });
        feedback.replaceChildren(node("strong", { textContent: verdict }), " ", option.feedback);
        if (!answers.has(question.id)) answers.set(question.id, option.correct);
        showScore();
      });
    });
    const legend = node("legend", { textContent: `${index + 1}. ${question.prompt}` });
    return node("fieldset", { className: "question" },
      legend, node("p", { className: "level", textContent: question.level }),
      node("ul", {}, ...buttons.map((button) => node("li", {}, button))), feedback);
  });
  const retry = node("button", { type: "button", id: "retry", textContent: labels.retry });
  retry.addEventListener("click", () => render(quiz));
  document.documentElement.lang = quiz.lang;
  document.title = `${quiz.title} · ${labels.title}`;
  main.replaceChildren(node("h1", { textContent: `${quiz.title} · ${labels.title}` }), ...list, score, retry);
}

app.addEventListener("toolresult", (result) => {
  if (!result.isError && result.structuredContent) render(result.structuredContent);
});

await app.connect(); // the ui/initialize handshake with the host
