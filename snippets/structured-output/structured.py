"""What a structured tool publishes and returns, in both eras, and who checks it: the server, then the client."""

import json
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

HERE = Path(__file__).parent
FORECASTS = StdioServerParameters(command=sys.executable, args=[str(HERE / "forecast_server.py")])
HANDMADE = StdioServerParameters(command=sys.executable, args=[str(HERE / "handmade_server.py")])


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False)


async def main() -> None:
    for mode in ("auto", "legacy"):  # auto ends on 2026-07-28 with these servers; legacy forces initialize
        async with Client(FORECASTS, mode=mode) as client:
            era = client.protocol_version
            schemas = {tool.name: tool.output_schema for tool in (await client.list_tools()).tools}
            print(f"== {era}")
            print(f"outputSchema forecast: {compact(schemas['forecast'])}")
            print(f"outputSchema highs:    {compact(schemas['highs'])}")
            for name in ("forecast", "highs", "rushed_forecast"):
                result = await client.call_tool(name, {"city": "Lyon"})
                texts = [block.text for block in result.content]
                print(f"{name}: isError={result.is_error} structuredContent={compact(result.structured_content)}"
                      f" text={compact(texts)}")
        async with Client(HANDMADE, mode=mode) as client:
            try:
                await client.call_tool("forecast", {})
            except RuntimeError as error:
                print(f"handmade forecast, checked by the client: {error}".splitlines()[0], flush=True)


if __name__ == "__main__":
    anyio.run(main)
