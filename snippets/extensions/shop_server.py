"""A server with two extensions: MCP Apps, and a made-up `com.example/receipts` that insists on being declared."""

from mcp.server import MCPServer
from mcp.server.apps import Apps, client_supports_apps
from mcp.server.extension import Extension, ToolBinding
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.server import require_client_extension

apps = Apps()


@apps.tool(resource_uri="ui://shop/basket")
def show_basket(ctx: Context) -> str:
    """The basket, as a view when the client can show one, as text otherwise."""
    return "view ui://shop/basket" if client_supports_apps(ctx) else "text: 2 items, 18.40 EUR"


apps.add_html_resource("ui://shop/basket", "<!doctype html><title>Basket</title><main>2 items</main>")


def print_receipt() -> str:
    """A receipt in the format the client said it can print."""
    return "receipt #1 sent as pdf"


class Receipts(Extension):
    identifier = "com.example/receipts"

    def settings(self) -> dict:
        return {"formats": ["pdf"]}

    def tools(self):
        return [ToolBinding(print_receipt)]

    async def intercept_tool_call(self, params, ctx, call_next):
        if params.name == "print_receipt":
            require_client_extension(ctx, self.identifier)  # -32021 if the client did not declare it
        return await call_next(ctx)


mcp = MCPServer("shop", version="1.0.0", extensions=[apps, Receipts()])

if __name__ == "__main__":
    mcp.run("stdio")
