"""resource-templates: the SDK's server lists a URI template (resources/templates/list) and reads a URI made from it."""

import _mcp


async def main():
    if "resources/templates/list" not in _mcp.methods(_mcp.types.ClientRequest):
        return "unsupported", "the SDK's client requests have no resources/templates/list"

    async def templates(params, session):
        return {"resourceTemplates": [{"uriTemplate": "weather://{city}", "name": "weather", "mimeType": "text/plain"}]}

    async def read(params, session):
        city = params["uri"].removeprefix("weather://")
        return {"contents": [{"uri": params["uri"], "mimeType": "text/plain", "text": f"sunny in {city}"}]}

    server = _mcp.raw_server({"resources/templates/list": templates, "resources/read": read})
    async with _mcp.connect(server) as client:
        listed = (await client.call("resources/templates/list"))["resourceTemplates"]
        read = await client.call("resources/read", {"uri": "weather://Lyon"})
    assert listed == [{"uriTemplate": "weather://{city}", "name": "weather", "mimeType": "text/plain"}], listed
    assert read["contents"][0]["text"] == "sunny in Lyon", read
    return "supported", "resources/templates/list returned the URI template and resources/read served a URI made from it"


_mcp.run(main)
