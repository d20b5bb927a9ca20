"""A local (stdio) server is a process of the user who launches it; the SDK hands it a trimmed environment."""

import os
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import DEFAULT_INHERITED_ENV_VARS

SERVER = Path(__file__).resolve().parents[1] / "server" / "weather_server.py"


def children() -> list[Path]:
    """This launcher's child processes, read from /proc (Linux)."""
    mine = str(os.getpid())
    return [stat.parent for stat in Path("/proc").glob("[0-9]*/stat")
            if stat.read_text().rsplit(")", 1)[1].split()[1] == mine]


async def main() -> None:
    os.environ["GITHUB_TOKEN"] = "ghp_launcher_secret"  # sits in the launcher's environment
    server = StdioServerParameters(command=sys.executable, args=[str(SERVER)], env={"WEATHER_API_KEY": "demo-key"})
    async with Client(server) as client:
        print(f"connected to {client.server_info.name} over stdio")
        proc = children()[0]
        uid = next(line.split()[1] for line in (proc / "status").read_text().splitlines() if line.startswith("Uid:"))
        env = dict(item.split("=", 1) for item in (proc / "environ").read_text().split("\0") if item)
        print(f"server runs as the launcher's user: {'yes' if int(uid) == os.getuid() else 'no'}")
        print(f"server's working directory is the launcher's: {'yes' if (proc / 'cwd').resolve() == Path.cwd() else 'no'}")
        print(f"WEATHER_API_KEY passed: {'yes' if 'WEATHER_API_KEY' in env else 'no'}")
        print(f"GITHUB_TOKEN passed: {'yes' if 'GITHUB_TOKEN' in env else 'no'}")
        others = sorted(set(env) - {"WEATHER_API_KEY"})
        print(f"other variables, all from the SDK's default list: {'yes' if set(others) <= set(DEFAULT_INHERITED_ENV_VARS) else 'no'}")


if __name__ == "__main__":
    anyio.run(main)
