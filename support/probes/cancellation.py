"""cancellation: the client cancels a running tool call (notifications/cancelled); the SDK's server stops its handler."""

import _mcp
import anyio


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
    return "supported", note


_mcp.run(main)
