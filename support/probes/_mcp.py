"""Shared by the Python probes of the mcp SDK: what differs between its versions, in one place.

- `server()`: the SDK's high-level server (MCPServer in 2.x, FastMCP from 1.2), or, where the SDK has none (1.0, 1.1),
  `Compat`, a small stand-in with the same `tool()`, `resource()`, `prompt()` decorators built on the low-level `Server`.
- `connect(server)`: runs the SDK's server over in-memory streams and gives a `Raw` client, which writes JSON-RPC
  messages as dicts and reads the server's answers as dicts (so a probe sees the wire, whatever the SDK's model classes).
- `raw_server({method: handler})`: the SDK's low-level Server answering raw methods, each result validated by the SDK's
  own result model (for protocol features that need no high-level API: pagination, annotations, structured output…).
- `methods(types.ClientRequest)`, `has_field(model, wire_name)`: explicit detection of what the SDK's types lack.
- `negotiates(revision)`, `envelope(params)`: the initialize handshake with a proposed revision; the 2026-07-28 `_meta`.
- `stdio_child()`: the SDK's server in a child process on stdio; `asgi(app)`: an SDK HTTP app driven in-process.
- `run(main)`: runs `async main() -> (result, note)` under a time limit and prints the probe's answer line.
Anything unexpected raises (the probe exits non-zero: the collector records a failure, never "unsupported").
"""

import inspect
import json
import sys
from contextlib import asynccontextmanager
from functools import partial
from importlib.metadata import version

import anyio
from pydantic import TypeAdapter

VERSION = tuple(int(part) for part in version("mcp").split(".")[:3])
try:  # 2.x: the wire types are their own distribution
    import mcp_types as types
except ImportError:
    from mcp import types
try:  # 1.7+: the transports carry SessionMessage(message=JSONRPCMessage)
    from mcp.shared.message import SessionMessage
except ImportError:
    SessionMessage = None
ADAPTER = TypeAdapter(types.JSONRPCMessage)
HANDSHAKE = "2025-11-25"  # the revision the raw client proposes; an SDK server that lacks it answers with its own
MODERN = "2026-07-28"  # the revision without initialize: each request carries its own _meta envelope
HANDSHAKE_REVISIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")


def run(main, limit: float = 30.0) -> None:
    async def timed():
        with anyio.fail_after(limit):
            return await main()

    result, note = anyio.run(timed)
    assert result in ("supported", "partial", "unsupported"), result
    print(json.dumps({"result": result, "note": note}))


def server(name: str = "probe"):
    try:
        from mcp.server.mcpserver import MCPServer
    except ImportError:
        pass
    else:
        return MCPServer(name)
    try:
        from mcp.server.fastmcp import FastMCP
    except ImportError:
        return Compat(name)
    return FastMCP(name)


def lowlevel(srv):
    """The low-level Server under a high-level one (the attribute's name differs by version)."""
    for attribute in ("_lowlevel_server", "_mcp_server", "low"):
        if hasattr(srv, attribute):
            return getattr(srv, attribute)
    return srv


class Compat:
    """mcp 1.0/1.1 have no FastMCP: tools, resources and prompts of strings, on the low-level Server's decorators."""

    def __init__(self, name: str):
        from mcp.server import Server

        self.low, self.tools, self.resources, self.prompts = Server(name), {}, {}, {}
        low = self.low

        @low.list_tools()
        async def list_tools():
            return [types.Tool(name=n, inputSchema=_schema(f)) for n, f in self.tools.items()]

        @low.call_tool()
        async def call_tool(name, arguments):
            function, arguments = self.tools[name], dict(arguments or {})
            if "ctx" in inspect.signature(function).parameters:
                arguments["ctx"] = CompatContext(low.request_context)
            result = function(**arguments)
            if inspect.isawaitable(result):
                result = await result
            return [types.TextContent(type="text", text=str(result))]

        @low.list_resources()
        async def list_resources():
            return [types.Resource(uri=u, name=f.__name__) for u, f in self.resources.items()]

        @low.read_resource()
        async def read_resource(uri):
            return self.resources[str(uri)]()

        @low.list_prompts()
        async def list_prompts():
            return [types.Prompt(name=n) for n in self.prompts]

        @low.get_prompt()
        async def get_prompt(name, arguments):
            text = self.prompts[name](**(arguments or {}))
            message = types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
            return types.GetPromptResult(messages=[message])

    def tool(self):
        return lambda f: self.tools.setdefault(f.__name__, f)

    def resource(self, uri: str):
        return lambda f: self.resources.setdefault(uri, f)

    def prompt(self):
        return lambda f: self.prompts.setdefault(f.__name__, f)


class CompatContext:
    """What the probes use of a high-level Context, for Compat: the request's session."""

    def __init__(self, request_context):
        self.request_context, self.session = request_context, request_context.session

    async def report_progress(self, progress: float, total: float | None = None) -> None:
        token = self.request_context.meta.progressToken if self.request_context.meta else None
        if token is not None:
            await self.session.send_progress_notification(token, progress, total)


try:  # the type a high-level tool's parameter is annotated with to receive the request context
    from mcp.server.mcpserver import Context
except ImportError:
    try:
        from mcp.server.fastmcp import Context
    except ImportError:
        Context = CompatContext


def _schema(f) -> dict:
    names = [n for n in inspect.signature(f).parameters if n != "ctx"]
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": names}


def dump(model) -> dict:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


class Raw:
    """A JSON-RPC client that speaks dicts. `on_request[method]`: async (params) -> result dict, for the server's requests."""

    def __init__(self, write, read):
        self.write, self.read, self.next_id = write, read, 0
        self.notifications: list[dict] = []
        self.on_request: dict = {}
        self.answers: dict = {}

    async def send(self, message: dict) -> None:
        parsed = ADAPTER.validate_python(message)
        await self.write.send(SessionMessage(parsed) if SessionMessage else parsed)

    async def start(self, method: str, params: dict | None = None) -> int:
        self.next_id += 1
        await self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, **({"params": params} if params is not None else {})})
        return self.next_id

    async def notify(self, method: str, params: dict | None = None) -> None:
        await self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})})

    async def wait(self, request_id: int) -> dict:
        """The answer to request_id (a dict with "result" or "error"); serves the server's requests meanwhile."""
        while request_id not in self.answers:
            item = await self.read.receive()
            if isinstance(item, Exception):
                raise item
            message = dump(item.message if SessionMessage else item)
            if "method" in message and "id" in message:
                handler = self.on_request.get(message["method"])
                if handler is None:
                    reply = {"error": {"code": -32601, "message": "Method not found"}}
                else:
                    reply = {"result": await handler(message.get("params") or {})}
                await self.send({"jsonrpc": "2.0", "id": message["id"], **reply})
            elif "method" in message:
                self.notifications.append(message)
            else:
                self.answers[message["id"]] = message
        return self.answers.pop(request_id)

    async def request(self, method: str, params: dict | None = None) -> dict:
        return await self.wait(await self.start(method, params))

    async def call(self, method: str, params: dict | None = None) -> dict:
        """The result of a request that must succeed (an error answer raises: the probe fails)."""
        answer = await self.request(method, params)
        if "error" in answer:
            raise RuntimeError(f"{method} answered an error: {answer['error']}")
        return answer["result"]

    async def initialize(self, protocol: str = HANDSHAKE, capabilities: dict | None = None) -> dict:
        params = {"protocolVersion": protocol, "capabilities": capabilities or {}, "clientInfo": {"name": "probe", "version": "0"}}
        result = await self.call("initialize", params)
        await self.notify("notifications/initialized")
        return result


@asynccontextmanager
async def connect(srv, *, initialize: bool = True, capabilities: dict | None = None):
    """A Raw client on the SDK's server `srv` (high- or low-level), initialized unless asked not to."""
    low = lowlevel(srv)
    to_server, server_reads = anyio.create_memory_object_stream(100)
    server_writes, from_server = anyio.create_memory_object_stream(100)
    async with anyio.create_task_group() as group:
        group.start_soon(partial(low.run, server_reads, server_writes, low.create_initialization_options()))
        client = Raw(to_server, from_server)
        if initialize:
            client.init = await client.initialize(capabilities=capabilities)
        yield client
        group.cancel_scope.cancel()


def methods(union) -> set[str]:
    """The JSON-RPC methods a union of the SDK's message models (e.g. types.ClientRequest) knows."""
    import typing

    root = getattr(union, "model_fields", {}).get("root")
    members = typing.get_args(root.annotation if root is not None else union) or (union,)
    found: set[str] = set()
    for member in members:
        if typing.get_args(member):
            found |= methods(member)
        elif hasattr(member, "model_fields") and "method" in member.model_fields:
            found |= set(typing.get_args(member.model_fields["method"].annotation))
    return found


# method -> (the SDK's result model, the 2.x Server keyword); the 1.x request model is found by its method literal.
RAW_METHODS = {
    "tools/list": ("ListToolsResult", "on_list_tools"),
    "tools/call": ("CallToolResult", "on_call_tool"),
    "resources/list": ("ListResourcesResult", "on_list_resources"),
    "resources/templates/list": ("ListResourceTemplatesResult", "on_list_resource_templates"),
    "resources/read": ("ReadResourceResult", "on_read_resource"),
    "resources/subscribe": ("EmptyResult", "on_subscribe_resource"),
    "prompts/list": ("ListPromptsResult", "on_list_prompts"),
    "completion/complete": ("CompleteResult", "on_completion"),
}


def raw_server(handlers: dict, name: str = "probe"):
    """The SDK's low-level Server answering `method` with `await handlers[method](params dict, session) -> result dict`,
    the result validated by the SDK's own result model (what the model does not keep does not reach the client)."""
    from mcp.server import Server

    def model(method):
        return getattr(types, RAW_METHODS[method][0])

    if VERSION >= (2,):
        def adapt(method, handler):
            async def on(ctx, params):
                return model(method).model_validate(await handler(dump(params) if params is not None else {}, ctx.session))
            return on

        return Server(name, **{RAW_METHODS[m][1]: adapt(m, h) for m, h in handlers.items()})
    low = Server(name)
    import typing

    requests = {}
    for member in typing.get_args(types.ClientRequest.model_fields["root"].annotation):
        for literal in typing.get_args(member.model_fields["method"].annotation):
            requests[literal] = member
    for method, handler in handlers.items():
        async def on(request, method=method, handler=handler):
            params = dump(request.params) if request.params is not None else {}
            result = await handler(params, low.request_context.session)
            return types.ServerResult(model(method).model_validate(result))

        low.request_handlers[requests[method]] = on
    return low


def has_field(model, wire_name: str) -> bool:
    """Whether the SDK's pydantic model has a field spelled `wire_name` on the wire (its name or its alias)."""
    return any(wire_name in (name, field.alias) for name, field in model.model_fields.items())


async def negotiates(protocol: str):
    """(result, note) of a protocol-<revision> probe: the client proposes `protocol` in initialize."""
    async with connect(server(), initialize=False) as client:
        answer = await client.initialize(protocol)
        await client.call("ping")
    if answer["protocolVersion"] == protocol:
        return "supported", f"the server accepted {protocol} in the initialize handshake"
    return "unsupported", f"the server answered initialize proposing {protocol} with another revision"


def envelope(params: dict | None = None, capabilities: dict | None = None) -> dict:
    """Request params carrying the 2026-07-28 per-request _meta envelope (protocol version, client info and capabilities)."""
    meta = {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": {"name": "probe", "version": "0"},
        "io.modelcontextprotocol/clientCapabilities": capabilities or {},
    }
    return {**(params or {}), "_meta": meta}


def serve_stdio() -> None:
    """The child of `stdio_child`: the SDK's server with an `echo` tool on its stdio transport."""
    from mcp.server.stdio import stdio_server

    srv = server()

    @srv.tool()
    def echo(text: str) -> str:
        return f"echo: {text}"

    async def main():
        low = lowlevel(srv)
        async with stdio_server() as (read, write):
            await low.run(read, write, low.create_initialization_options())

    anyio.run(main)


class Lines:
    """A JSON-RPC client over a child's stdin/stdout, one JSON text per line."""

    def __init__(self, process):
        self.process, self.buffer = process, b""

    async def write(self, text: str) -> None:
        await self.process.stdin.send(text.encode() + b"\n")

    async def read(self):
        while b"\n" not in self.buffer:
            chunk = await self.process.stdout.receive()
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    async def request(self, message: dict) -> dict:
        await self.write(json.dumps(message))
        while True:
            answer = await self.read()
            if isinstance(answer, dict) and answer.get("id") == message["id"] and "method" not in answer:
                return answer

    async def initialize(self, protocol: str = HANDSHAKE) -> dict:
        params = {"protocolVersion": protocol, "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}
        answer = await self.request({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params})
        await self.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        return answer


@asynccontextmanager
async def stdio_child():
    """A `Lines` client on a child process running `serve_stdio` with this interpreter; the child always stops."""
    import os
    import subprocess

    code = f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); import _mcp; _mcp.serve_stdio()"
    process = await anyio.open_process([sys.executable, "-s", "-E", "-B", "-c", code], stderr=subprocess.DEVNULL)
    try:
        yield Lines(process)
    finally:
        await process.stdin.aclose()
        with anyio.move_on_after(2):
            await process.wait()
        if process.returncode is None:
            process.kill()
            await process.wait()


@asynccontextmanager
async def asgi(app):
    """An `Http` client driving an ASGI app of the SDK in-process (no socket: nothing listens, nothing is left behind),
    inside the app's lifespan when it has one."""
    from contextlib import AsyncExitStack

    async with AsyncExitStack() as stack:
        router = getattr(app, "router", None)
        if router is not None:
            await stack.enter_async_context(router.lifespan_context(app))
        async with anyio.create_task_group() as group:
            yield Http(app, group)
            group.cancel_scope.cancel()


class Http:
    HOST = "127.0.0.1:8000"

    def __init__(self, app, group):
        self.app, self.group = app, group

    async def open(self, method: str, target: str, headers: dict | None = None, body: bytes = b""):
        """Sends a request; returns (status, response headers, a stream of body chunks, closed at the body's end)."""
        chunks_in, chunks_out = anyio.create_memory_object_stream(100)
        started, response, done = anyio.Event(), {}, anyio.Event()
        path, _, query = target.partition("?")
        sent = []

        async def receive():
            if not sent:
                sent.append(True)
                return {"type": "http.request", "body": body, "more_body": False}
            await done.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            if message["type"] == "http.response.start":
                response.update(status=message["status"], headers={k.decode().lower(): v.decode() for k, v in message.get("headers", [])})
                started.set()
            elif message["type"] == "http.response.body":
                if message.get("body"):
                    await chunks_in.send(message["body"])
                if not message.get("more_body"):
                    chunks_in.close()

        all_headers = {"host": self.HOST, **(headers or {})}
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
            "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
            "headers": [(k.lower().encode(), v.encode()) for k, v in all_headers.items()],
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
        }

        async def call():
            try:
                await self.app(scope, receive, send)
            finally:
                chunks_in.close()
                started.set()

        self.group.start_soon(call)
        await started.wait()
        return response.get("status"), response.get("headers", {}), chunks_out

    async def post(self, target: str, message: dict, headers: dict | None = None):
        """POSTs a JSON-RPC message; returns (status, headers, the JSON-RPC answers in the body: plain JSON or SSE data lines)."""
        base = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
        status, answer_headers, chunks = await self.open("POST", target, {**base, **(headers or {})}, json.dumps(message).encode())
        if status in (307, 308):  # a mounted app redirects /mcp to /mcp/, as an HTTP client would follow
            target = "/" + answer_headers["location"].split("://", 1)[-1].split("/", 1)[-1]
            status, answer_headers, chunks = await self.open("POST", target, {**base, **(headers or {})}, json.dumps(message).encode())
        body = b"".join([chunk async for chunk in chunks]).decode()
        return status, answer_headers, parse_body(body, answer_headers.get("content-type", ""))


def parse_body(body: str, content_type: str) -> list:
    if content_type.startswith("text/event-stream"):
        return [json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:") and line[5:].strip().startswith("{")]
    return [json.loads(body)] if body.strip().startswith("{") else []


async def sse_events(chunks):
    """(event, data) pairs from a stream of SSE body chunks."""
    buffer = ""
    async for chunk in chunks:
        buffer += chunk.decode().replace("\r\n", "\n")
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = dict(line.split(":", 1) for line in block.split("\n") if ":" in line and not line.startswith(":"))
            if fields:
                yield fields.get("event", "message").strip(), fields.get("data", "").strip()
