// convert --permissions in the real OpenCode binary: a permissions deny rule keeps a read from
// happening and the model reads Claude's message, though a PreToolUse hook allowed the call (Claude
// runs the hooks first, and a hook's allow never lifts a deny rule).
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { command, scenarios } from "./harness/scenario.js";

const run = scenarios();

describe("Claude's permission rules in real OpenCode", () => {
  it("a deny rule on Read(./.env*): the read does not happen, the model reads why, other reads go on", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
    const s = await run({
      files: { ".env": "TOKEN=hunter2\n", "notes.txt": "public\n" },
      settings: {
        hooks: { PreToolUse: [{ matcher: "Read", hooks: [command(`touch "$CLAUDE_PROJECT_DIR/hook-ran"; echo '${allow}'`)] }] },
        permissions: { deny: ["Read(./.env*)"] },
      },
      convert: () => ({ permissions: true }),
      script: [{ tool: "read", args: { filePath: ".env" } }, { tool: "read", args: { filePath: "notes.txt" } }, { text: "done" }],
    });
    expect(s.toolResult(callId(0, 0))).toBe("Permission to use Read has been denied.");
    expect(existsSync(s.project.file("hook-ran"))).toBe(true);
    expect(s.toolResult(callId(1, 0))).toContain("public");
  });
});
