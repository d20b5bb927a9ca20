"""cancellation: the client cancels a running tool call (notifications/cancelled); the SDK's server stops its handler,
and the SDK's own client sends the notification when a call is abandoned (both ends, as the Node probe measures)."""

import _mcp
import anyio


async def client_sends_cancelled() -> bool:
    """Whether the SDK's ClientSession writes notifications/cancelled when a pending tools/call is abandoned,
    against a stand-in peer that answers initialize and never answers the call."""
    from mcp.client.session import ClientSession
    to_client, client_reads = anyio.create_memory_object_stream(10)
    client_writes, from_client = anyio.create_memory_object_stream(10)
    seen = []

    async def peer():
        async for item in from_client:
            data = _mcp.dump(getattr(getattr(item, "message", item), "root", getattr(item, "message", item)))
            seen.append(data.get("method"))
            if data.get("method") == "initialize":
                result = {"protocolVersion": data["params"]["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "0"}}
                reply = _mcp.types.JSONRPCResponse(jsonrpc="2.0", id=data["id"], result=result)
                if isinstance(_mcp.types.JSONRPCMessage, type):   # 1.x wraps it in a RootModel; 2.x's is a plain union
                    reply = _mcp.types.JSONRPCMessage(reply)
                try:
                    from mcp.shared.message import SessionMessage
                    reply = SessionMessage(reply)
                except ImportError as error:       # before 1.6 the streams carry bare messages
                    if error.name != "mcp.shared.message":
                        raise
                await to_client.send(reply)

    async with anyio.create_task_group() as group:
        group.start_soon(peer)
        async with ClientSession(client_reads, client_writes) as session:
            await session.initialize()
            with anyio.move_on_after(0.5):
                await session.call_tool("wait", {})
            await anyio.sleep(0.3)
        group.cancel_scope.cancel()
    assert "tools/call" in seen, seen
    return "notifications/cancelled" in seen


async def main():
    if "notifications/cancelled" not in _mcp.methods(_mcp.types.ClientNotification):
        return "unsupported", "the SDK's client notifications have no notifications/cancelled"
    server = _mcp.server()
    started, stopped = anyio.Event(), anyio.Event()

    @server.tool()
    async def wait(ctx: _mcp.Context) -> str:
        started.set()
        try:
            await anyio.sleep(5)
        except anyio.get_cancelled_exc_class():
            stopped.set()
            raise
        return "finished"

    async with _mcp.connect(server) as client:
        call = await client.start("tools/call", {"name": "wait", "arguments": {}})
        await started.wait()
        await client.notify("notifications/cancelled", {"requestId": call, "reason": "no longer needed"})
        with anyio.move_on_after(2):
            await stopped.wait()
        try:
            await client.call("ping")
            alive = True
        except anyio.EndOfStream:
            alive = False
        answered = call in client.answers
    if not stopped.is_set():
        return "unsupported", "the server kept running the tool call after notifications/cancelled"
    note = "the server stopped the cancelled tool call" + (" and still answered it" if answered else " and sent no answer")
    if not alive:
        return "partial", note + ", then closed the session"
    if not await client_sends_cancelled():
        return "partial", note + "; the SDK's client sends no notifications/cancelled when it abandons a call"
    return "supported", note + "; the SDK's client sends notifications/cancelled when it abandons a call"


_mcp.run(main)
