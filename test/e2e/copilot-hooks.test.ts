// Copilot CLI hooks (.github/hooks/*.json) in the real OpenCode binary, with Copilot's contract: a
// preToolUse guard written as Copilot users write one blocks a bash call with Copilot's text; a
// postToolUse formatter reads toolArgs.path (Copilot's `create {path, file_text}`); an agentStop gate
// sends the agent back once with its reason as the next user message; a sessionStart hook's
// additionalContext reaches the model's first turn as written.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { callId, type RecordedRequest } from "./harness/fake-llm.js";
import { type Scenario, scenarios } from "./harness/scenario.js";

const run = scenarios();
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
const userTexts = (request: RecordedRequest) => JSON.stringify(request.body.messages.filter((message) => message.role === "user"));

describe("Copilot CLI hooks in real OpenCode", () => {
  it("a preToolUse guard blocks rm -rf with Copilot's text; a postToolUse formatter reads toolArgs.path", async () => {
    const deny = '{"permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}';
    const s = await run({
      settings: {},
      files: {
        "victim/keep.txt": "precious\n",
        ".github/hooks/guard.sh": `#!/bin/sh\ncase "$(jq -r '.toolArgs.command')" in *"rm -rf"*) echo '${deny}' ;; esac\n`,
        ".github/hooks/hooks.json": {
          version: 1,
          hooks: {
            preToolUse: [{ type: "command", bash: "sh .github/hooks/guard.sh", matcher: "bash" }],
            postToolUse: [{ type: "command", bash: `jq -r '.toolName + " " + .toolArgs.path' >> formatted.log`, matcher: "create|edit" }],
          },
        },
      },
      // Two tool calls with hooks: room for a loaded machine (the test's own timeout is below).
      timeoutMs: 280_000,
      script: [
        { tool: "bash", args: { command: "rm -rf victim", description: "clean" } },
        { tool: "write", args: { filePath: "hello.txt", content: "hi\n" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe("Denied by preToolUse hook: rm -rf is not allowed");
    expect(await readFile(s.project.file("formatted.log"), "utf8")).toBe(`create ${s.project.file("hello.txt")}\n`);
  }, 300_000);

  it("an agentStop gate sends the agent back once with its reason as the next message; sessionStart context reaches the first turn", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> stop-input.jsonl',
      'echo "$input" | jq -e .stop_hook_active >/dev/null && exit 0',
      `echo '{"decision":"block","reason":"Run the tests before you stop."}'`,
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".github/hooks/gate.sh": `${gate}\n`,
        ".github/hooks/turn.json": {
          version: 1,
          hooks: {
            agentStop: [{ type: "command", bash: "sh .github/hooks/gate.sh" }],
            sessionStart: [{ type: "command", bash: `echo '{"additionalContext":"Copilot says: branch main"}'` }],
          },
        },
      },
      timeoutMs: 280_000,
      script: [{ text: "first answer" }, { text: "tests pass" }],
    });
    const requests = agentRequests(s);
    expect(requests).toHaveLength(2);
    expect(userTexts(requests[0]!)).toContain("Copilot says: branch main");
    expect(userTexts(requests[0]!)).not.toContain("<system-reminder>\\nCopilot says");
    const last = requests[1]!.body.messages.findLast((message) => message.role === "user");
    expect(JSON.stringify(last?.content)).toContain("Run the tests before you stop.");
    expect(JSON.stringify(last?.content)).not.toContain("Stop hook feedback");
    const inputs = (await readFile(s.project.file("stop-input.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    expect(inputs[0]).toMatchObject({ sessionId: expect.any(String), cwd: s.project.dir, stopReason: "end_turn", transcriptPath: expect.any(String) });
  }, 300_000);
});
