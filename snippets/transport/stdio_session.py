"""The stdio transport by hand: start the reference server as a child process, write JSON-RPC
messages to its stdin one per line, read its answers from stdout, and its logs from stderr."""

import json
import subprocess
import sys
from pathlib import Path

SERVER = Path(__file__).parents[1] / "server" / "weather_server.py"
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "stdio-by-hand", "version": "1.0"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def call(request_id: int, arguments: dict) -> dict:
    params = {"name": "get_forecast", "arguments": arguments, "_meta": META}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


server = subprocess.Popen([sys.executable, str(SERVER), "--transport", "stdio"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, encoding="utf-8")
for message in (call(1, {"city": "Lyon"}), call(2, {})):
    line = json.dumps(message)
    server.stdin.write(line + "\n")  # one message, one line: the newline is the only delimiter
    server.stdin.flush()
    print("stdin  >", line)
    answer = json.loads(server.stdout.readline())  # stdout carries JSON-RPC and nothing else
    result = answer["result"]
    print(f"stdout < id {answer['id']}, isError {result['isError']}:", result["content"][0]["text"].splitlines()[0])

server.stdin.close()  # end of input: the server exits on its own
print("exit code:", server.wait(timeout=10))
for line in server.stderr:
    print("stderr :", line.rstrip())
