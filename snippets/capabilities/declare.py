"""One mcp.Client, with and without an elicitation callback, in both eras: what each side declares."""

import json
import sys
from pathlib import Path

import anyio
import mcp_types as types
from mcp import Client, StdioServerParameters

SERVER = StdioServerParameters(command=sys.executable, args=[str(Path(__file__).with_name("declared_server.py"))])


async def ask_the_user(context, params: types.ElicitRequestParams) -> types.ElicitResult:
    return types.ElicitResult(action="decline")  # a real host would show params.message to the user


async def main() -> None:
    for mode in ("auto", "legacy"):  # auto ends on 2026-07-28 here; legacy forces the initialize handshake
        for callback in (None, ask_the_user):
            async with Client(SERVER, mode=mode, elicitation_callback=callback) as client:
                if callback is None:
                    server_caps = client.server_capabilities.model_dump(by_alias=True, exclude_none=True)
                    print(f"{client.protocol_version} server declared: {json.dumps(server_caps)}")
                    prompts, resources = (await client.list_prompts()).prompts, (await client.list_resources()).resources
                    print(f"{client.protocol_version} behind them: {len(prompts)} prompts, {len(resources)} resources")
                seen = (await client.call_tool("declared", {})).content[0].text
                print(f"{client.protocol_version} client with elicitation_callback={callback is not None}: {seen}",
                      flush=True)


if __name__ == "__main__":
    anyio.run(main)
