"""http-sse: the SDK's HTTP+SSE server transport: GET /sse announces the POST endpoint; answers come back as SSE events."""

import json

import _mcp

INIT = {"protocolVersion": _mcp.HANDSHAKE, "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}


async def main():
    try:
        from mcp.server.sse import SseServerTransport
    except ImportError as error:
        if error.name != "mcp.server.sse":
            raise
        return "unsupported", "the SDK has no mcp.server.sse"
    server = _mcp.server()

    @server.tool()
    def echo(text: str) -> str:
        return f"echo: {text}"

    low, transport = _mcp.lowlevel(server), SseServerTransport("/messages/")

    async def app(scope, receive, send):
        if scope["path"] == "/sse":
            async with transport.connect_sse(scope, receive, send) as (read, write):
                await low.run(read, write, low.create_initialization_options())
        else:
            await transport.handle_post_message(scope, receive, send)

    async with _mcp.asgi(app) as http:
        status, headers, chunks = await http.open("GET", "/sse", {"accept": "text/event-stream"})
        assert status == 200 and headers["content-type"].startswith("text/event-stream"), (status, headers)
        events = _mcp.sse_events(chunks)
        event, endpoint = await anext(events)
        assert event == "endpoint" and endpoint.startswith("/messages/"), (event, endpoint)
        answers = []
        for message in ({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INIT},
                        {"jsonrpc": "2.0", "method": "notifications/initialized"},
                        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}}):
            status, _, _ = await http.post(endpoint, message)
            assert status == 202, status
            if "id" in message:
                event, data = await anext(events)
                answers.append(json.loads(data))
    assert answers[0]["result"]["serverInfo"]["name"] == "probe", answers
    assert answers[1]["result"]["content"][0]["text"] == "echo: hi", answers
    return "supported", "GET /sse announced the endpoint; initialize and tools/call POSTed there were answered as SSE events"


_mcp.run(main)
