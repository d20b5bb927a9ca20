"""json-rpc-batch: a client sends two pings in one JSON-RPC batch (a JSON array) to the SDK's server over stdio."""

import json

import _mcp
import anyio


async def main():
    async with _mcp.stdio_child() as child:
        await child.initialize()
        batch = [{"jsonrpc": "2.0", "id": 11, "method": "ping"}, {"jsonrpc": "2.0", "id": 12, "method": "ping"}]
        await child.write(json.dumps(batch))
        answer = None
        with anyio.move_on_after(1.5):
            while answer is None or isinstance(answer, dict) and "method" in answer:  # notifications (a log line) are not answers
                answer = await child.read()
        after = await child.request({"jsonrpc": "2.0", "id": 13, "method": "ping"})
    assert after.get("result") == {}, after
    if answer is None or isinstance(answer, dict) and "method" in answer:
        return "unsupported", "the server sent no answer to a batch and went on serving single requests"
    if isinstance(answer, dict) and "error" in answer:
        return "unsupported", "the server rejected the batch with a JSON-RPC error"
    assert isinstance(answer, list) and sorted(a["id"] for a in answer) == [11, 12], answer
    return "supported", "the server answered a batch of two pings with a batch of two results"


_mcp.run(main)
