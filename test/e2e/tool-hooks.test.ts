import { existsSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { runScenario, type Scenario } from "./harness/scenario.js";

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

it("2. PreToolUse Bash exit 2 on rm -rf: the command does not run, the model gets the hook's stderr", async () => {
  scenario = await runScenario({
    files: {
      "victim/keep.txt": "precious\n",
      ".claude/hooks/no-rm.sh": "#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' || exit 0\necho 'rm -rf is blocked by project policy' >&2\nexit 2\n",
    },
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"' }] }] } },
    script: [{ tool: "bash", args: { command: "rm -rf victim", description: "clean" } }, { text: "ok" }],
  });
  expect(existsSync(scenario.project.file("victim/keep.txt"))).toBe(true);
  expect(scenario.toolResult(callId(0, 0))).toBe(
    'PreToolUse:Bash hook error: ["$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"]: rm -rf is blocked by project policy',
  );
});
