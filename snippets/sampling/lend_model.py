"""Lend the host's model to the release-notes server.  Run: python lend_model.py auto|legacy [SERVER COMMAND…]"""

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import CreateMessageResult, TextContent

MODE = sys.argv[1] if len(sys.argv) > 1 else "auto"  # "auto": 2026-07-28; "legacy": the 2025-11-25 handshake
COMMAND = sys.argv[2:] or [sys.executable, str(Path(__file__).with_name("notes_server.py"))]


async def model(context, params) -> CreateMessageResult:
    """Stands in for the host: it would show the request to the user, then call its own model."""
    print(f"  server asks for a completion: {params.messages[0].content.text}")
    print(f"  system prompt: {params.system_prompt}; max tokens: {params.max_tokens}")
    return CreateMessageResult(role="assistant", model="stand-in-model",
                               content=TextContent(type="text", text="Wind speeds are no longer rounded to zero."))


async def main() -> None:
    server = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    async with Client(server, mode=MODE, sampling_callback=model) as client:
        print(f"== {client.session.protocol_version}")
        result = await client.call_tool("release_note", {"change": "fix: keep decimals in wind speed"})
        print(f"  result, isError={result.is_error}: {result.content[0].text}")


anyio.run(main)
