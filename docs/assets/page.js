/* Lexigraph page script: the theme toggle (overrides/partials/palette.html: one button, aria-pressed), keyboard
   access to code blocks that scroll sideways (tabindex=0, role=group and a name, only while they overflow), and
   the reading path's quiz progress. Text is set with textContent only. */
(function () {
  "use strict";
  var button = document.getElementById("lx-palette");
  var codeLabel = button ? button.getAttribute("data-code-label") : "Code";

  function setupPalette() {
    if (!button || typeof __md_set !== "function") return;
    var light = JSON.parse(button.getAttribute("data-light"));
    var dark = JSON.parse(button.getAttribute("data-dark"));
    var isDark = function () { return document.body.getAttribute("data-md-color-scheme") === dark.scheme; };
    button.setAttribute("aria-pressed", String(isDark()));
    button.hidden = false;
    button.addEventListener("click", function () {
      var color = isDark() ? light : dark;
      Object.keys(color).forEach(function (key) { document.body.setAttribute("data-md-color-" + key, color[key]); });
      __md_set("__palette", { index: color === dark ? 1 : 0, color: color });
      button.setAttribute("aria-pressed", String(color === dark));
    });
  }

  function scroller(pre) {
    var code = pre.querySelector(":scope > code");
    return code && code.scrollWidth > 0 ? code : pre;
  }

  function codeAccess() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset pre"), function (pre) {
      var node = scroller(pre);
      var overflows = node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
      if (overflows && !node.hasAttribute("tabindex")) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "group");   /* not "region": a landmark per block would need a unique name */
        node.setAttribute("aria-label", codeLabel);
        node.setAttribute("data-lx-scroll", "");
      } else if (!overflows && node.hasAttribute("data-lx-scroll")) {
        ["tabindex", "role", "aria-label", "data-lx-scroll"].forEach(function (name) { node.removeAttribute(name); });
      }
    });
  }

  /* The reading path's quiz progress (render/path.py): how many of a step's questions have an answer saved by
     quiz.js (key lexigraph:quiz:<entry>:<question>, value "<options>#<digest>"; an older question's digest differs). */
  function pathProgress() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-lx-progress]"), function (node) {
      var quiz = node.getAttribute("data-lx-progress");
      var questions = node.getAttribute("data-questions").split(" ").filter(Boolean);
      var answered = questions.filter(function (pair) {
        var id = pair.split(":")[0], digest = pair.split(":")[1], saved = null;
        try { saved = window.localStorage.getItem("lexigraph:quiz:" + quiz + ":" + id); } catch (e) { return false; }
        return !!saved && saved.split("#")[1] === digest && saved.split("#")[0] !== "";
      }).length;
      node.textContent = node.getAttribute("data-template")
        .replace("{answered}", String(answered)).replace("{total}", String(questions.length));
      node.classList.toggle("is-complete", answered === questions.length && answered > 0);
      node.hidden = false;
    });
  }

  setupPalette();
  codeAccess();
  pathProgress();
  window.addEventListener("pageshow", pathProgress);   /* back to the home page after answering */
  window.addEventListener("storage", pathProgress);
  // Whether a block overflows changes with its width (window, sidebars appearing, fonts): check again then.
  var timer = null;
  var later = function () {
    clearTimeout(timer);
    timer = setTimeout(codeAccess, 100);
  };
  window.addEventListener("load", codeAccess);
  if (typeof ResizeObserver === "function") {
    var observer = new ResizeObserver(later);
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset pre"), function (pre) { observer.observe(scroller(pre)); });
  } else {
    window.addEventListener("resize", later);
  }
})();
