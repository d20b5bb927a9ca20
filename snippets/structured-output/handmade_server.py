"""A server built on the low-level Server, which sends whatever its handlers return, unchecked."""

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "high_c": {"type": "integer"}},
          "required": ["city", "high_c"]}


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[types.Tool(name="forecast", input_schema={"type": "object"},
                                                   output_schema=SCHEMA)])


async def call_tool(ctx, params) -> types.CallToolResult:
    data = {"city": "Lyon", "high_c": "25"}  # a string where the schema says integer
    return types.CallToolResult(content=[types.TextContent(type="text", text='{"city": "Lyon", "high_c": "25"}')],
                                structured_content=data)


server = Server("handmade", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
