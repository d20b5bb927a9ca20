/* Lexigraph quiz: turns the readable no-JS quiz (options + <details> answer key) into
   buttons with immediate feedback, a score, "show answer", retry and saved progress.
   Nodes are built or moved, text set with textContent: no HTML strings anywhere. */
(function () {
  "use strict";
  var PREFIX = "lexigraph:quiz:";

  function storage(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (e) { /* storage disabled: progress is simply not kept */ }
    return null;
  }

  function make(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function button(className, text) {
    var node = make("button", className, text);
    node.type = "button";
    return node;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  function each(root, selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
  }

  function setup(section) {
    if (section.hasAttribute("data-ready")) return;
    var labels = JSON.parse(section.getAttribute("data-labels"));
    var quiz = section.getAttribute("data-quiz");
    var questions = [];
    var score = make("p", "lx-quiz__score");
    var status = make("p", "lx-quiz__status");
    status.setAttribute("aria-live", "polite");

    function key(q) { return PREFIX + quiz + ":" + q.id; }

    function points() {
      return questions.filter(function (q) { return q.done === true && right(q); }).length;
    }

    function right(q) {
      return q.options.every(function (o) { return o.correct === (q.picked.indexOf(o.id) >= 0); });
    }

    function texts(options) {
      return options.map(function (o) { return o.text.replace(/[.!?…]$/, ""); }).join(" / ");
    }

    function paint(q) {
      q.options.forEach(function (o) {
        var picked = q.picked.indexOf(o.id) >= 0;
        var shown = q.done && (picked || o.correct);
        o.button.setAttribute("aria-pressed", String(picked));
        if (q.done) o.button.setAttribute("aria-disabled", "true");
        else o.button.removeAttribute("aria-disabled");
        o.item.classList.toggle("is-correct", shown && o.correct);
        o.item.classList.toggle("is-wrong", shown && !o.correct);
        o.mark.textContent = shown ? (o.correct ? labels.correct : labels.wrong) : "";
        o.why.hidden = !shown;
      });
      q.actions.hidden = !!q.done;
      if (q.review) q.review.hidden = !q.done;
      score.textContent = fill(labels.score, {score: points(), total: questions.length});
    }

    function finish(q, done) {
      var focused = q.actions.contains(document.activeElement);
      var correct = q.options.filter(function (o) { return o.correct; });
      q.done = done;
      if (done === true) storage(key(q), q.picked.join(",") + "#" + q.digest);
      paint(q);
      if (focused) correct[0].button.focus();
      var chosen = q.options.filter(function (o) { return q.picked.indexOf(o.id) >= 0; });
      var message = done !== true ? fill(labels.shown, {answer: texts(correct)})
        : right(q) ? labels.right : fill(labels.missed, {answer: texts(correct)});
      var why = (done === true ? chosen : correct).map(function (o) { return o.why.textContent; });
      status.textContent = [message].concat(why, score.textContent).join(" ");
    }

    function pick(q, o) {
      if (q.done) return;
      if (!q.multiple) {
        q.picked = [o.id];
        return finish(q, true);
      }
      var at = q.picked.indexOf(o.id);
      if (at >= 0) q.picked.splice(at, 1); else q.picked.push(o.id);
      paint(q);
    }

    each(section, ".lx-quiz__question", function (node) {
      var q = {id: node.getAttribute("data-question"), digest: node.getAttribute("data-digest"), multiple: node.getAttribute("data-multiple") === "true",
               options: [], picked: [], done: false, actions: make("p", "lx-quiz__actions")};
      var feedback = {};
      each(node, ".lx-quiz__feedback", function (li) {
        feedback[li.getAttribute("data-option")] = li.querySelector(".lx-quiz__why");
      });
      each(node, ".lx-quiz__option", function (item) {
        var o = {id: item.getAttribute("data-option"), correct: item.getAttribute("data-correct") === "true",
                 item: item, button: button("lx-quiz__choice"), mark: make("span", "lx-quiz__mark")};
        while (item.firstChild) o.button.appendChild(item.firstChild);
        each(o.button, "a", function (a) {  /* no link inside a button: keep its words */
          while (a.firstChild) a.parentNode.insertBefore(a.firstChild, a);
          a.parentNode.removeChild(a);
        });
        o.text = o.button.textContent.trim();
        o.button.appendChild(o.mark);
        o.why = feedback[o.id] ? feedback[o.id].cloneNode(true) : make("span", "lx-quiz__why");
        o.why.removeAttribute("id");
        item.appendChild(o.button);
        item.appendChild(o.why);
        o.button.addEventListener("click", function () { pick(q, o); });
        q.options.push(o);
      });
      if (q.multiple) {
        var check = button("lx-quiz__check", labels.check);
        check.addEventListener("click", function () { if (q.picked.length) finish(q, true); });
        q.actions.appendChild(check);
      }
      var show = button("lx-quiz__show", labels.show);
      show.addEventListener("click", function () { finish(q, "shown"); });
      q.actions.appendChild(show);
      var list = node.querySelector(".lx-quiz__options");
      list.parentNode.insertBefore(q.actions, list.nextSibling);
      var review = node.querySelector(".lx-quiz__review");  /* the key's "Review: …" link, shown once answered */
      if (review) {
        q.review = review.cloneNode(true);
        q.actions.parentNode.insertBefore(q.review, q.actions.nextSibling);
      }
      /* A saved answer carries the digest of the question it answered: a changed question drops it. */
      var stored = (storage(key(q)) || "").split("#");
      if (stored[1] !== q.digest) stored = [""];
      var saved = stored[0].split(",").filter(function (id) {
        return q.options.some(function (o) { return o.id === id; });
      });
      if (saved.length) { q.picked = saved; q.done = true; }
      questions.push(q);
    });

    var retry = button("lx-quiz__retry", labels.retry);
    retry.addEventListener("click", function () {
      questions.forEach(function (q) {
        q.picked = [];
        q.done = false;
        storage(key(q), null);
        paint(q);
      });
      status.textContent = labels.cleared + " " + score.textContent;
      questions[0].options[0].button.focus();
    });
    var tools = make("div", "lx-quiz__tools");
    tools.appendChild(score);
    tools.appendChild(retry);
    section.appendChild(tools);
    section.appendChild(status);
    questions.forEach(paint);
    section.setAttribute("data-ready", "");
  }

  function init() {
    each(document, ".lx-quiz", setup);
  }

  window.addEventListener("beforeprint", function () {
    each(document, "details.lx-quiz__answer", function (d) { d.open = true; });
  });
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
