// mcp_tool hooks through the generated plugin, loaded in-process: the tool is called on the MCP
// server OpenCode's config defines (the e2e suite's stdio server), one connection for every call;
// a server that is not configured is "not connected", a non-blocking error as in Claude.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, it } from "vitest";
import { tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { REPO_ROOT, settings } from "../helpers/project.js";

const project = tempProjects("mcp-tool-");

it("calls the configured server's tool with the interpolated input; an unknown server is a logged, non-blocking error", async () => {
  const p = await project({
    ".claude/settings.json": settings({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "mcp_tool", server: "memory", tool: "remember", input: { fact: "ran ${tool_input.command}" } },
            { type: "mcp_tool", server: "elsewhere", tool: "remember", input: {} },
          ],
        },
      ],
    }),
  });
  const memory = p.file("memory.txt");
  const server = { type: "local", command: ["node", path.join(REPO_ROOT, "test/e2e/fixtures/mcp-memory-server.mjs")], environment: { MEMORY_FILE: memory } };
  const plugin = await loadPlugin(p.dir, { permission: "allow", mcp: { memory: server } });
  await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
  await expect(plugin.before("bash", { command: "pwd" })).resolves.toEqual({ command: "pwd" });
  expect(await readFile(memory, "utf8")).toBe("ran ls\nran pwd\n");
  expect(plugin.client.logs().filter((line) => line.includes('MCP server "elsewhere" is not connected'))).toHaveLength(2);
  await plugin.hooks.dispose?.(); // closes the connection: the server process ends
});

it("reaches a remote server over Streamable HTTP: the session id it names is sent back, answers in JSON or an event stream", async () => {
  const seen: Array<{ method: string; session: string | undefined; auth: string | undefined }> = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST") return response.writeHead(200).end();
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number; method: string; params?: { arguments?: { fact?: string } } };
    seen.push({ method: message.method, session: request.headers["mcp-session-id"] as string | undefined, auth: request.headers.authorization });
    if (message.id === undefined) return response.writeHead(202).end();
    if (message.method === "initialize") {
      return response.writeHead(200, { "content-type": "application/json", "mcp-session-id": "sess-1" }).end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: message.id,
          result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "r", version: "1" } },
        }),
      );
    }
    const deny = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `no: ${message.params?.arguments?.fact}` },
    });
    const answer = JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: deny }] } });
    response.writeHead(200, { "content-type": "text/event-stream" }).end(`event: message\ndata: ${answer}\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "remote", tool: "judge", input: { fact: "${tool_input.command}" } }] }],
      }),
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const plugin = await loadPlugin(p.dir, { permission: "allow", mcp: { remote: { type: "remote", url, headers: { Authorization: "Bearer k" } } } });
    await expect(plugin.before("bash", { command: "rm -rf /" })).rejects.toThrow("PreToolUse:Bash hook error: no: rm -rf /");
    expect(seen.map((entry) => [entry.method, entry.session, entry.auth])).toEqual([
      ["initialize", undefined, "Bearer k"],
      ["notifications/initialized", "sess-1", "Bearer k"],
      ["tools/call", "sess-1", "Bearer k"],
    ]);
    await plugin.hooks.dispose?.();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
