"""A local server whose one tool reports what its process can reach: an environment variable, a file.

Run it:  python probe_server.py   (stdio; a host launches it as a child process)
"""

import os
from pathlib import Path

from mcp.server import MCPServer

mcp = MCPServer("probe", version="1.0.0")


@mcp.tool()
def what_can_i_reach(path: str) -> dict[str, str]:
    """Say whether DEMO_API_TOKEN is in this process's environment, and read the file at `path`."""
    return {
        "DEMO_API_TOKEN": os.environ.get("DEMO_API_TOKEN", "(not set)"),
        "file": Path(path).read_text(encoding="utf-8").strip(),  # no check: the process reads what its user can
    }


if __name__ == "__main__":
    mcp.run("stdio")
