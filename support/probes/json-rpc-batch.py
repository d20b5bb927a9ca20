"""json-rpc-batch: a client sends two pings in one JSON-RPC batch (a JSON array) to the SDK's server over stdio."""

import json

import _mcp


async def main():
    async with _mcp.stdio_child() as child:
        await child.initialize()
        batch = [{"jsonrpc": "2.0", "id": 11, "method": "ping"}, {"jsonrpc": "2.0", "id": 12, "method": "ping"}]
        await child.write(json.dumps(batch))
        seen = []
        for barrier in (13, 14):  # single pings after the batch: what the batch got back arrives before their answers
            await child.write(json.dumps({"jsonrpc": "2.0", "id": barrier, "method": "ping"}))
            while (message := await child.read()) != {"jsonrpc": "2.0", "id": barrier, "result": {}}:
                seen.append(message)
    answers = [m for m in seen if isinstance(m, list) or "method" not in m]  # notifications (a log line) are not answers
    if not answers:
        return "unsupported", "over stdio the server sent no answer to a batch and went on serving single requests"
    if all(isinstance(m, dict) and "error" in m for m in answers):
        return "unsupported", "over stdio the server rejected the batch with a JSON-RPC error"
    assert len(answers) == 1 and sorted(a["id"] for a in answers[0]) == [11, 12], answers
    return "supported", "the server answered a batch of two pings with a batch of two results"


_mcp.run(main)
