"""dns-rebinding-protection: the SDK's Streamable HTTP server refuses a request whose Host and Origin name a foreign site."""

import _mcp

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": _mcp.HANDSHAKE, "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}}
FOREIGN = {"host": "evil.example:8000", "origin": "http://evil.example:8000"}


async def refuses(app) -> bool:
    """Whether `app` refuses initialize from a foreign Host/Origin while it serves the same request from 127.0.0.1."""
    async with _mcp.asgi(app) as http:
        status, _, answers = await http.post("/mcp", INIT)
        assert status == 200 and "result" in answers[0], (status, answers)
        status, _, _ = await http.post("/mcp", INIT, FOREIGN)
    assert status in (200, 400, 403, 421), status
    return status != 200


async def main():
    try:
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
        from mcp.server.transport_security import TransportSecuritySettings
    except ImportError as error:
        if error.name not in ("mcp.server.transport_security", "mcp.server.streamable_http_manager"):
            raise
        return "unsupported", "the SDK has no transport security settings for its HTTP server"
    server = _mcp.server()
    if await refuses(server.streamable_http_app()):
        return "supported", "the Streamable HTTP app refused a foreign Host and Origin by default and served 127.0.0.1"
    settings = TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=["127.0.0.1:*"], allowed_origins=["http://127.0.0.1:*"])
    manager = StreamableHTTPSessionManager(app=_mcp.lowlevel(_mcp.server()), security_settings=settings)
    async with manager.run():
        opted_in = await refuses(manager.handle_request)
    assert opted_in, "TransportSecuritySettings did not refuse a foreign Host"
    return "partial", "a foreign Host and Origin were refused only once TransportSecuritySettings turned the protection on"


_mcp.run(main)
