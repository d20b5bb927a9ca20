"""A host launches a local server as a child process: what crosses the process boundary, and what does not."""

import os
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

SERVER = Path(__file__).with_name("probe_server.py")


async def reach(env: dict[str, str] | None, private_file: Path) -> dict:
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)], env=env,
                                    cwd=SERVER.parent)  # the server starts in its own folder
    async with Client(params) as client:  # the SDK starts the process and stops it on exit
        result = await client.call_tool("what_can_i_reach", {"path": str(private_file)})
        return result.structured_content


async def main() -> None:
    os.environ["DEMO_API_TOKEN"] = "tok-host-only"  # a secret in the host's own environment
    with tempfile.TemporaryDirectory() as home:
        private_file = Path(home, "notes.txt")
        private_file.write_text("the host user's private notes\n", encoding="utf-8")
        print("default env:", await reach(None, private_file))
        print("env passed: ", await reach({"DEMO_API_TOKEN": "tok-for-probe"}, private_file))


if __name__ == "__main__":
    anyio.run(main)
