// http hooks: the input is POSTed as JSON and a 2xx JSON body is read like stdout JSON.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
let server: Server;
afterEach(async () => {
  await project?.remove();
  await new Promise((resolve) => server?.close(resolve));
});

it("POSTs Claude's input with allowed env headers and applies a deny from the response", async () => {
  const received: Array<{ body: Record<string, unknown>; auth: string | undefined }> = [];
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    received.push({ body, auth: request.headers.authorization });
    const deny = (body.tool_input as { command: string }).command.includes("curl");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      deny ? JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no network" } }) : "",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  project = await makeProject({
    ".claude/settings.json": settings({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "http", url, headers: { Authorization: "Bearer $HOOK_TOKEN $SECRET" }, allowedEnvVars: ["HOOK_TOKEN"] }] },
      ],
    }),
  });
  process.env.HOOK_TOKEN = "t0ken";
  process.env.SECRET = "not-sent";
  try {
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "curl example.com" })).rejects.toThrow("PreToolUse:Bash hook error: no network");
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    expect(received[0]?.auth).toBe("Bearer t0ken"); // $SECRET is not in allowedEnvVars: empty (and trimmed by HTTP)
    expect(received[0]?.body).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "curl example.com" } });
  } finally {
    delete process.env.HOOK_TOKEN;
    delete process.env.SECRET;
  }
});
