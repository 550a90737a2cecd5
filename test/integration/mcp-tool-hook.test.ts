// mcp_tool hooks through the generated plugin, loaded in-process: the tool is called on the MCP
// server OpenCode's config defines (the e2e suite's stdio server), one connection for every call;
// a server that is not configured is "not connected", a non-blocking error as in Claude.
import { readFile } from "node:fs/promises";
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
