// The two tools every Lexigraph page registers (this file is the site's assets/webmcp.js).
// Read-only, answered from the site's own exports in the page's language; gone with the page.
(() => {
  const modelContext = document.modelContext;
  if (typeof modelContext?.registerTool !== "function") return; // no WebMCP: do nothing, say nothing

  const lang = document.documentElement.lang === "en" ? "en" : "fr";
  const root = new URL("..", document.currentScript.src); // this script is <root>/assets/webmcp.js
  const fold = (text) => String(text ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = (text) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

  class Refusal extends Error {} // bad arguments: the agent is told why

  // The browser does not check arguments against inputSchema: the tool does, and says what is wrong.
  function argument(input, name, longest) {
    const value = input?.[name];
    if (value === undefined) throw new Refusal(`"${name}" is missing: give it as a string.`);
    if (typeof value !== "string") {
      const kind = Array.isArray(value) ? "a list" : value === null ? "null" : typeof value === "object" ? "an object" : `a ${typeof value}`;
      throw new Refusal(`"${name}" must be a string, not ${kind}.`);
    }
    const text = value.replace(/[\p{Cc}\p{Cf}]/gu, "").trim(); // no control or direction characters
    if (!text) throw new Refusal(`"${name}" is empty: give a few words.`);
    if (text.length > longest) throw new Refusal(`"${name}" is ${text.length} characters long; ${longest} at most.`);
    return text;
  }

  // A tool that throws reaches the agent as a bare UnknownError: answer with the reason instead.
  const answering = (execute) => async (input, client) => {
    try {
      return await execute(input, client);
    } catch (error) {
      return `Error: ${error instanceof Refusal ? error.message : `the lexicon could not be read (${error.name}: ${error.message}).`}`;
    }
  };

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

  function ranked(all, query) {
    const wanted = words(query).slice(0, 20);
    return all.map((entry) => [entry, score(entry, wanted)]).filter(([, points]) => points > 0)
      .sort((a, b) => b[1] - a[1]).map(([entry]) => entry);
  }

  async function searchLexicon(input, { signal }) {
    const query = argument(input, "query", 500);
    const found = ranked(await entries(signal), query).slice(0, 5);
    return JSON.stringify(found.map(({ id, text, url }) => ({ id, title: text.title, definition: text.definition, url })));
  }

  async function getEntry(input, { signal }) {
    const id = argument(input, "id", 200), all = await entries(signal);
    const entry = all.find((e) => e.id === fold(id) || fold(e.text.slug) === fold(id));
    if (!entry) {
      const near = ranked(all, id.replace(/-/g, " ")).slice(0, 3).map((e) => e.id);
      throw new Refusal(`No entry "${id.slice(0, 40)}" in this language${near.length ? `; did you mean ${near.join(", ")}?` : "; search_lexicon finds ids."}`);
    }
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
        name, description, execute: answering(execute),
        inputSchema: { type: "object", properties: { [input]: { type: "string" } }, required: [input] },
        annotations: { readOnlyHint: true },
      }, { signal: controller.signal });
    }
  }

  register();
  addEventListener("pagehide", () => controller.abort());
  addEventListener("pageshow", (event) => event.persisted && register()); // back from the back/forward cache
})();
