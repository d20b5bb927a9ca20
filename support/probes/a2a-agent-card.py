"""a2a-agent-card: the SDK's server app serves its agent card at /.well-known/agent-card.json
(0.2 served it at /.well-known/agent.json only: that is "partial")."""

import asyncio
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the probes (their digest covers the folder)
from _a2a import answer, http_client  # noqa: E402


async def served(client, path: str) -> bool:
    response = await client.get(path)
    if response.status_code == 404:
        return False
    response.raise_for_status()
    if response.json().get("name") != "Echo agent":
        raise RuntimeError(f"{path} served another card: {response.text}")
    return True


async def main() -> None:
    async with http_client() as client:
        current = await served(client, "/.well-known/agent-card.json")
        legacy = await served(client, "/.well-known/agent.json")
    if current and legacy:
        answer("supported", "the card is served at /.well-known/agent-card.json and at the older /.well-known/agent.json")
    elif current:
        answer("supported", "the card is served at /.well-known/agent-card.json only")
    elif legacy:
        answer("partial", "the card is served only at the older /.well-known/agent.json, not at agent-card.json")
    else:
        answer("unsupported", "neither /.well-known/agent-card.json nor /.well-known/agent.json is served")


asyncio.run(main())
