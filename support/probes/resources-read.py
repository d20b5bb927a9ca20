"""resources-read: a client lists the SDK server's resources (resources/list) and reads one (resources/read)."""

import _mcp


async def main():
    server = _mcp.server()

    @server.resource("memo://greeting")
    def greeting() -> str:
        """A short greeting."""
        return "hello from a resource"

    async with _mcp.connect(server) as client:
        listed = (await client.call("resources/list"))["resources"]
        read = await client.call("resources/read", {"uri": "memo://greeting"})
    assert [r["uri"] for r in listed] == ["memo://greeting"], listed
    contents = read["contents"]
    assert len(contents) == 1 and contents[0]["uri"] == "memo://greeting" and contents[0]["text"] == "hello from a resource", read
    return "supported", "resources/list listed the resource and resources/read returned its text contents"


_mcp.run(main)
