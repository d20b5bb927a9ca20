/* Definition previews. Hovering (mouse or pen) or keyboard-focusing a first-mention link (a.lx-mention,
   render/prose.py) or a relation link (.lx-relations a, render/entry.py), both marked data-entry="<id>", shows a
   card with the target entry's title and definition in the page's language. They come from <lang>/lexicon.json
   (publish/exports.py), fetched once, on the first preview, never before. The card is position: fixed (the page
   never moves) and role="tooltip"; while it shows, the link points at it with aria-describedby. Escape hides it,
   and so does moving the pointer or the focus away (the pointer may rest on the card). A touch tap only follows the
   link. The card is built with createElement and textContent: the definition's Markdown is text, its code spans
   <code> elements; nothing from the data is parsed as HTML. */
(function () {
  "use strict";
  var LINKS = "a.lx-mention[data-entry], .lx-relations a[data-entry]";
  var ID = "lx-preview";
  var script = document.currentScript || document.querySelector("script[src$='assets/preview.js']");
  var lang = (document.documentElement.getAttribute("lang") || "en").slice(0, 2);
  var source = new URL("../" + lang + "/lexicon.json", script ? script.src : location.href).href;
  var data = null;        // a promise of id → [title, definition], made on the first preview
  var card = null;
  var shown = null;       // the link the card describes
  var wanted = null;      // the link the reader is on (the card follows once the data are there)
  var dismissed = null;   // the link whose card Escape hid, until the reader leaves it
  var showTimer = 0;
  var hideTimer = 0;
  var touchedAt = 0;

  function load() {
    if (!data) {
      data = fetch(source, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      }).then(function (json) {
        var map = {};
        (json && Array.isArray(json.entries) ? json.entries : []).forEach(function (entry) {
          var text = entry && entry.text;
          if (text && typeof text.title === "string" && typeof text.definition === "string") map[entry.id] = [text.title, text.definition];
        });
        return map;
      });
      data.catch(function () { data = null; });   // a failed fetch is tried again at the next preview
    }
    return data;
  }

  /* Markdown as a reader sees it, without markup: evidence markers [^id] dropped, [text](url) as text,
     emphasis marks removed. */
  function plain(text) {
    return text.replace(/\[\^[^\]\s]+\]/g, "")
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/(\*\*|__)(\S(?:.*?\S)?)\1/g, "$2")
      .replace(/(^|[^\w*])\*(\S(?:[^*]*?\S)?)\*/g, "$1$2")
      .replace(/(^|[^\w_])_(\S(?:[^_]*?\S)?)_(?!\w)/g, "$1$2")
      .replace(/\s+/g, " ");
  }

  /* Text and <code> children for ``markdown``: split on backticks, odd parts are code spans. */
  function fill(node, markdown) {
    var parts = markdown.split("`");
    if (parts.length % 2 === 0) parts[parts.length - 2] += "`" + parts.pop();   // an unclosed backtick is text
    parts.forEach(function (part, i) {
      if (i % 2) {
        var code = document.createElement("code");
        code.textContent = part;
        node.appendChild(code);
      } else if (part) {
        node.appendChild(document.createTextNode(plain(part)));
      }
    });
  }

  function make() {
    card = document.createElement("div");
    card.id = ID;
    card.className = "lx-preview";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    card.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    card.addEventListener("pointerleave", hideSoon);
    document.body.appendChild(card);
  }

  function place(link) {
    var rects = link.getClientRects();
    var rect = rects.length ? rects[0] : link.getBoundingClientRect();
    var gap = 6, margin = 8;
    var width = card.offsetWidth, height = card.offsetHeight;
    var top = rect.bottom + gap;
    if (top + height > window.innerHeight - margin && rect.top - gap - height >= margin) top = rect.top - gap - height;
    var left = Math.max(margin, Math.min(rect.left, document.documentElement.clientWidth - width - margin));
    card.style.top = Math.round(top) + "px";
    card.style.left = Math.round(left) + "px";
  }

  function describe(link, on) {
    var ids = (link.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) { return id && id !== ID; });
    if (on) ids.push(ID);
    if (ids.length) link.setAttribute("aria-describedby", ids.join(" "));
    else link.removeAttribute("aria-describedby");
  }

  function show(link) {
    wanted = link;
    load().then(function (map) {
      var entry = map[link.getAttribute("data-entry")];
      if (wanted !== link || !entry) return;
      if (!card) make();
      if (shown && shown !== link) describe(shown, false);
      var title = document.createElement("p");
      title.className = "lx-preview__title";
      fill(title, entry[0]);
      var text = document.createElement("p");
      text.className = "lx-preview__text";
      fill(text, entry[1]);
      card.replaceChildren(title, text);
      card.hidden = false;
      place(link);
      shown = link;
      describe(link, true);
    }, function () { /* no data: the plain link */ });
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    wanted = null;
    if (!shown) return;
    describe(shown, false);
    shown = null;
    card.hidden = true;
  }

  function hideSoon() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    wanted = null;
    hideTimer = setTimeout(hide, 200);
  }

  function linkOf(node) {
    return node && node.closest ? node.closest(LINKS) : null;
  }

  function keyboardFocus(link) {
    if (Date.now() - touchedAt < 1000) return false;   // the focus a tap gives
    try { return link.matches(":focus-visible"); } catch (e) { return true; }
  }

  document.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "touch") touchedAt = Date.now();
    if (!(card && card.contains(event.target))) hide();
  }, true);
  document.addEventListener("pointerover", function (event) {
    var link = linkOf(event.target);
    if (event.pointerType === "touch") return;
    if (card && card.contains(event.target)) return clearTimeout(hideTimer);
    if (!link || link === dismissed) return;
    clearTimeout(hideTimer);
    if (link === shown || link === wanted) return;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(link); }, 150);
  });
  document.addEventListener("pointerout", function (event) {
    var link = linkOf(event.target);
    if (!link || event.pointerType === "touch" || link.contains(event.relatedTarget)) return;
    if (link === dismissed) dismissed = null;
    if (link === shown || link === wanted) hideSoon();
    else clearTimeout(showTimer);
  });
  document.addEventListener("focusin", function (event) {
    var link = linkOf(event.target);
    if (!link || !keyboardFocus(link)) return;
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    dismissed = null;
    show(link);
  });
  document.addEventListener("focusout", function (event) {
    var link = linkOf(event.target);
    if (link && (link === shown || link === wanted)) hide();
    if (link === dismissed) dismissed = null;
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !(shown || wanted)) return;
    dismissed = shown || wanted;
    hide();
  });
  window.addEventListener("scroll", function () { if (shown) place(shown); }, { passive: true, capture: true });
  window.addEventListener("resize", hide);
})();
