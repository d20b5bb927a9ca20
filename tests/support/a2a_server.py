"""A real A2A server on 127.0.0.1, built on the official `a2a-sdk`: the "Event weather desk" agent
of the A2A entry, served over JSON-RPC by the SDK's own request handler and Starlette routes."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import uvicorn
from a2a.helpers.proto_helpers import new_task, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events.event_queue_v2 import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes.agent_card_routes import create_agent_card_routes
from a2a.server.routes.jsonrpc_routes import create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import AgentCard, TaskState
from google.protobuf.json_format import ParseDict
from starlette.applications import Starlette

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"
RPC_PATH = "/a2a/event-desk"
QUESTION = "Rain is likely after 14:00. Can the market close at 13:30, or should I look for a covered hall?"


class EventDesk(AgentExecutor):
    """Decides on outdoor events; without a closing time it cannot decide, so it asks for one."""

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        if context.current_task is None:
            await event_queue.enqueue_event(new_task(context.task_id, context.context_id, TaskState.TASK_STATE_SUBMITTED))
        updater = TaskUpdater(event_queue, context.task_id, context.context_id)
        text = context.get_user_input()
        if "outdoors" in text and "close at" not in text:
            await updater.requires_input(updater.new_agent_message([new_text_part(QUESTION)]))
        else:
            await updater.complete(updater.new_agent_message([new_text_part("Go: the market can stay outdoors.")]))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        await TaskUpdater(event_queue, context.task_id, context.context_id).cancel()


def card() -> AgentCard:
    return ParseDict(json.loads((SNIPPETS / "a2a" / "agent-card.json").read_text(encoding="utf-8")), AgentCard())


def app() -> Starlette:
    handler = DefaultRequestHandler(agent_executor=EventDesk(), task_store=InMemoryTaskStore(), agent_card=card())
    return Starlette(routes=create_agent_card_routes(card()) + create_jsonrpc_routes(handler, RPC_PATH))


@contextlib.contextmanager
def a2a_server() -> Iterator[str]:
    """Run the agent on 127.0.0.1 (a free port) for the block; yields its base URL, then shuts it down."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the A2A server did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()
