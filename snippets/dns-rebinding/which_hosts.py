"""Which Host and Origin headers an MCPServer accepts over Streamable HTTP, by the address it is told to serve on.

`mcp` 2.3.0 turns the check on by itself only for a loopback address; any other address, and
the server answers whatever Host and Origin a request carries, unless `transport_security` is given.
"""

from mcp.server.mcpserver import MCPServer

server = MCPServer("demo")
for host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.20"):
    server.streamable_http_app(host=host)  # builds the app; nothing listens yet
    settings = server.session_manager.security_settings
    if settings is None or not settings.enable_dns_rebinding_protection:
        print(f"{host:<13} no check")
    else:
        print(f"{host:<13} Host in {settings.allowed_hosts}")
        print(f"{'':<13} Origin absent or in {settings.allowed_origins}")
