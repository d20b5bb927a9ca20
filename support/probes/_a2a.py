"""Shared by the a2a-* probes: an echo agent served by a2a-sdk's own server app, reached in process
through httpx's ASGITransport (no socket), for both layouts of the SDK: 0.x (pydantic types,
A2AStarletteApplication) and 1.x (protobuf types, Starlette routes)."""

from __future__ import annotations

import json
from typing import Any

import httpx

BASE = "http://127.0.0.1"
RPC = "/a2a"


def layout() -> int:
    """1 when the SDK has the 1.x server routes, 0 when it has only the 0.x apps (narrow check)."""
    try:
        import a2a.server.routes  # noqa: F401
    except ModuleNotFoundError as error:
        if error.name != "a2a.server.routes":
            raise  # e.g. 1.0.0's JSON-RPC routes import grpc: an environment without it is a failure
        return 0
    return 1


def card() -> Any:
    """The agent card, in the SDK's own type."""
    fields = {"name": "Echo agent", "description": "Echoes the text it receives.", "version": "1.0.0"}
    from a2a.types import AgentCapabilities, AgentCard, AgentSkill

    skill = AgentSkill(id="echo", name="Echo", description="Echoes text.", tags=["echo"])
    common = dict(capabilities=AgentCapabilities(streaming=False), skills=[skill],
                  default_input_modes=["text/plain"], default_output_modes=["text/plain"], **fields)
    if layout() == 0:
        return AgentCard(url=BASE + RPC, **common)
    from a2a.types import AgentInterface

    return AgentCard(supported_interfaces=[AgentInterface(url=BASE + RPC, protocol_binding="JSONRPC", protocol_version="1.0")], **common)


def app() -> Any:
    """The SDK's ASGI app serving the echo agent (agent card routes as the SDK builds them by default)."""
    from a2a.server.agent_execution import AgentExecutor
    from a2a.server.request_handlers import DefaultRequestHandler
    from a2a.server.tasks import InMemoryTaskStore

    if layout() == 0:
        from a2a.utils import new_agent_text_message as reply
    else:
        from a2a.helpers import new_text_message as reply

    class Echo(AgentExecutor):
        async def execute(self, context, event_queue) -> None:
            await event_queue.enqueue_event(reply("echo: " + context.get_user_input()))

        async def cancel(self, context, event_queue) -> None:
            raise NotImplementedError

    if layout() == 0:
        from a2a.server.apps import A2AStarletteApplication

        handler = DefaultRequestHandler(agent_executor=Echo(), task_store=InMemoryTaskStore())
        return A2AStarletteApplication(agent_card=card(), http_handler=handler).build(rpc_url=RPC)
    from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
    from starlette.applications import Starlette

    handler = DefaultRequestHandler(agent_executor=Echo(), task_store=InMemoryTaskStore(), agent_card=card())
    return Starlette(routes=create_agent_card_routes(card()) + create_jsonrpc_routes(handler, RPC))


METHODS: list[str] = []  # the JSON-RPC method of every request the client posts


async def _record(request: httpx.Request) -> None:
    if request.method == "POST":
        METHODS.append(json.loads(request.read())["method"])


def http_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app()), base_url=BASE, timeout=5,
                             event_hooks={"request": [_record]})


def answer(result: str, note: str) -> None:
    print(json.dumps({"result": result, "note": note}))
