// Search in the page's language with Pagefind (index built by lexigraph/search.py), in Material's search box.
// Nothing is fetched until the reader uses the box; then Pagefind loads only the chunks a query needs.
// Keyboard: "/", "s" or "f" opens the search, arrows move through the results, Escape closes.
(function () {
  "use strict";

  var root = document.querySelector("[data-lx-search]");
  var toggle = document.getElementById("__search");
  if (!root || !toggle) return;
  var input = root.querySelector("input[name=query]");
  var meta = root.querySelector(".md-search-result__meta");
  var list = root.querySelector(".md-search-result__list");
  var script = document.currentScript;
  var bundle = new URL("../pagefind/pagefind.js", script ? script.src : location.href).href;
  var lang = document.documentElement.lang || "en";
  var config = {};
  try { config = JSON.parse(document.getElementById("__config").textContent); } catch (e) { /* labels fall back */ }
  var labels = config.translations || {};
  var MAX = 10;
  var pagefind = null;
  var pending = 0;
  var timer = null;

  function label(key, n) {
    var text = labels[key] || "";
    return n === undefined ? text : text.replace("#", String(n));
  }

  function load() {
    if (!pagefind) {
      pagefind = import(bundle).then(function (module) {
        return module.options({ excerptLength: 0, ranking: { metaWeights: { title: 10, aliases: 10 } } }).then(function () { module.init(); return module; });
      });
    }
    return pagefind;
  }

  // French elision: "l’outil" is searched as "outil" (the index splits "l’ outil" the same way).
  function terms(query) {
    return query.replace(/(^|[\s(«"'’])(?:jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])['’](?=\S)/gi, "$1").trim();
  }

  // Compare names as a reader types them: no case, accents, elision or extra spaces.
  function plain(text) {
    return terms(text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()).split(/\s+/).join(" ");
  }

  // The entry whose title or alias is the query comes first, then the rest in Pagefind's order.
  function named(results, query) {
    var wanted = plain(query);
    function matches(data) {
      var names = [data.meta.title || ""].concat((data.meta.aliases || "").split(" · "));
      return names.some(function (name) { return name && plain(name) === wanted; });
    }
    return results.filter(matches).concat(results.filter(function (data) { return !matches(data); }));
  }

  function open() {
    if (!toggle.checked) toggle.checked = true;
    input.focus();
  }

  function close() {
    toggle.checked = false;
    input.blur();
  }

  function show(results, total, typed) {
    list.replaceChildren();
    list.setAttribute("data-query", typed);   // which query the list answers (tests wait on it)
    meta.textContent = total === 0 ? label("search.result.none")
      : total === 1 ? label("search.result.one") : label("search.result.other", total);
    results.forEach(function (data) {
      var item = document.createElement("li");
      item.className = "md-search-result__item";
      var link = document.createElement("a");
      link.className = "md-search-result__link";
      link.href = data.url;
      var article = document.createElement("article");
      article.className = "md-search-result__article md-typeset";
      var title = document.createElement("h1");
      title.textContent = data.meta.title || "";
      var definition = document.createElement("p");
      definition.textContent = data.meta.definition || "";
      article.append(title, definition);
      link.append(article);
      item.append(link);
      list.append(item);
    });
  }

  function search() {
    var typed = input.value;
    var query = terms(typed);
    var ticket = ++pending;
    if (!query) {
      list.replaceChildren();
      meta.textContent = label("search.result.placeholder");
      return;
    }
    load().then(function (module) {
      return module.search(query);
    }).then(function (found) {
      if (ticket !== pending || !found) return null;
      return Promise.all(found.results.slice(0, MAX).map(function (r) { return r.data(); })).then(function (data) {
        if (ticket === pending) show(named(data, query), found.results.length, typed);
      });
    });
  }

  input.addEventListener("focus", function () { open(); load(); });
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 100);
  });
  root.querySelector("form").addEventListener("submit", function (event) {
    event.preventDefault();
    var first = list.querySelector("a");
    if (first) first.click();
  });
  root.querySelector("button[type=reset]").addEventListener("click", function () {
    input.value = "";
    search();
    input.focus();
  });

  function links() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

  root.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var all = links();
      if (!all.length) return;
      event.preventDefault();
      var at = all.indexOf(document.activeElement);
      var next = event.key === "ArrowDown" ? at + 1 : at - 1;
      if (next < 0) input.focus();
      else all[Math.min(next, all.length - 1)].focus();
    }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "/" || event.key === "s" || event.key === "f") {
      event.preventDefault();
      open();
    }
  });

})();
