// The two tools every Lexigraph page registers (this file is the site's assets/webmcp.js).
// Read-only, answered from the site's own exports in the page's language; gone with the page.
(() => {
  const modelContext = document.modelContext;
  if (typeof modelContext?.registerTool !== "function") return; // no WebMCP: do nothing, say nothing

  const lang = document.documentElement.lang === "en" ? "en" : "fr";
  const root = new URL("..", document.currentScript.src); // this script is <root>/assets/webmcp.js
  const fold = (text) => String(text ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = (text) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

  async function entries(signal) {
    const response = await fetch(new URL(`${lang}/lexicon.json`, root), { signal });
    return (await response.json()).entries;
  }

  function score({ id, text }, wanted) {
    const title = words(text.title), names = words([id, text.slug, ...(text.aliases ?? [])].join(" "));
    const definition = words(text.definition);
    const whole = [text.title, id, text.slug, ...(text.aliases ?? [])].some((name) => words(name).join(" ") === wanted.join(" "));
    const hit = (list, token) => list.includes(token) || (token.length > 2 && list.some((w) => w.startsWith(token)));
    return (whole ? 100 : 0) + wanted.reduce((sum, token) => sum + (hit(title, token) ? 10 : hit(names, token) ? 8 : 0)
      + (hit(definition, token) ? 3 : 0), 0);
  }

  async function searchLexicon({ query }, { signal }) {
    const wanted = words(query).slice(0, 20);
    if (!wanted.length) return "Give a few words to search for.";
    const ranked = (await entries(signal)).map((entry) => [entry, score(entry, wanted)])
      .filter(([, points]) => points > 0).sort((a, b) => b[1] - a[1]).slice(0, 5);
    return JSON.stringify(ranked.map(([{ id, text, url }]) => ({ id, title: text.title, definition: text.definition, url })));
  }

  async function getEntry({ id }, { signal }) {
    const entry = (await entries(signal)).find((e) => e.id === fold(id) || fold(e.text.slug) === fold(id));
    if (!entry) return `No entry "${String(id).slice(0, 40)}" in this language; search_lexicon finds ids.`;
    const copy = await fetch(new URL(`${lang}/${entry.text.slug}/index.md`, root), { signal });
    return copy.text(); // the entry's Markdown copy, as published next to its page
  }

  let controller;
  function register() {
    controller = new AbortController(); // abort() unregisters both tools
    const language = lang === "fr" ? "French" : "English";
    for (const [name, description, input, execute] of [
      ["search_lexicon", `Search the Lexigraph lexicon (${language} entries); returns ids, titles, definitions, URLs.`, "query", searchLexicon],
      ["get_entry", `One Lexigraph entry in ${language}, as Markdown, by id or slug (e.g. "mcp-apps").`, "id", getEntry],
    ]) {
      modelContext.registerTool({
        name, description, execute,
        inputSchema: { type: "object", properties: { [input]: { type: "string" } }, required: [input] },
        annotations: { readOnlyHint: true },
      }, { signal: controller.signal });
    }
  }

  register();
  addEventListener("pagehide", () => controller.abort());
  addEventListener("pageshow", (event) => event.persisted && register()); // back from the back/forward cache
})();
