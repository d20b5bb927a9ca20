/* Lexigraph: the copy buttons of "Cite this entry". No dependency, no innerHTML. */
(function () {
  "use strict";

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = document.execCommand("copy");
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); });
    }
    return fallbackCopy(text);
  }

  function showCopied(button) {
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.textContent = button.dataset.copied;
    button.classList.add("lx-cite__copy--done");
    clearTimeout(button._lxTimer);
    button._lxTimer = setTimeout(function () {
      button.textContent = button.dataset.label;
      button.classList.remove("lx-cite__copy--done");
    }, 2500);
  }

  function reveal() {
    document.querySelectorAll("button.lx-cite__copy[hidden]").forEach(function (button) {
      button.hidden = false;
      button.setAttribute("aria-live", "polite");
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.lx-cite__copy");
    if (!button) return;
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    copy(source.textContent).then(function () { showCopied(button); });
  });

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(reveal);   /* Material's instant navigation swaps pages */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", reveal);
  } else {
    reveal();
  }
})();
