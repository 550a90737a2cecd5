// Lifecycle events in the real OpenCode binary: Stop loops, prompts, sessions, failures,
// permissions. Each scenario asserts on what the model received (the fake LLM's requests) and on
// what the hooks recorded.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "./harness/fake-llm.js";
import { runScenario, type Scenario, type ScenarioSpec } from "./harness/scenario.js";

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});
const run = async (spec: ScenarioSpec) => (scenario = await runScenario(spec));
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });
const jsonLines = async (file: string) => (await readFile(file, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
/** The text of the last user message the model received in a request. */
const lastUserText = (request: RecordedRequest) => {
  const user = request.body.messages.findLast((message) => message.role === "user");
  return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
};

describe("Stop", () => {
  it("a Stop hook that blocks once sends the reason back as the next turn; the second run has stop_hook_active", async () => {
    const gate = [
      '#!/bin/sh',
      'input=$(cat)',
      'echo "$input" >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"',
      '[ -f "$CLAUDE_PROJECT_DIR/tests-pass" ] && exit 0',
      'touch "$CLAUDE_PROJECT_DIR/tests-pass"',
      'echo "2 tests fail; fix them before stopping" >&2',
      'exit 2',
    ].join("\n");
    const s = await run({
      files: { ".claude/hooks/gate.sh": `${gate}\n` },
      settings: { hooks: { Stop: [{ hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/gate.sh"')] }] } },
      script: [{ text: "first answer" }, { text: "fixed it" }],
    });
    const requests = agentRequests(s);
    expect(requests).toHaveLength(2);
    expect(lastUserText(requests[1]!)).toContain('Stop hook feedback:\n[\"$CLAUDE_PROJECT_DIR/.claude/hooks/gate.sh\"]: 2 tests fail; fix them before stopping');
    const inputs = await jsonLines(s.project.file("stop-input.jsonl"));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    expect(inputs[0]).toMatchObject({ hook_event_name: "Stop", last_assistant_message: "first answer", cwd: s.project.dir });
    expect(inputs[1]).toMatchObject({ last_assistant_message: "fixed it" });
  });
});
