/* Lexigraph page script: the theme toggle (overrides/partials/palette.html: one button, aria-pressed) and keyboard
   access to code blocks that scroll sideways (tabindex=0, role=region and a name, only while they overflow). */
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
        node.setAttribute("role", "region");
        node.setAttribute("aria-label", codeLabel);
        node.setAttribute("data-lx-scroll", "");
      } else if (!overflows && node.hasAttribute("data-lx-scroll")) {
        ["tabindex", "role", "aria-label", "data-lx-scroll"].forEach(function (name) { node.removeAttribute(name); });
      }
    });
  }

  setupPalette();
  codeAccess();
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
