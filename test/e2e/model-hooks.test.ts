// `prompt` and `agent` hooks in the real OpenCode binary: evaluated by OpenCode's own model (the
// fake provider here) in a session of their own, with no tools (prompt) or read-only tools (agent),
// their {ok, reason} answer applied as Claude applies it.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "./harness/fake-llm.js";
import { type Scenario, scenarios } from "./harness/scenario.js";

const run = scenarios();
const judgeRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "judge");
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
const text = (request: RecordedRequest, role: string) =>
  request.body.messages
    .filter((message) => message.role === role)
    .map((message) => (typeof message.content === "string" ? message.content : JSON.stringify(message.content)))
    .join("\n");
const toolNames = (request: RecordedRequest) =>
  (request.body.tools ?? []).map((tool) => (tool as { function?: { name?: string } }).function?.name ?? "").sort();

describe("prompt hooks", () => {
  it("a Stop prompt hook that answers ok:false once sends the agent back with its reason, then ok:true lets it stop", async () => {
    const s = await run({
      settings: { hooks: { Stop: [{ hooks: [{ type: "prompt", prompt: "Did the agent run the tests? $ARGUMENTS" }] }] } },
      script: [{ text: "first answer" }, { text: "ran the tests" }],
      judge: ({ index }) => ({ text: index === 0 ? '{"ok": false, "reason": "the tests were not run"}' : '```json\n{"ok": true}\n```' }),
    });
    const judged = judgeRequests(s);
    expect(judged).toHaveLength(2);
    // Its own request, with no tools, and the hook input as $ARGUMENTS.
    expect(judged.map(toolNames)).toEqual([[], []]);
    expect(text(judged[0]!, "user")).toContain("Did the agent run the tests? {");
    expect(text(judged[0]!, "user")).toContain('"last_assistant_message":"first answer"');
    expect(text(judged[1]!, "user")).toContain('"stop_hook_active":true');
    const turns = agentRequests(s);
    expect(turns).toHaveLength(2);
    expect(text(turns[1]!, "user")).toContain("the tests were not run");
    // The evaluations are not turns of the judged session.
    expect(text(turns[1]!, "user")).not.toContain("hooks2opencode hook evaluation");
  });

  it("a PreToolUse prompt hook's ok:false denies the call and ends the turn; with continueOnBlock the model gets the reason", async () => {
    const settings = (extra: object) => ({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this command safe? $ARGUMENTS", ...extra }] }] },
    });
    const script = [{ tool: "bash", args: { command: "echo hi > out.txt", description: "write" } }, { text: "ok" }];
    const judge = () => ({ text: '{"ok": false, "reason": "no writes from the shell"}' });
    const ends = await run({ settings: settings({}), script, judge });
    expect(existsSync(ends.project.file("out.txt"))).toBe(false);
    expect(text(judgeRequests(ends)[0]!, "user")).toContain('"tool_name":"Bash"');
    expect(agentRequests(ends)).toHaveLength(1); // Claude: the turn ends
    // Ended by aborting the session (README): `opencode run` reports the abort and exits 1.
    expect(ends.run.exitCode).toBe(1);
    expect(`${ends.run.stdout}\n${ends.run.stderr}`).toContain("MessageAbortedError");
    const goesOn = await run({ settings: settings({ continueOnBlock: true }), script, judge });
    expect(existsSync(goesOn.project.file("out.txt"))).toBe(false);
    expect(goesOn.toolResult("call_0_0")).toContain("no writes from the shell");
    expect(agentRequests(goesOn)).toHaveLength(2);
  });
});

describe("agent hooks", () => {
  it("an agent hook reads a file with a read-only tool before it answers", async () => {
    const s = await run({
      files: { "STATUS.md": "release checklist: done\n" },
      settings: { hooks: { Stop: [{ hooks: [{ type: "agent", prompt: "Read STATUS.md; is the release checklist done?" }] }] } },
      script: [{ text: "all done" }],
      judge: ({ step, body }) => {
        if (step === 0) return { tool: "read", args: { filePath: "STATUS.md" } };
        const read = body.messages.filter((message) => message.role === "tool").map((message) => JSON.stringify(message.content));
        return { text: read.some((content) => content.includes("checklist: done")) ? '{"ok": true}' : '{"ok": false, "reason": "not read"}' };
      },
    });
    const judged = judgeRequests(s);
    expect(judged.length).toBeGreaterThanOrEqual(2);
    expect(toolNames(judged[0]!)).toEqual(["glob", "grep", "read"]);
    expect(agentRequests(s)).toHaveLength(1); // ok:true: no second turn
  });
});

describe("agent hook turn limit", () => {
  it("an agent hook that never answers ends at its turn limit, a non-blocking error: the agent stops as it would", async () => {
    const s = await run({
      files: { "a.txt": "a\n" },
      settings: { hooks: { Stop: [{ hooks: [{ type: "agent", prompt: "Keep reading." }] }] } },
      env: { HOOKS2OPENCODE_AGENT_HOOK_TURNS: "3" },
      script: [{ text: "all done" }],
      judge: () => ({ tool: "read", args: { filePath: "a.txt" } }),
    });
    expect(judgeRequests(s)).toHaveLength(3);
    expect(agentRequests(s)).toHaveLength(1);
    expect(readFileSync(s.project.file(".e2e-run/hooks2opencode.log"), "utf8")).toContain("used its 3 turns without answering");
  });
});
