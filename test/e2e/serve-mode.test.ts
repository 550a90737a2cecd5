// The harness's serve mode (opencode serve + run --attach), which follow-up-turn scenarios need:
// the generated plugin is loaded by the server and blocks as in `opencode run`.
import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";

const run = scenarios();

it("serve mode: the plugin runs inside `opencode serve` and an attached run sees its block", async () => {
  const scenario = await run({
    files: { "victim/keep.txt": "precious\n" },
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo 'blocked in serve mode' >&2; exit 2" }] }] } },
    script: [{ tool: "bash", args: { command: "rm -rf victim" } }, { text: "ok" }],
    serve: { settled: (llm) => llm.requests.some((request) => request.kind === "agent" && request.step === 1) },
  });
  expect(existsSync(scenario.project.file("victim/keep.txt"))).toBe(true);
  expect(scenario.toolResult(callId(0, 0))).toBe("PreToolUse:Bash hook error: [echo 'blocked in serve mode' >&2; exit 2]: blocked in serve mode");
});
