// Claude Code plugins and skills in the real OpenCode binary: a plugin installed outside the project,
// converted into this machine's local hooks file, runs a script from ${CLAUDE_PLUGIN_ROOT}; a skill's
// frontmatter hooks start when OpenCode's skill tool loads the skill.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";

const run = scenarios();

it("a plugin's PreToolUse hook runs its script from CLAUDE_PLUGIN_ROOT and blocks the call", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "claude-plugin-e2e-"));
  try {
    await mkdir(path.join(root, "hooks"), { recursive: true });
    await writeFile(
      path.join(root, "hooks", "hooks.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/guard.sh"' }] }] } }),
    );
    await writeFile(path.join(root, "guard.sh"), '#!/bin/sh\necho "blocked by the plugin at $CLAUDE_PLUGIN_ROOT" >&2\nexit 2\n', { mode: 0o755 });
    const s = await run({
      settings: { hooks: {} },
      convert: () => ({ plugins: [root] }),
      script: [{ tool: "bash", args: { command: "echo hi > out.txt", description: "write" } }, { text: "done" }],
    });
    expect(s.toolResult(callId(0, 0))).toContain(`blocked by the plugin at ${root}`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

it("a skill's frontmatter hook fires only after OpenCode's skill tool loaded the skill", async () => {
  const s = await run({
    files: { ".claude/skills/careful-shell/SKILL.md": carefulShell([]) },
    settings: { hooks: {} },
    // OpenCode reads Claude skills only with its Claude Code compatibility on.
    env: { OPENCODE_DISABLE_CLAUDE_CODE: "0" },
    script: [
      { tool: "bash", args: { command: "echo before", description: "before" } },
      { tool: "skill", args: { name: "careful-shell" } },
      { tool: "bash", args: { command: "echo after", description: "after" } },
      { text: "done" },
    ],
  });
  expect(s.toolResult(callId(1, 0))).toContain("Be careful with the shell.");
  expect((await readFile(s.project.file("guarded.log"), "utf8")).trim().split("\n")).toEqual(["echo after"]);
});

it("a skill typed as /name (OpenCode expands it without its skill tool) starts its hooks too, as Claude's /name does", async () => {
  const s = await run({
    // Claude starts such a skill only when the user types /careful-shell; OpenCode ignores the field.
    files: { ".claude/skills/careful-shell/SKILL.md": carefulShell(["disable-model-invocation: true"]) },
    settings: { hooks: {} },
    env: { OPENCODE_DISABLE_CLAUDE_CODE: "0" },
    command: "careful-shell",
    prompt: "list the files",
    script: [{ tool: "bash", args: { command: "echo typed", description: "typed" } }, { text: "done" }],
  });
  expect(JSON.stringify(s.llm.requests[0]?.body)).toContain("Be careful with the shell.");
  expect((await readFile(s.project.file("guarded.log"), "utf8")).trim().split("\n")).toEqual(["echo typed"]);
});

/** A skill whose PreToolUse hook logs every Bash command it sees, with these frontmatter lines besides. */
function carefulShell(extra: string[]): string {
  return [
    "---",
    "name: careful-shell",
    "description: Run shell commands carefully",
    ...extra,
    "hooks:",
    "  PreToolUse:",
    "    - matcher: Bash",
    "      hooks:",
    "        - type: command",
    '          command: jq -r .tool_input.command >> "$CLAUDE_PROJECT_DIR/guarded.log"',
    "---",
    "Be careful with the shell.",
  ].join("\n");
}
