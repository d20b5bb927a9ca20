"""Session-wide MCP server processes: one per (transport, revision), started on first use,
always stopped, and proven gone at the end of the session."""

from __future__ import annotations

import pytest

from tests.support.mcp_server import McpClient, leftover_pids


@pytest.fixture(scope="session")
def mcp_client():
    """`mcp_client(transport, revision)` -> the session's shared `McpClient` for that pair."""
    clients: dict[tuple[str, str], McpClient] = {}

    def get(transport: str, revision: str) -> McpClient:
        if (transport, revision) not in clients:
            clients[(transport, revision)] = McpClient(transport, revision)
        return clients[(transport, revision)]

    yield get
    for client in clients.values():
        client.close()


@pytest.fixture
def fresh_server():
    """`fresh_server(transport, revision, script)` -> an McpClient on a new process of `script` (a snippet's own
    server), every one stopped after the test; modules bind their script once (`functools.partial`)."""
    clients: list[McpClient] = []

    def start(transport: str, revision: str, script) -> McpClient:
        clients.append(McpClient(transport, revision, script=script))
        return clients[-1]

    yield start
    for client in clients:
        client.close()


def pytest_sessionfinish(session, exitstatus):
    """Fail the run if any server process started by the suite is still alive."""
    left = leftover_pids()
    if left:
        session.config.get_terminal_writer().line(f"MCP server processes left running: {left}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
