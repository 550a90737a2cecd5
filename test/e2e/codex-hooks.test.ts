// Codex CLI hooks (.codex/hooks.json) in the real OpenCode binary, with Codex's contract: a guard
// written as Codex users write one blocks a bash call with Codex's text, and a PostToolUse hook reads
// tool_input.command (Codex's Bash {command}) and tool_response as text.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { command, scenarios } from "./harness/scenario.js";

const run = scenarios();

describe("Codex CLI hooks in real OpenCode", () => {
  it("a Codex PreToolUse guard blocks rm -rf with Codex's text; a Codex PostToolUse hook reads tool_input.command", async () => {
    const deny = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm -rf is not allowed" },
    });
    const s = await run({
      settings: {},
      files: {
        "victim/keep.txt": "precious\n",
        ".codex/hooks/guard.sh": `#!/bin/sh\ncase "$(jq -r '.tool_input.command')" in *"rm -rf"*) printf '%s' '${deny}' ;; esac\nexit 0\n`,
        ".codex/hooks.json": {
          hooks: {
            PreToolUse: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/guard.sh")] }],
            PostToolUse: [{ matcher: "Bash", hooks: [command(`jq -r '.tool_name + " " + .tool_input.command + " => " + .tool_response' >> post.log`)] }],
          },
        },
      },
      // Codex runs `$SHELL -lc`: a login shell; sh keeps it quick on a machine with a heavy profile.
      env: { SHELL: "/bin/sh" },
      // Two tool calls with two hooks each: room for a loaded machine (the test's own timeout is below).
      timeoutMs: 280_000,
      script: [
        { tool: "bash", args: { command: "rm -rf victim", description: "clean" } },
        { tool: "bash", args: { command: "echo hello", description: "greet" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe("Command blocked by PreToolUse hook: rm -rf is not allowed. Command: rm -rf victim");
    expect(s.toolResult(callId(1, 0))).toContain("hello");
    expect(await readFile(s.project.file("post.log"), "utf8")).toBe("Bash echo hello => hello\n\n");
  }, 300_000);
});
