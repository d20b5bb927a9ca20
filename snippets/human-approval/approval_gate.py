"""Human approval: the harness decides, call by call, whether to ask; annotations only inform it."""

import json
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"
NAME = "weather"               # how the user named this server in the harness's settings
TRUSTED_SERVERS = {"weather"}  # the user's choice: believe this server's hints


def hints(tool) -> dict:
    """The annotations the server declared for a tool; absent ones take the spec's defaults."""
    if tool.annotations is None:
        return {}
    return tool.annotations.model_dump(by_alias=True, exclude_none=True)


def needs_approval(server: str, tool) -> bool:
    """Ask unless a server the user trusts says the tool is read-only (by default, it is not)."""
    return not (server in TRUSTED_SERVERS and hints(tool).get("readOnlyHint", False))


def ask(server: str, name: str, arguments: dict) -> bool:
    answer = input(f"{server} wants to run {name} {json.dumps(arguments)}. Allow? [y/N] ")
    if not sys.stdin.isatty():
        print(answer)  # echo a piped answer so the transcript reads like a terminal
    return answer.strip().lower() == "y"


async def main() -> None:
    requests = [  # what a scripted model asks for, in order
        ("search_issues", {"query": "wind", "repository": "example/weather-app", "limit": 1}),
        ("get_forecast", {"city": "Lyon"}),
    ]
    server = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with Client(server) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        for name, tool in sorted(tools.items()):
            decision = "ask" if needs_approval(NAME, tool) else "no question"
            print(f"{name}: declares {json.dumps(hints(tool))} -> {decision}")
        for name, arguments in requests:
            if needs_approval(NAME, tools[name]) and not ask(NAME, name, arguments):
                print(f"harness: {name} refused, nothing was run")
                continue
            result = await client.call_tool(name, arguments)
            print(f"harness: ran {name}, {len(result.content[0].text)} characters of result")


if __name__ == "__main__":
    anyio.run(main)
