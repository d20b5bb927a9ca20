"""A host: one client per configured server, one offer to the model, one approval before anything runs."""

import json
import sys
from contextlib import AsyncExitStack
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"
# What a host's configuration file declares: one entry per server, so one client per entry.
# Both entries launch the reference server; here they stand in for two different servers.
CONFIG = {
    "weather": {"command": sys.executable, "args": [str(SERVER)], "offer": {"get_forecast"}},
    "tracker": {"command": sys.executable, "args": [str(SERVER)], "offer": {"search_issues"}},
}


def model(offer: list[str]) -> dict:
    """Stand-in for the model: it reads the offer as text and asks for a tool by its offered name."""
    return {"tool": "tracker__search_issues", "arguments": {"query": "wind", "repository": "example/weather-app"}}


async def main() -> None:
    async with AsyncExitStack() as stack:
        clients = {}
        for name, entry in CONFIG.items():
            server = StdioServerParameters(command=entry["command"], args=entry["args"])
            clients[name] = await stack.enter_async_context(Client(server))
            print(f"client {name}: connected, protocol {clients[name].protocol_version}")

        offer = {}
        for name, client in clients.items():
            for tool in (await client.list_tools()).tools:
                if tool.name in CONFIG[name]["offer"]:
                    offer[f"{name}__{tool.name}"] = (name, tool.name)
                else:
                    print(f"host: {name}__{tool.name} is not offered")
        print("offered to the model: " + ", ".join(offer))

        request = model(list(offer))
        name, tool = offer[request["tool"]]
        question = f"{name} server, tool {tool}, arguments {json.dumps(request['arguments'])}: allow? [y/N] "
        answer = input(question)
        if not sys.stdin.isatty():
            print(answer)  # echo a piped answer so the transcript reads like a terminal
        if answer.strip().lower() != "y":
            print("host: refused, nothing was sent to the server")
            return
        result = await clients[name].call_tool(tool, request["arguments"])
        issues = result.structured_content["result"]
        print(f"result from {name} (untrusted data): " + ", ".join(f"#{i['id']} {i['title']}" for i in issues))


if __name__ == "__main__":
    anyio.run(main)
