// MCP tools in real OpenCode: hooks see them as mcp__<server>__<tool>, can block them, and their
// feedback reaches the model through the MCP result's content.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";

const run = scenarios();

it("mcp__memory__.* hooks: named like Claude, exit 2 blocks, additionalContext reaches the model", async () => {
  const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "memory updated" } });
  const scenario = await run({
    files: { ".claude/hooks/no-secrets.sh": "#!/bin/sh\njq -r .tool_input.fact | grep -qi secret || exit 0\necho 'secrets are not stored' >&2\nexit 2\n" },
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "mcp__memory__.*", hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR/.claude/hooks/no-secrets.sh"' }] },
          { matcher: "mcp__memory__remember", hooks: [{ type: "command", command: `jq -r .tool_name >> "$CLAUDE_PROJECT_DIR/names.log"` }] },
        ],
        PostToolUse: [{ matcher: "mcp__memory__remember", hooks: [{ type: "command", command: `echo '${context}'` }] }],
      },
    },
    opencode: (dir) => ({
      mcp: {
        memory: {
          type: "local",
          command: ["node", path.join(REPO_ROOT, "test/e2e/fixtures/mcp-memory-server.mjs")],
          environment: { MEMORY_FILE: path.join(dir, "memory.txt") },
        },
      },
    }),
    script: [
      { tool: "memory_remember", args: { fact: "the build uses esbuild" } },
      { tool: "memory_remember", args: { fact: "the secret token is 123" } },
      { text: "done" },
    ],
  });
  const tools = scenario.llm.requests.find((request) => request.kind === "agent")?.body.tools as Array<{ function: { name: string } }>;
  expect(tools.map((tool) => tool.function.name)).toContain("memory_remember");
  expect(await readFile(scenario.project.file("memory.txt"), "utf8")).toBe("the build uses esbuild\n");
  expect(scenario.toolResult(callId(0, 0))).toContain("stored: the build uses esbuild");
  expect(scenario.toolResult(callId(0, 0))).toContain("PostToolUse:mcp__memory__remember hook additional context: memory updated");
  expect(scenario.toolResult(callId(1, 0))).toBe(
    'PreToolUse:mcp__memory__remember hook error: ["$CLAUDE_PROJECT_DIR/.claude/hooks/no-secrets.sh"]: secrets are not stored',
  );
  expect((await readFile(scenario.project.file("names.log"), "utf8")).trim().split("\n")).toEqual(["mcp__memory__remember", "mcp__memory__remember"]);
});

it("an mcp_tool PostToolUse hook calls the configured MCP server with an interpolated path; the tool's text is read like stdout", async () => {
  const s = await run({
    settings: {
      hooks: {
        PostToolUse: [
          { matcher: "Write", hooks: [{ type: "mcp_tool", server: "memory", tool: "remember", input: { fact: "wrote ${tool_input.file_path}" } }] },
        ],
      },
    },
    opencode: (dir) => ({
      mcp: {
        memory: {
          type: "local",
          command: ["node", path.join(REPO_ROOT, "test/e2e/fixtures/mcp-memory-server.mjs")],
          environment: { MEMORY_FILE: path.join(dir, "hook-memory.txt") },
        },
      },
    }),
    script: [{ tool: "write", args: { filePath: "notes.txt", content: "hi\n" } }, { text: "done" }],
  });
  expect(await readFile(s.project.file("hook-memory.txt"), "utf8")).toBe(`wrote ${s.project.file("notes.txt")}\n`);
  // "stored: ..." is plain text on exit 0: Claude keeps it for the transcript, not for the model.
  expect(s.toolResult(callId(0, 0))).not.toContain("stored:");
});
