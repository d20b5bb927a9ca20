"""An agent: a model in a harness loop, picking tool calls until the goal is met or the budget spent."""

import re
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"
GOAL = "Find a city among Lyon, Paris and Rennes with sun on day 2, checking as few as possible."
ALLOWED_TOOLS = {"get_forecast"}
MAX_STEPS = 5                                   # the harness's budget, not the model's


def model(context: list[str]) -> dict:
    """Scripted stand-in for the model: it reads the text so far and picks the next move."""
    checked = re.findall(r"Forecast for (\w+): .*?day 2: (\w+)", "\n".join(context))
    for city, sky in checked:
        if sky == "sunny":
            return {"answer": f"{city}: sunny on day 2. Checked {len(checked)} of 3 cities."}
    for city in ("Lyon", "Paris", "Rennes"):
        if city not in dict(checked):
            return {"tool": "get_forecast", "arguments": {"city": city}}
    return {"answer": "None of the three cities has sun on day 2."}


async def main() -> None:
    server = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with Client(server) as client:
        context = [f"goal: {GOAL}"]
        for step in range(1, MAX_STEPS + 1):
            move = model(context)
            if "answer" in move:
                print(f"step {step}: the model answers: {move['answer']}")
                return
            if move["tool"] not in ALLOWED_TOOLS:
                context.append(f"tool result: {move['tool']} is not offered")
                print(f"step {step}: the harness refuses {move['tool']}, not offered for this task")
                continue
            print(f"step {step}: the model chooses {move['tool']}({move['arguments']['city']})")
            result = await client.call_tool(move["tool"], move["arguments"])
            context.append(f"tool result: {result.content[0].text}")
            print(f"         {context[-1]}")
        print(f"harness: step budget ({MAX_STEPS}) spent, stopping without an answer")


if __name__ == "__main__":
    anyio.run(main)
