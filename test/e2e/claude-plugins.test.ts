// A Claude Code plugin's hook in the real OpenCode binary: installed outside the project, converted
// into this machine's local hooks file, running a script from ${CLAUDE_PLUGIN_ROOT}.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
