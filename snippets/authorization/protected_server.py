"""A forecast server that, over HTTP, only answers requests carrying an access token issued for it."""

import argparse

from mcp.server import MCPServer
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings

parser = argparse.ArgumentParser()
parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
parser.add_argument("--port", type=int, default=8766)
args = parser.parse_args()
RESOURCE = f"http://127.0.0.1:{args.port}/mcp"  # this server's canonical URI: tokens must name it


class DemoVerifier:
    """Stands in for the authorization server: a real one checks a signature or asks an introspection endpoint."""

    TOKENS = {
        "tok-good": AccessToken(token="tok-good", client_id="host-a", scopes=["forecast:read"], resource=RESOURCE),
        "tok-other-server": AccessToken(token="tok-other-server", client_id="host-a", scopes=["forecast:read"],
                                        resource="https://mail.example.com/mcp"),
        "tok-no-scope": AccessToken(token="tok-no-scope", client_id="host-a", scopes=[], resource=RESOURCE),
    }

    async def verify_token(self, token: str) -> AccessToken | None:
        return self.TOKENS.get(token)


mcp = MCPServer(
    "forecast",
    version="1.0.0",
    token_verifier=DemoVerifier(),
    auth=AuthSettings(
        issuer_url="https://auth.example.com",  # the authorization server that issues tokens for this server
        resource_server_url=RESOURCE,
        required_scopes=["forecast:read"],
        validate_token_resource=True,  # refuse a token issued for another server (RFC 8707 audience)
    ),
)


@mcp.tool()
def forecast(city: str) -> str:
    """Tomorrow's forecast for a city."""
    return f"{city}: rain, 25 °C"


if __name__ == "__main__":
    if args.transport == "stdio":
        mcp.run("stdio")
    else:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
