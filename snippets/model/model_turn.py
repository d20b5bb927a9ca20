"""What a model sees and writes: text in, text out. The harness does everything else."""

import json
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"
SYSTEM = 'Answer weather questions. To use a tool, reply with JSON: {"tool": ..., "arguments": ...}.'
USER = "Will it rain in Lyon tomorrow?"


def model(prompt: str) -> str:
    """Scripted stand-in for a model: one string in, one string out. No model runs here."""
    if "[tool result]" not in prompt:
        return '{"tool": "get_forecast", "arguments": {"city": "Lyon"}}'
    return "Tomorrow (day 2) looks dry in Lyon: wind, 13 °C. The rain is for today."


def render(tools, turns: list[str]) -> str:
    """The only thing the model receives: one piece of text, rebuilt from scratch every turn."""
    lines = [f"[system] {SYSTEM}"]
    for t in tools:
        arguments = json.dumps(t.input_schema["properties"])
        lines.append(f"[tool] {t.name}: {t.description} arguments: {arguments}")
    return "\n".join(lines + turns)


async def main() -> None:
    server = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with Client(server) as client:
        tools = [t for t in (await client.list_tools()).tools if t.name == "get_forecast"]
        turns = [f"[user] {USER}"]
        for turn in (1, 2):
            prompt = render(tools, turns)
            print(f"--- turn {turn}: the model reads {len(prompt)} characters\n{prompt}")
            reply = model(prompt)
            print(f"--- turn {turn}: the model writes\n{reply}")
            try:
                request = json.loads(reply)
            except json.JSONDecodeError:
                break  # plain text: the answer for the user
            result = await client.call_tool(request["tool"], request["arguments"])
            turns += [f"[model] {reply}", f"[tool result] {result.content[0].text}"]
            print(f"--- the harness, not the model, called {request['tool']} over MCP")


if __name__ == "__main__":
    anyio.run(main)
