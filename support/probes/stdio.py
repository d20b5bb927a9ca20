"""stdio: the SDK's server in a child process, spoken to as newline-delimited JSON-RPC on its stdin and stdout."""

import _mcp


async def main():
    async with _mcp.stdio_child() as child:
        init = await child.initialize()
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}}
        answer = await child.request(call)
    assert init["result"]["serverInfo"]["name"] == "probe", init
    assert answer["result"]["content"][0]["text"] == "echo: hi", answer
    return "supported", "a child process served initialize and tools/call as JSON lines on stdin and stdout"


_mcp.run(main)
