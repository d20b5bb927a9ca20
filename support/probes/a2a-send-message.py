"""a2a-send-message: the SDK's client sends a user message to the SDK's server app (message/send in
0.x, SendMessage in 1.x, over JSON-RPC) and gets the agent's reply message back."""

import asyncio
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the probes (their digest covers the folder)
from _a2a import BASE, METHODS, RPC, answer, card, http_client, layout  # noqa: E402


async def send_0x(http) -> str:
    from a2a.client import A2AClient
    from a2a.types import Message, MessageSendParams, Part, Role, SendMessageRequest, TextPart

    client = A2AClient(httpx_client=http, url=BASE + RPC)
    message = Message(role=Role.user, parts=[Part(root=TextPart(text="hello"))], message_id="m1")
    response = await client.send_message(SendMessageRequest(id="1", params=MessageSendParams(message=message)))
    reply = response.root.result
    return reply.parts[0].root.text if reply.role == Role.agent else ""


async def send_1x(http) -> str:
    from a2a.client import ClientConfig, ClientFactory
    from a2a.types import Message, Part, Role, SendMessageRequest

    client = ClientFactory(ClientConfig(streaming=False, httpx_client=http)).create(card())
    message = Message(role=Role.ROLE_USER, parts=[Part(text="hello")], message_id="m1")
    replies = [event async for event in client.send_message(SendMessageRequest(message=message))]
    reply = replies[0].message
    return reply.parts[0].text if len(replies) == 1 and reply.role == Role.ROLE_AGENT else ""


async def main() -> None:
    async with http_client() as http:
        text = await (send_0x(http) if layout() == 0 else send_1x(http))
    if text != "echo: hello" or len(METHODS) != 1:
        raise RuntimeError(f"unexpected exchange: {METHODS} {text!r}")
    answer("supported", f"JSON-RPC {METHODS[0]} from the SDK client reached the SDK server's agent; its reply message came back")


asyncio.run(main())
