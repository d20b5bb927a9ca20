"""tasks: a task-augmented tools/call returns a task at once; tasks/get follows it and tasks/result gives the tool's result."""

import _mcp
import anyio

types = _mcp.types


async def main():
    if "tasks/get" not in _mcp.methods(types.ClientRequest):
        return "unsupported", "the SDK's client requests have no tasks/get"
    from mcp.server.lowlevel import Server

    server = Server("probe")
    server.experimental.enable_tasks()

    @server.list_tools()
    async def list_tools():
        return [types.Tool(name="slow", inputSchema={"type": "object"}, execution=types.ToolExecution(taskSupport="optional"))]

    @server.call_tool()
    async def call_tool(name, arguments):
        async def work(task):
            return types.CallToolResult(content=[types.TextContent(type="text", text="done")])

        return await server.request_context.experimental.run_task(work)

    async with _mcp.connect(server, capabilities={"tasks": {"requests": {"tools": {"call": {}}}}}) as client:
        assert "tasks" in client.init["capabilities"], client.init
        await client.call("tools/list")
        created = await client.call("tools/call", {"name": "slow", "arguments": {}, "task": {"ttl": 60000}})
        task_id = created["task"]["taskId"]
        status = created["task"]["status"]
        while status == "working":
            await anyio.sleep(0.05)
            status = (await client.call("tasks/get", {"taskId": task_id}))["status"]
        result = await client.call("tasks/result", {"taskId": task_id})
    assert status == "completed" and result["content"][0]["text"] == "done", (status, result)
    return "supported", "tools/call with a task returned a taskId; tasks/get reached completed and tasks/result gave the tool's result"


_mcp.run(main)
