"""resources-subscribe: the client subscribes to a resource (resources/subscribe); the SDK's server notifies its update."""

import _mcp

URI = "memo://today"


async def main():
    subscribed = []

    async def subscribe(params, session):
        subscribed.append(params["uri"])
        return {}

    async def call_tool(params, session):
        for uri in subscribed:
            await session.send_resource_updated(uri)
        return {"content": [{"type": "text", "text": "saved"}]}

    async with _mcp.connect(_mcp.raw_server({"resources/subscribe": subscribe, "tools/call": call_tool})) as client:
        answer = await client.request("resources/subscribe", {"uri": URI})
        if "error" in answer and answer["error"]["code"] == -32601:
            return "unsupported", "the server answered resources/subscribe with Method not found"
        assert answer.get("result") == {}, answer
        await client.call("tools/call", {"name": "edit", "arguments": {}})
    updated = [n["params"]["uri"] for n in client.notifications if n["method"] == "notifications/resources/updated"]
    assert subscribed == [URI] and updated == [URI], (subscribed, client.notifications)
    declared = client.init["capabilities"].get("resources", {}).get("subscribe") is True
    note = "resources/subscribe reached the server, which then sent notifications/resources/updated"
    return "supported", note + (" (it declared resources.subscribe)" if declared else " (it did not declare resources.subscribe)")


_mcp.run(main)
