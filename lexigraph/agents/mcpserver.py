"""`lexigraph mcp`: the lexicon as an MCP server, on the official SDK (``mcp`` 2.3, ``MCPServer``).

Tools (all read-only, each with an output schema and structured content): ``search``,
``get_entry``, ``list_entries``, ``cite``, ``support`` (a feature's measured support table), and ``quiz``, an MCP App whose view
(``ui://lexigraph/quiz``) renders the entry's questions in the host's sandboxed iframe; the view
alone reads the answer key, from the app-only tool ``quiz_key`` (``_meta.ui.visibility: ["app"]``).
Prompts: ``explain``, ``quiz_me``, ``compare``; completion for their ``id``/``lang``-like arguments
and for the resource template. Resources: each entry as ``lexigraph://{lang}/{id}`` (its Markdown
copy), plus the template. What is served comes from :mod:`lexigraph.agents.lexicon`; a tool call
it cannot answer is an ``isError`` result saying what was wrong and which ids are nearest; an
unknown tool, prompt or resource is a JSON-RPC error (see :class:`LexigraphServer`).

Serves stdio by default, or Streamable HTTP on 127.0.0.1 (stateless, DNS-rebinding protection on;
``--allowed-host``/``--allowed-origin`` add the names a reverse proxy forwards).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.apps import Apps
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import (
    ResourceNotFoundError,
    ToolError,
)
from mcp.server.mcpserver.resources import Resource
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPError
from mcp_types import (
    INVALID_PARAMS,
    CallToolResult,
    Completion,
    PromptReference,
    ResourceTemplateReference,
    TextContent,
    ToolAnnotations,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, Field

from lexigraph import LANGUAGES
from lexigraph.agents import prompts
from lexigraph.agents.lexicon import (
    FORMATS,
    MAX_NAME,
    MAX_QUERY,
    Lexicon,
    QueryError,
    fold,
)
from lexigraph.render.cite import FORMATS as CITATION_FORMATS

QUIZ_VIEW = "ui://lexigraph/quiz"
ENTRY_TEMPLATE = "lexigraph://{lang}/{id}"
RESOURCE_NOT_FOUND_2025 = -32002   # 2025-11-25 and earlier; 2026-07-28 retired it for -32602 (SEP-2164)
CITATION_STYLES = [name for name, _, _ in CITATION_FORMATS]
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*"]
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*"]
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
# Each argument's expected values are advertised in the schema but checked by the tool itself,
# so a wrong value gets Lexigraph's own message (with the nearest ids) rather than a validator's.
Lang = Annotated[str, Field(description="Language of the answer: 'fr' or 'en'.", json_schema_extra={"enum": list(LANGUAGES)})]
EntryId = Annotated[str, Field(description="An entry id (e.g. 'mcp-apps') or its slug in either language (e.g. 'harnais').",
                               json_schema_extra={"minLength": 1, "maxLength": MAX_NAME})]
Version = Annotated[str | None, Field(description="An archived version such as 'v2026-08'; default: the current one.",
                                      json_schema_extra={"maxLength": MAX_NAME})]


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
    markdown: str | None = Field(default=None, description="With format='markdown': the entry as Markdown.")
    entry: dict[str, Any] | None = Field(default=None, description="With format='json': the entry as the site's JSON export has it.")


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
    questions: list[QuizQuestion] = Field(description="Options in the site's display order; which is right is not said here.")


class KeyedQuestion(BaseModel):
    id: str
    right: list[str] = Field(description="The ids of the right options.")
    feedback: dict[str, str] = Field(description="Option id → why it is right or wrong.")


class QuizKey(BaseModel):
    id: str
    lang: str
    questions: list[KeyedQuestion]


class CitationResult(BaseModel):
    id: str
    lang: str
    version: str
    format: str
    url: str = Field(description="The versioned permalink cited.")
    citation: str = Field(description="The citation, exactly as the entry page's \"Cite this entry\" block gives it.")


class SupportResult(BaseModel):
    name: str = Field(description="The feature id, or the entry id, answered for.")
    kind: str = Field(description="'feature' (one record) or 'entry' (one record per feature the entry describes).")
    lang: str
    features: list[dict[str, Any]] = Field(
        description="One record per feature, as the JSON export's `support` has it (FORMAT.md, Support): feature, entry, "
                    "label, spec {spec, name, added, changed, deprecated, removed, url}, probe, unmeasured, implementations "
                    "[{name, version_added (a version, false, or null when unmeasured), version_removed, partial, flag, "
                    "measured, note, probe, unmeasured}], clients {capability, package, version, date, clients} or null.")


# The ext-apps App (npm @modelcontextprotocol/ext-apps 2.0.4, MIT, LICENSE beside it), copied from the
# package's dist/src/app-with-deps.js; tests/test_mcp_quiz_app.py checks it is that file, byte for byte.
EXT_APPS_BUNDLE = "vendor/ext-apps-app-with-deps.js"
EXT_APPS_IMPORT = 'import { App } from "@modelcontextprotocol/ext-apps";\n'


def _inline_ext_apps(bundle: str) -> str:
    """The ESM bundle as a plain expression: its top-level code in a function scope (so its short
    minified names cannot clash with ours), returning the local name its final ``export{…}`` calls App."""
    code, _, exports = bundle.rstrip().rpartition("export{")
    names: dict[str, str] = {}           # exported name → local name ("a as App" exports a as App)
    for item in exports.rstrip(";").rstrip("}").split(","):
        local, _, exported = item.partition(" as ")
        names[exported or local] = local
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


class LexigraphServer(MCPServer):
    """``MCPServer`` with protocol errors where the specification asks for them:

    - an unknown resource (or an entry the template cannot find) is ``-32002`` for a client on
      2025-11-25 or earlier, and ``-32602`` on 2026-07-28, which retired ``-32002`` (the SDK's
      ``ResourceNotFoundError``, SEP-2164);
    - an unknown prompt, a missing or unknown prompt argument, or a value the lexicon refuses is
      ``-32602`` with Lexigraph's own message (the SDK answers code 0 and logs a traceback);
    - an unknown tool is ``-32602``, as the 2025-11-25 specification's example has it (the SDK
      returns an ``isError`` tool result). Bad *arguments* stay tool results, for the model to read
      and correct (SEP-1303).
    """

    async def read_resource(self, uri, context: Context | None = None):
        try:
            return await super().read_resource(uri, context)
        except ResourceNotFoundError as error:
            version = context.protocol_version if context is not None else None
            code = INVALID_PARAMS if version in MODERN_PROTOCOL_VERSIONS else RESOURCE_NOT_FOUND_2025
            raise MCPError(code=code, message=str(error), data={"uri": str(uri)}) from None

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None, context: Context | None = None):
        prompt = self._prompt_manager.get_prompt(name)
        if prompt is None:
            known = ", ".join(p.name for p in self._prompt_manager.list_prompts())
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt '{_shown(name)}'; prompts: {known}")
        expected = [a.name for a in prompt.arguments or []]
        given = dict(arguments or {})
        unknown = [k for k in given if k not in expected]
        missing = [a.name for a in prompt.arguments or [] if a.required and a.name not in given]
        if unknown or missing:
            problem = f"unknown argument '{_shown(unknown[0])}'" if unknown else f"missing argument '{missing[0]}'"
            raise MCPError(code=INVALID_PARAMS, message=f"prompt '{name}': {problem}; it takes {', '.join(expected)}")
        try:
            return await super().get_prompt(name, given, context)
        except MCPError:
            raise
        except ValueError as error:   # the SDK wraps what the prompt raised (a QueryError) in ValueErrors
            cause: BaseException | None = error
            while cause is not None and not isinstance(cause, QueryError):
                cause = cause.__cause__
            if cause is None:
                raise
            raise MCPError(code=INVALID_PARAMS, message=f"prompt '{name}': {cause}") from None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None):
        if self._tool_manager.get_tool(name) is None:
            known = ", ".join(t.name for t in self._tool_manager.list_tools())
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {_shown(name)}; tools: {known}")
        return await super().call_tool(name, arguments, context)


def _shown(value: object) -> str:
    text = str(value).replace("\n", " ")
    return text if len(text) <= 40 else text[:37] + "..."


def build_server(lexicon: Lexicon) -> MCPServer:
    """The MCP server for ``lexicon``: its tools, prompts and completions, the quiz view, and one resource per entry and language."""

    def answer(work):
        try:
            return work()
        except QueryError as error:
            raise ToolError(str(error)) from None

    apps = Apps()

    @apps.tool(resource_uri=QUIZ_VIEW, visibility=["model", "app"], annotations=READ_ONLY)
    def quiz(id: EntryId, lang: Lang = "fr") -> Annotated[CallToolResult, QuizResult]:
        """An entry's three-question quiz, shown as an interactive view (MCP Apps) where the host supports it.
        The options come in the site's order; the result does not say which is right (the view checks the answers)."""
        def work():
            entry = lexicon.entry(id)
            data = lexicon.quiz(entry, lexicon.language(lang))
            lines = [f"{data['title']} — {data['labels']['title']}"]
            for number, question in enumerate(data["questions"], start=1):
                lines += [f"{number}. {question['prompt']}", *(f"   - {o['text']}" for o in question["options"])]
            return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))], structured_content=data)
        return answer(work)

    @apps.tool(resource_uri=QUIZ_VIEW, visibility=["app"], annotations=READ_ONLY)
    def quiz_key(id: EntryId, lang: Lang = "fr") -> QuizKey:
        """For the quiz view only (hidden from the model): the right options of an entry's quiz and each option's feedback."""
        def work():
            entry = lexicon.entry(id)
            return QuizKey.model_validate(lexicon.quiz_key(entry, lexicon.language(lang)))
        return answer(work)

    apps.add_html_resource(QUIZ_VIEW, quiz_view_html(), name="lexigraph-quiz", title="Lexigraph quiz",
                           description="Answers an entry's quiz with per-option feedback and a score; sends nothing anywhere.")

    server = LexigraphServer("lexigraph", version=_version(), extensions=[apps], log_level="WARNING",
                             instructions="Lexigraph is a bilingual (French/English), versioned lexicon of how AI systems "
                                          "plug into tools: MCP, MCP Apps, WebMCP and the terms around them. Search it, "
                                          "then read an entry by id; every answer is in the language asked for.")

    @server.tool(annotations=READ_ONLY)
    def search(query: Annotated[str, Field(description="A few words, in the language of `lang`.",
                                           json_schema_extra={"minLength": 1, "maxLength": MAX_QUERY})],
               lang: Lang = "fr",
               limit: Annotated[int, Field(description="At most this many results (1 to 50).",
                                           json_schema_extra={"minimum": 1, "maximum": 50})] = 5) -> SearchResult:
        """Search the lexicon in one language; returns the best-matching entries (id, title, definition, URL)."""
        def work():
            code = lexicon.language(lang)
            hits = [Hit(id=e.id, title=e.text(code, "title"), definition=_plain(e.text(code, "definition")),
                        url=lexicon.url(e, code)) for e in lexicon.search(query, code, limit)]
            return SearchResult(query=query, lang=code, results=hits)
        return answer(work)

    @server.tool(annotations=READ_ONLY)
    def get_entry(id: EntryId, lang: Lang = "fr", version: Version = None,
                  format: Annotated[str, Field(description="'markdown' (the page's Markdown copy) or 'json' (the JSON export's record).",
                                               json_schema_extra={"enum": list(FORMATS)})] = "markdown",
                  ) -> Annotated[CallToolResult, EntryResult]:
        """One entry in one language, current or archived version, as clean Markdown or as the JSON export's record."""
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
                     spec: Annotated[str | None, Field(description="Only entries checked against this specification (e.g. 'mcp', 'webmcp').",
                                                       json_schema_extra={"maxLength": MAX_NAME})] = None,
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

    @server.tool(annotations=READ_ONLY)
    def cite(id: EntryId, lang: Lang = "fr", version: Version = None,
             format: Annotated[str, Field(description="'apa', 'bibtex', 'ris', 'csl-json' or 'line' (the short reference).",
                                          json_schema_extra={"enum": CITATION_STYLES})] = "apa") -> CitationResult:
        """How to cite one version of an entry: the citation its page's "Cite this entry" block gives, in one format."""
        def work():
            return CitationResult.model_validate(lexicon.citation(lexicon.entry(id), lexicon.language(lang), version, format))
        return answer(work)

    @server.tool(annotations=READ_ONLY)
    def support(feature_or_id: Annotated[str, Field(description="A feature id (e.g. 'tools-call') for that feature, or an entry "
                                                                "id or slug (e.g. 'tool') for every feature it describes.",
                                                    json_schema_extra={"minLength": 1, "maxLength": MAX_NAME})],
                lang: Lang = "fr") -> Annotated[CallToolResult, SupportResult]:
        """Which specification revision added a feature, which SDK versions support it (measured by probes, not typed),
        and which clients declare it: the support table of a feature, or of every feature of an entry."""
        def work():
            code = lexicon.language(lang)
            kind, name, records = lexicon.support(feature_or_id, code)
            result = SupportResult(name=name, kind=kind, lang=code, features=records)
            return CallToolResult(content=[TextContent(type="text", text=_support_text(kind, name, records))],
                                  structured_content=result.model_dump(mode="json"))
        return answer(work)

    # -- prompts ------------------------------------------------------------------------------
    # Prompt arguments are strings (MCP prompts have no schema); each is checked by the lexicon.

    @server.prompt(title="Explain a term")
    def explain(term: Annotated[str, Field(description="An entry id, slug, title or alias, e.g. 'mcp' or 'tool call'.")],
                lang: Annotated[str, Field(description="'fr' or 'en'.")] = "fr",
                level: Annotated[str, Field(description="'basic' (definition, what it is not, neighbours) or 'advanced' (adds the in-depth sections).")] = "basic") -> str:
        """An entry's definition, what it is not and its neighbours in the lexicon, as a message ready for a model."""
        return prompts.explain(lexicon, term, lang, level)

    @server.prompt(title="Quiz me")
    def quiz_me(id: Annotated[str, Field(description="An entry id or slug, e.g. 'mcp'.")],
                lang: Annotated[str, Field(description="'fr' or 'en'.")] = "fr") -> str:
        """The entry's quiz, one question at a time, answers withheld until the user has answered."""
        return prompts.quiz_me(lexicon, id, lang)

    @server.prompt(title="Compare two often-confused entries")
    def compare(a: Annotated[str, Field(description="An entry id, slug or title.")],
                b: Annotated[str, Field(description="An entry the lexicon marks as often confused with the first.")],
                lang: Annotated[str, Field(description="'fr' or 'en'.")] = "fr") -> str:
        """Two entries the lexicon marks as often confused, side by side: definitions and what each is not."""
        return prompts.compare(lexicon, a, b, lang)

    @server.completion()
    async def complete(ref, argument, context) -> Completion | None:
        """Values for the ``id``/``term``/``a``/``b``, ``lang``, ``level`` and ``format`` arguments and the template's ``{lang}``/``{id}``."""
        if isinstance(ref, ResourceTemplateReference) and ref.uri != ENTRY_TEMPLATE:
            return None
        if isinstance(ref, PromptReference) and server._prompt_manager.get_prompt(ref.name) is None:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt '{_shown(ref.name)}'")
        given = fold(argument.value.strip())
        if argument.name == "lang":
            values = list(LANGUAGES)
        elif argument.name == "level":
            values = list(prompts.LEVELS)
        elif argument.name in ("id", "term", "a", "b"):
            published = [e for e in lexicon.entries() if e.status == "published"]
            if isinstance(ref, PromptReference) and ref.name == "compare" and argument.name == "b":
                first = (context.arguments or {}).get("a") if context is not None else None
                try:
                    published = [lexicon.site.corpus.entries[x] for x in
                                 prompts.relations.forward(lexicon.term(first)).get(prompts.CONFUSED, [])] if first else published
                except QueryError:
                    pass
            values = [e.id for e in published]
            values += [slug for e in published for code in LANGUAGES
                       if (slug := e.text(code, "slug", e.id)) not in values and fold(slug).startswith(given) and given]
        else:
            return None
        matches = sorted((v for v in values if fold(v).startswith(given)), key=lambda v: (fold(v) != given, v))
        if argument.name in ("lang", "level") or (argument.name == "b" and not given):
            matches = [v for v in values if fold(v).startswith(given)]    # their own order
        return Completion(values=matches[:100], total=len(matches), has_more=len(matches) > 100)

    # -- resources ----------------------------------------------------------------------------

    def read_entry(lang: str, id: str) -> str:
        try:
            return lexicon.markdown(lexicon.entry(id), lexicon.language(lang))
        except QueryError as error:
            raise ResourceNotFoundError(str(error)) from None

    for entry in lexicon.entries():
        if entry.status != "published":
            continue
        for code in LANGUAGES:
            server.add_resource(EntryResource(uri=f"lexigraph://{code}/{entry.id}", name=f"{code}/{entry.id}",
                                              title=entry.text(code, "title"), mime_type="text/markdown",
                                              lexicon=lexicon, entry_id=entry.id, lang=code))
    server.resource(ENTRY_TEMPLATE, name="entry", title="A Lexigraph entry",
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


def _support_text(kind: str, name: str, records: list[dict]) -> str:
    """The records as lines a model reads: per feature, its specification history and each implementation's cell."""
    if not records:
        return f"'{name}' describes no feature with support data yet."
    lines = []
    for record in records:
        spec = record["spec"]
        history = ", ".join(f"{key} {spec[key]}" for key in ("added", "deprecated", "removed") if spec[key])
        lines.append(f"{record['label']} ({record['feature']}): {spec['name'] or spec['spec']} {history}")
        for cell in record["implementations"]:
            if cell["version_added"] is None:
                state = f"unmeasured ({cell['unmeasured']})"
            elif cell["version_added"] is False:
                state = "not supported in any measured version"
            else:
                state = f"since {cell['version_added']}" + (f", until {cell['version_removed']}" if cell["version_removed"] else "")
                state += f", partial ({cell['partial']})" if cell["partial"] else ""
                state += f", with {cell['flag']}" if cell["flag"] else ""
            measured = f"; measured {cell['measured']} with {cell['probe']}" if cell["measured"] else ""
            lines.append(f"  - {cell['name']}: {state}{measured}")
        if record["clients"]:
            clients = record["clients"]
            lines.append(f"  - clients declaring {clients['capability']} ({clients['package']} {clients['version']}): "
                         f"{', '.join(clients['clients']) or 'none'}")
    return "\n".join(lines)


def _plain(text: str | None) -> str:
    from lexigraph.render.cite import plain

    return plain(" ".join((text or "").split()))


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lexigraph")
    except PackageNotFoundError:
        return "0"


class DeploymentError(ValueError):
    """An --allowed-host or --allowed-origin value that cannot be one; the message says what to give."""


def allowed_names(hosts: list[str], origins: list[str]) -> tuple[list[str], list[str]]:
    """The Host and Origin allowlists: loopback (any port) plus the operator's names, each checked.
    A host is ``name`` or ``name:port`` (``name:*`` for any port); an origin is ``scheme://name[:port]``."""
    host_re = re.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?::(?:\d{1,5}|\*))?$")
    checked_hosts, checked_origins = list(LOOPBACK_HOSTS), list(LOOPBACK_ORIGINS)
    for host in (h.strip() for h in hosts):
        if not host_re.match(host):
            raise DeploymentError(f"--allowed-host '{_shown(host)}' is not a host name: give e.g. 'lexigraph.example.org' "
                                  "or 'lexigraph.example.org:8443' (no scheme, no path, no wildcard name)")
        checked_hosts.append(host)
    for origin in (o.strip().rstrip("/") for o in origins):
        scheme, _, rest = origin.partition("://")
        if scheme not in ("http", "https") or not rest or not host_re.match(rest):
            raise DeploymentError(f"--allowed-origin '{_shown(origin)}' is not an origin: give e.g. 'https://app.example.org' "
                                  "(scheme and host, optional port, no path)")
        checked_origins.append(origin)
    return checked_hosts, checked_origins


def serve(lexicon: Lexicon, *, http: bool = False, port: int = 8765,
          allowed_hosts: Sequence[str] = (), allowed_origins: Sequence[str] = ()) -> None:
    """Run until stopped: stdio, or Streamable HTTP at http://127.0.0.1:<port>/mcp."""
    server = build_server(lexicon)
    if not http:
        server.run("stdio")
        return
    hosts, origins = allowed_names(list(allowed_hosts), list(allowed_origins))
    security = TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)
    server.run("streamable-http", host="127.0.0.1", port=port, stateless_http=True, json_response=True,
               transport_security=security)
