// async and asyncRewake hooks in the real OpenCode binary: the tool call never waits for them, an
// async hook's context reaches the model's next request after the latest messages, and an
// asyncRewake exit 2 wakes a session that is already idle with a new turn
// (https://code.claude.com/docs/en/hooks#async-hooks).
import { expect, it } from "vitest";
import { callId, type RecordedRequest } from "./harness/fake-llm.js";
import { command, type Scenario, scenarios } from "./harness/scenario.js";

const run = scenarios();
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
const everything = (request: RecordedRequest) => JSON.stringify(request.body.messages);

it("an async PostToolUse hook's additionalContext reaches the model's next request after the latest messages, not the one already on its way nor the prompt", async () => {
  const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "lint: 2 warnings in a.ts" } });
  // The hook answers only once the second call has started, so after the request that follows the
  // first call went out, however slow the machine; the second call waits (up to 15 s) for the answer.
  // (OpenCode's bash tool runs in the project folder, without the hooks' CLAUDE_PROJECT_DIR.) `if`
  // keeps it to the first call: one context, about that call.
  const wait = (file: string) => `for i in $(seq 150); do [ -f "${file}" ] && break; sleep 0.1; done`;
  const s = await run({
    settings: {
      hooks: {
        PostToolUse: [
          {
            matcher: "Bash",
            hooks: [
              command(`${wait("$CLAUDE_PROJECT_DIR/second-started")}; echo '${context}'; touch "$CLAUDE_PROJECT_DIR/hook-done"`, {
                async: true,
                if: "Bash(echo *)",
              }),
            ],
          },
        ],
      },
    },
    script: [
      { tool: "bash", args: { command: "echo one", description: "one" } },
      { tool: "bash", args: { command: `touch second-started; ${wait("hook-done")}; sleep 1`, description: "wait" } },
      { text: "done" },
    ],
  });
  const requests = agentRequests(s);
  expect(requests).toHaveLength(3);
  expect(everything(requests[1]!)).not.toContain("lint: 2 warnings"); // the tool call did not wait for it
  expect(everything(requests[2]!)).toContain("PostToolUse hook additional context: lint: 2 warnings in a.ts");
  // After the result of the call it concerns and everything since, in a user message of its own.
  const messages = requests[2]!.body.messages;
  const at = messages.findIndex((message) => JSON.stringify(message).includes("lint: 2 warnings"));
  expect(at).toBeGreaterThan(messages.findIndex((message) => message.role === "tool" && message.tool_call_id === callId(0, 0)));
  expect(at).toBe(messages.length - 1);
  expect(messages[at]!.role).toBe("user");
  // The history before it is what the previous request sent, byte for byte (a provider's prompt cache
  // still hits); above all the prompt, the same in every request of the turn.
  expect(JSON.stringify(messages.slice(0, requests[1]!.body.messages.length))).toBe(JSON.stringify(requests[1]!.body.messages));
  const prompt = (request: RecordedRequest) => JSON.stringify(request.body.messages.find((message) => message.role === "user"));
  expect(requests.map(prompt)).toEqual(requests.map(() => prompt(requests[0]!)));
});

it("an asyncRewake hook that exits 2 after the turn ended wakes the idle session with its stderr", async () => {
  // The rewake hook answers only once the turn has ended (the Stop hook's mark), however slow the machine.
  const afterStop = `for i in $(seq 150); do [ -f "$CLAUDE_PROJECT_DIR/stopped" ] && break; sleep 0.1; done; sleep 0.5; echo 'the test suite broke' >&2; exit 2`;
  const s = await run({
    settings: {
      hooks: {
        PostToolUse: [{ matcher: "Bash", hooks: [command(afterStop, { asyncRewake: true })] }],
        Stop: [{ hooks: [command('touch "$CLAUDE_PROJECT_DIR/stopped"')] }],
      },
    },
    script: [{ tool: "bash", args: { command: "echo one", description: "one" } }, { text: "done" }, { text: "fixing it" }],
    serve: { client: "api", settled: (llm) => llm.requests.filter((request) => request.kind === "agent").length >= 3 },
    timeoutMs: 40_000,
  });
  const requests = agentRequests(s);
  expect(requests).toHaveLength(3);
  expect(everything(requests[1]!)).not.toContain("the test suite broke");
  expect(everything(requests[2]!)).toContain("the test suite broke");
});
