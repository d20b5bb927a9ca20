// tasks: task-augmented requests (2025-11-25, experimental): the SDK's Client sends tools/call with params.task, the
// SDK's Server (with the SDK's InMemoryTaskStore) answers with a task, then tasks/get and tasks/result fetch it.
// 2.x keeps the Task* schemas for interoperability but has no task runtime (optional() checks it exports no
// InMemoryTaskStore).
import { types, split, connect, optional, answer, within } from "./_sdk.mjs";

const tasks = await optional("experimental/tasks/index.js");
if (split && !tasks) {
  answer("unsupported", "the server package has no InMemoryTaskStore: the Task schemas remain, without a runtime");
} else if (!tasks || !types.CreateTaskResultSchema) {
  answer("unsupported", "the SDK has no experimental/tasks module or CreateTaskResultSchema");
} else {
  const store = new tasks.InMemoryTaskStore();
  const { client, close } = await connect({
    serverCaps: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    serverOptions: { taskStore: store },
    server: (s) => s.setRequestHandler(types.CallToolRequestSchema, async (req, extra) => {
      const result = { content: [{ type: "text", text: "report ready" }] };
      if (!req.params.task) return result;
      const task = await extra.taskStore.createTask({ ttl: req.params.task.ttl });
      await extra.taskStore.storeTaskResult(task.taskId, "completed", result);
      return { task };
    }),
  });
  const created = await within(client.request({ method: "tools/call", params: { name: "report", arguments: {}, task: { ttl: 60000 } } }, types.CreateTaskResultSchema), "tools/call with a task");
  const taskId = created.task?.taskId;
  const got = await within(client.request({ method: "tasks/get", params: { taskId } }, types.GetTaskResultSchema), "tasks/get");
  const payload = await within(client.request({ method: "tasks/result", params: { taskId } }, types.CallToolResultSchema), "tasks/result");
  await close();
  store.cleanup(); // its TTL timers would keep the process alive
  if (typeof taskId !== "string" || got.status !== "completed" || payload.content?.[0]?.text !== "report ready") {
    throw new Error(`unexpected: ${JSON.stringify([created, got, payload])}`);
  }
  answer("supported", "tools/call with params.task returned a task; tasks/get saw it completed and tasks/result returned the tool result");
}
