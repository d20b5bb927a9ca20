"""input-required: a 2026-07-28 tool call answers resultType input_required; the client retries with inputResponses."""

from typing import Annotated, Literal

import _mcp
from pydantic import BaseModel


class Severity(BaseModel):
    severity: Literal["low", "high"]


async def main():
    if not hasattr(_mcp.types, "InputRequiredResult"):
        return "unsupported", "the SDK's types have no InputRequiredResult"
    from mcp.server.mcpserver.resolve import Elicit, Resolve

    def ask(title: str) -> Elicit[Severity]:
        return Elicit(f"How severe is {title}?", Severity)

    server = _mcp.server()

    @server.tool()
    def file_issue(title: str, answer: Annotated[Severity, Resolve(ask)]) -> str:
        return f"filed {title} as {answer.severity}"

    capabilities = {"elicitation": {"form": {}}}
    call = {"name": "file_issue", "arguments": {"title": "wind"}}
    async with _mcp.connect(server, initialize=False) as client:
        first = await client.call("tools/call", _mcp.envelope(call, capabilities))
        assert first["resultType"] == "input_required" and len(first["inputRequests"]) == 1, first
        (key, request), = first["inputRequests"].items()
        assert request["method"] == "elicitation/create" and request["params"]["message"] == "How severe is wind?", request
        retry = {**call, "inputResponses": {key: {"action": "accept", "content": {"severity": "high"}}}, "requestState": first["requestState"]}
        second = await client.call("tools/call", _mcp.envelope(retry, capabilities))
    assert second["content"][0]["text"] == "filed wind as high", second
    return "supported", "tools/call answered input_required with an elicitation; the retry with inputResponses and requestState completed"


_mcp.run(main)
