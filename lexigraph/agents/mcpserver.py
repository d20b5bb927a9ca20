"""`lexigraph mcp`: the lexicon as an MCP server, on the official SDK (``mcp`` 2.3, ``MCPServer``).

Tools (all read-only, each with an output schema and structured content): ``search``,
``get_entry``, ``list_entries``, and ``quiz``, an MCP App whose view
(``ui://lexigraph/quiz``) renders the entry's questions in the host's sandboxed iframe.
Resources: each entry as ``lexigraph://{lang}/{id}`` (its Markdown copy), plus the template.
What is served comes from :mod:`lexigraph.lexicon`; a request it cannot answer is an
``isError`` result saying what was wrong and which ids are nearest.

Serves stdio by default, or Streamable HTTP on 127.0.0.1 (stateless, DNS-rebinding protection on).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.apps import Apps
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.server.mcpserver.resources import Resource
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from lexigraph import LANGUAGES
from lexigraph.agents.lexicon import FORMATS, Lexicon, QueryError

QUIZ_VIEW = "ui://lexigraph/quiz"
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
# Each argument's expected values are advertised in the schema but checked by the tool itself,
# so a wrong value gets Lexigraph's own message (with the nearest ids) rather than a validator's.
Lang = Annotated[str, Field(description="Language of the answer: 'fr' or 'en'.", json_schema_extra={"enum": list(LANGUAGES)})]
EntryId = Annotated[str, Field(description="An entry id (e.g. 'mcp-apps') or its slug in either language (e.g. 'harnais').")]


class Hit(BaseModel):
    id: str
    title: str
    definition: str = Field(description="The entry's one-sentence definition, as plain text.")
    url: str


class SearchResult(BaseModel):
    query: str
    lang: str
    results: list[Hit] = Field(description="Best match first; only entries of the requested language.")


class EntryResult(BaseModel):
    id: str
    lang: str
    version: str = Field(description="The version served.")
    current_version: str
    format: str
    title: str
    url: str
    markdown: str | None = Field(None, description="With format='markdown': the entry as Markdown.")
    entry: dict[str, Any] | None = Field(None, description="With format='json': the entry as the site's JSON export has it.")


class SpecCheck(BaseModel):
    spec: str
    revision: str = Field(description="The revision of the specification the entry was checked against.")
    current: str = Field(description="The specification's current revision.")
    stale: bool


class Listed(BaseModel):
    id: str
    number: int
    title: str
    status: str = Field(description="'published' or 'planned'.")
    version: str | None
    url: str
    stale: bool = Field(description="Checked against an older revision of a specification than the current one.")
    checked_against: list[SpecCheck]


class ListResult(BaseModel):
    lang: str
    spec: str | None
    entries: list[Listed]


class QuizOption(BaseModel):
    id: str
    text: str
    correct: bool
    feedback: str


class QuizQuestion(BaseModel):
    id: str
    level: str
    prompt: str
    multiple: bool
    options: list[QuizOption]


class QuizResult(BaseModel):
    id: str
    lang: str
    title: str
    url: str
    labels: dict[str, str] = Field(description="The view's interface text in the quiz's language.")
    questions: list[QuizQuestion]


# The ext-apps App (npm @modelcontextprotocol/ext-apps 2.0.4, MIT, LICENSE beside it), copied from the
# package's dist/src/app-with-deps.js; tests/test_mcp_quiz_app.py checks it is that file, byte for byte.
EXT_APPS_BUNDLE = "vendor/ext-apps-app-with-deps.js"
EXT_APPS_IMPORT = 'import { App } from "@modelcontextprotocol/ext-apps";\n'


def _inline_ext_apps(bundle: str) -> str:
    """The ESM bundle as a plain expression: its top-level code in a function scope (so its short
    minified names cannot clash with ours), returning the local name its final ``export{…}`` calls App."""
    code, _, exports = bundle.rstrip().rpartition("export{")
    names = dict(reversed(item.split(" as ")) if " as " in item else (item, item)
                 for item in exports.rstrip(";").rstrip("}").split(","))
    return f"const {{ App }} = (() => {{\n{code}\nreturn {{ App: {names['App']} }};\n}})();\n"


def quiz_view_html() -> str:
    """The quiz App's view as one self-contained HTML document: the ext-apps App and our script inlined,
    so the host's sandboxed iframe loads nothing from anywhere."""
    templates = resources.files("lexigraph") / "templates"
    html = (templates / "quiz-app.html").read_text(encoding="utf-8")
    script = (templates / "quiz-app.js").read_text(encoding="utf-8")
    bundle = (templates / EXT_APPS_BUNDLE).read_text(encoding="utf-8")
    if EXT_APPS_IMPORT not in script:
        raise RuntimeError(f"quiz-app.js no longer starts its import with {EXT_APPS_IMPORT!r}")
    script = script.replace(EXT_APPS_IMPORT, _inline_ext_apps(bundle), 1)
    if "</script" in script.lower():
        raise RuntimeError("an inlined script holds '</script', which would end its <script> element early")
    return html.replace("/* quiz-app.js */", script)


def build_server(lexicon: Lexicon) -> MCPServer:
    """The MCP server for ``lexicon``: four tools, the quiz view, and one resource per entry and language."""

    def answer(work):
        try:
            return work()
        except QueryError as error:
            raise ToolError(str(error)) from None

    apps = Apps()

    @apps.tool(resource_uri=QUIZ_VIEW, visibility=["model", "app"], annotations=READ_ONLY)
    def quiz(id: EntryId, lang: Lang = "fr") -> Annotated[CallToolResult, QuizResult]:
        """An entry's three-question quiz, shown as an interactive view (MCP Apps) where the host supports it."""
        def work():
            entry = lexicon.entry(id)
            data = lexicon.quiz(entry, lexicon.language(lang))
            lines = [f"{data['title']} — {data['labels']['title']}"]
            for number, question in enumerate(data["questions"], start=1):
                lines += [f"{number}. {question['prompt']}", *(f"   - {o['text']}" for o in question["options"])]
            return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))], structured_content=data)
        return answer(work)

    apps.add_html_resource(QUIZ_VIEW, quiz_view_html(), name="lexigraph-quiz", title="Lexigraph quiz",
                           description="Answers an entry's quiz with per-option feedback and a score; sends nothing anywhere.")

    server = MCPServer("lexigraph", version=_version(), extensions=[apps], log_level="WARNING",
                       instructions="Lexigraph is a bilingual (French/English), versioned lexicon of how AI systems "
                                    "plug into tools: MCP, MCP Apps, WebMCP and the terms around them. Search it, "
                                    "then read an entry by id; every answer is in the language asked for.")

    @server.tool(annotations=READ_ONLY)
    def search(query: Annotated[str, Field(description="A few words, in the language of `lang`.")],
               lang: Lang = "fr",
               limit: Annotated[int, Field(description="At most this many results (1 to 50).")] = 5) -> SearchResult:
        """Search the lexicon in one language; returns the best-matching entries (id, title, definition, URL)."""
        def work():
            code = lexicon.language(lang)
            hits = [Hit(id=e.id, title=e.text(code, "title"), definition=_plain(e.text(code, "definition")),
                        url=lexicon.url(e, code)) for e in lexicon.search(query, code, limit)]
            return SearchResult(query=query, lang=code, results=hits)
        return answer(work)

    @server.tool(annotations=READ_ONLY)
    def get_entry(id: EntryId, lang: Lang = "fr",
                  version: Annotated[str | None, Field(description="An archived version such as 'v2026-08'; default: the current one.")] = None,
                  format: Annotated[str, Field(description="'markdown' (the page's Markdown copy) or 'json' (the JSON export's record).",
                                               json_schema_extra={"enum": list(FORMATS)})] = "markdown",
                  ) -> Annotated[CallToolResult, EntryResult]:
        """One entry in one language, current or archived version, as Markdown or as the JSON export's record."""
        def work():
            code = lexicon.language(lang)
            if format not in FORMATS:
                raise QueryError(f"unknown format '{str(format)[:40]}': use 'markdown' or 'json'")
            entry = lexicon.entry(id)
            served = lexicon.version(entry, version)
            current = entry.fact("version") or ""
            meta = lexicon.archived[entry.id][served] if served else None
            result = EntryResult(id=entry.id, lang=code, version=served or current, current_version=current, format=format,
                                 title=meta[code]["title"] if meta else entry.text(code, "title"),
                                 url=lexicon.site.absolute(f"{code}/{meta[code]['slug']}/{served}/") if meta else lexicon.url(entry, code))
            if format == "markdown":
                result.markdown = lexicon.markdown(entry, code, served)
                text = result.markdown
            else:
                result.entry = lexicon.data(entry, code, served)
                text = json.dumps(result.entry, ensure_ascii=False)
            return CallToolResult(content=[TextContent(type="text", text=text)],
                                  structured_content=result.model_dump(mode="json"))
        return answer(work)

    @server.tool(annotations=READ_ONLY)
    def list_entries(lang: Lang = "fr",
                     spec: Annotated[str | None, Field(description="Only entries checked against this specification (e.g. 'mcp', 'webmcp').")] = None,
                     ) -> ListResult:
        """Every entry of the lexicon, by number, each with its version and whether it is stale against a specification."""
        def work():
            code = lexicon.language(lang)
            wanted = lexicon.spec(spec) if spec is not None else None
            listed = []
            for entry in lexicon.entries():
                checks = [c for c in entry.fact("checked_against") or [] if wanted in (None, c.get("spec"))]
                if wanted and not checks:
                    continue
                stale = {(s.spec.id, s.checked) for s in lexicon.stale.get(entry.id, [])}
                listed.append(Listed(
                    id=entry.id, number=entry.fact("number", 0), title=entry.text(code, "title"), status=entry.status,
                    version=entry.fact("version"), url=lexicon.url(entry, code),
                    stale=any(wanted in (None, spec_id) for spec_id, _ in stale),
                    checked_against=[SpecCheck(spec=c["spec"], revision=c["revision"], current=lexicon.site.specs[c["spec"]].current,
                                               stale=(c["spec"], c["revision"]) in stale) for c in checks]))
            return ListResult(lang=code, spec=wanted, entries=listed)
        return answer(work)

    def read_entry(lang: str, id: str) -> str:
        try:
            return lexicon.markdown(lexicon.entry(id), lexicon.language(lang))
        except QueryError as error:
            raise ResourceError(str(error)) from None

    for entry in lexicon.entries():
        if entry.status != "published":
            continue
        for code in LANGUAGES:
            server.add_resource(EntryResource(uri=f"lexigraph://{code}/{entry.id}", name=f"{code}/{entry.id}",
                                              title=entry.text(code, "title"), mime_type="text/markdown",
                                              lexicon=lexicon, entry_id=entry.id, lang=code))
    server.resource("lexigraph://{lang}/{id}", name="entry", title="A Lexigraph entry",
                    description="An entry as Markdown: lang is 'fr' or 'en', id an entry id or slug.",
                    mime_type="text/markdown")(read_entry)
    return server


class EntryResource(Resource):
    """``lexigraph://{lang}/{id}``: an entry's Markdown copy, rendered when read (cheap to list by the thousand)."""

    lexicon: Any = Field(exclude=True)
    entry_id: str
    lang: str

    async def read(self) -> str:
        return self.lexicon.markdown(self.lexicon.site.corpus.entries[self.entry_id], self.lang)


def _plain(text: str | None) -> str:
    from lexigraph.render.cite import plain

    return plain(" ".join((text or "").split()))


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lexigraph")
    except PackageNotFoundError:
        return "0"


def serve(lexicon: Lexicon, *, http: bool = False, port: int = 8765) -> None:
    """Run until stopped: stdio, or Streamable HTTP at http://127.0.0.1:<port>/mcp."""
    server = build_server(lexicon)
    if not http:
        server.run("stdio")
        return
    security = TransportSecuritySettings(enable_dns_rebinding_protection=True,
                                         allowed_hosts=["127.0.0.1:*", "localhost:*"],
                                         allowed_origins=["http://127.0.0.1:*", "http://localhost:*"])
    server.run("streamable-http", host="127.0.0.1", port=port, stateless_http=True, json_response=True,
               transport_security=security)
