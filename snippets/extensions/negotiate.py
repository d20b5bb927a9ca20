"""One server with two extensions, three clients, both eras: what is declared, and what each call returns."""

import sys
from pathlib import Path

import anyio
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.extension import advertise

SERVER = StdioServerParameters(command=sys.executable, args=[str(Path(__file__).with_name("shop_server.py"))])
APPS = advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})
CLIENTS = {"none": [], "apps": [APPS], "apps+receipts": [APPS, advertise("com.example/receipts")]}


async def main() -> None:
    for mode in ("auto", "legacy"):  # auto ends on 2026-07-28 with this server; legacy forces initialize
        for label, extensions in CLIENTS.items():
            async with Client(SERVER, mode=mode, extensions=extensions) as client:
                era = client.protocol_version
                if label == "none":
                    print(f"{era} server declares: {client.server_capabilities.extensions}")
                basket = (await client.call_tool("show_basket", {})).content[0].text
                try:
                    receipt = (await client.call_tool("print_receipt", {})).content[0].text
                except MCPError as error:
                    receipt = f"error {error.code}: {error.error.message}"
                print(f"{era} client declares {label}: show_basket -> {basket}; print_receipt -> {receipt}",
                      flush=True)


if __name__ == "__main__":
    anyio.run(main)
