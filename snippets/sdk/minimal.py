"""A server in a dozen lines, and what the official Python SDK puts on the wire for it, in both eras."""

import json
import sys

import anyio
from mcp import Client, StdioServerParameters
from mcp.server import MCPServer

server = MCPServer("notes", version="0.1.0")


@server.tool()
def add_note(text: str, pinned: bool = False) -> str:
    """Save a short note."""
    return f"saved: {text}"


async def main() -> None:
    itself = StdioServerParameters(command=sys.executable, args=[__file__, "--serve"])
    for mode in ("auto", "legacy"):  # auto: server/discover first; legacy: the initialize handshake
        async with Client(itself, mode=mode) as client:
            caps = client.server_capabilities.model_dump(by_alias=True, exclude_none=True)
            print(f"== mode={mode}: protocol {client.protocol_version}, server capabilities {json.dumps(caps)}")
            if mode == "auto":
                tool = (await client.list_tools()).tools[0]
                print("inputSchema  ", json.dumps(tool.input_schema))
                print("outputSchema ", json.dumps(tool.output_schema))
            unknown = await client.call_tool("delete_all", {})
            print(f"tools/call delete_all -> isError={unknown.is_error}: {unknown.content[0].text}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        server.run("stdio")
    else:
        anyio.run(main)
