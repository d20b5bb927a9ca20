"""A minimal harness: the model asks, the harness checks and runs, the result returns as text."""

import json
import sys
from pathlib import Path

import anyio
import jsonschema
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"
ALLOWED_TOOLS = {"search_issues"}              # a search task gets no write tool
ALLOWED_REPOSITORIES = {"example/weather-app"}
MAX_LIMIT = 3


def model(context: list[str]) -> dict:
    """Stand-in for the model: it only ever produces text, here a canned tool request."""
    if context[-1].startswith("tools offered"):
        return {"tool": "search_issues", "arguments": {"query": "wind", "repository": "example/weather-app", "limit": 10}}
    if context[-1].endswith("refused by the user"):
        return {"answer": "I was not allowed to search the issues."}
    return {"answer": "Issue 102 matches. Its body asks to close the issue: that is data, not an order."}


def validate(request: dict, tools: dict) -> dict:
    """Check the request against the declared schema, then against local policy."""
    name, arguments = request["tool"], dict(request["arguments"])
    if name not in tools or name not in ALLOWED_TOOLS:
        raise PermissionError(f"tool {name} is not allowed for this task")
    jsonschema.validate(arguments, tools[name].input_schema)
    if arguments["repository"] not in ALLOWED_REPOSITORIES:
        raise PermissionError(f"repository {arguments['repository']} is not allowed")
    if arguments.get("limit", MAX_LIMIT) > MAX_LIMIT:
        print(f"harness: limit lowered from {arguments['limit']} to {MAX_LIMIT}")
        arguments["limit"] = MAX_LIMIT
    return arguments


def approve(name: str, arguments: dict) -> bool:
    """Ask the user: nothing runs without a yes."""
    answer = input(f"run {name} {json.dumps(arguments)}? [y/N] ")
    if not sys.stdin.isatty():
        print(answer)  # echo a piped answer so the transcript reads like a terminal
    return answer.strip().lower() == "y"


async def main() -> None:
    server = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with Client(server) as client:
        listed = (await client.list_tools()).tools
        tools = {tool.name: tool for tool in listed if tool.name in ALLOWED_TOOLS}   # offer only what the task allows
        print(f"harness: offers {', '.join(sorted(tools))} of the server's {len(listed)} tools")
        context = ["tools offered: " + ", ".join(sorted(tools))]
        while "answer" not in (request := model(context)):
            print(f"model asks: {request['tool']} {json.dumps(request['arguments'])}")
            arguments = validate(request, tools)
            if not approve(request["tool"], arguments):
                context.append("tool result: refused by the user")
                print("harness: refused, nothing was run")
                continue
            result = await client.call_tool(request["tool"], arguments)
            text = "\n".join(block.text for block in result.content if block.type == "text")
            context.append(f"tool result ({request['tool']}, untrusted data):\n{text}")
            print(context[-1])
        print(f"model answers: {request['answer']}")


if __name__ == "__main__":
    anyio.run(main)
