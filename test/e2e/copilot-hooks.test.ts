// Copilot CLI hooks (.github/hooks/*.json) in the real OpenCode binary, with Copilot's contract: a
// preToolUse guard written as Copilot users write one blocks a bash call with Copilot's text; a
// postToolUse formatter reads toolArgs.path (Copilot's `create {path, file_text}`); an agentStop gate
// sends the agent back once with its reason as the next user message; a sessionStart hook's
// additionalContext reaches the model's first turn as written; a permissionRequest hook answers a real
// prompt; a postToolUseFailure hook sees a failed read as `view {path}`; a subagentStop gate sends a
// subagent back, then rewrites its answer (modifiedResponse).
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

  it("a Copilot permissionRequest hook answers a real prompt: allow runs the call, deny tells the model its message", async () => {
    const policy = [
      "#!/bin/sh",
      "input=$(cat)",
      "printf '%s\\n' \"$input\" >> asked.jsonl",
      'case "$(printf \'%s\' "$input" | jq -r .toolInput.command)" in',
      `  *allowed*) echo '{"behavior":"allow"}' ;;`,
      `  *) echo '{"behavior":"deny","message":"not on the allow list"}' ;;`,
      "esac",
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".github/hooks/policy.sh": `${policy}\n`,
        ".github/hooks/policy.json": { version: 1, hooks: { permissionRequest: [{ type: "command", bash: "sh .github/hooks/policy.sh", matcher: "bash" }] } },
      },
      env: { SHELL: "/bin/sh" },
      opencode: () => ({ permission: { "*": "allow", bash: "ask" } }),
      timeoutMs: 280_000,
      script: [
        { tool: "bash", args: { command: "echo allowed > a.txt", description: "write a" } },
        { tool: "bash", args: { command: "echo denied > b.txt", description: "write b" } },
        { text: "done" },
      ],
    });
    expect(await readFile(s.project.file("a.txt"), "utf8")).toBe("allowed\n");
    expect(existsSync(s.project.file("b.txt"))).toBe(false);
    expect(s.toolResult(callId(1, 0))).toContain("not on the allow list");
    const asked = (await readFile(s.project.file("asked.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(asked[0]).toMatchObject({ hookName: "permissionRequest", toolName: "bash", toolInput: { command: "echo allowed > a.txt" } });
    expect(asked[0]!.toolInput).not.toHaveProperty("description");
  }, 300_000);

  it("postToolUseFailure fires for a failed tool in Copilot's names, its additionalContext reaches the model; a non-zero bash exit is a postToolUse success", async () => {
    const s = await run({
      settings: {},
      files: {
        ".github/hooks/fail.json": {
          version: 1,
          hooks: {
            postToolUseFailure: [{ type: "command", bash: `tee -a failures.jsonl | jq -c '{additionalContext: ("create " + .toolArgs.path + " first")}'` }],
            postToolUse: [{ type: "command", bash: "jq -r .toolArgs.command >> post.log", matcher: "bash" }],
          },
        },
      },
      timeoutMs: 280_000,
      script: [
        { tool: "read", args: { filePath: "missing.txt" } },
        { tool: "bash", args: { command: "echo partial; exit 3", description: "fail" } },
        { text: "done" },
      ],
    });
    const failures = (await readFile(s.project.file("failures.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ toolName: "view", toolArgs: { path: s.project.file("missing.txt") }, error: expect.any(String) });
    expect(s.toolResult(callId(0, 0))).toContain(`create ${s.project.file("missing.txt")} first`);
    expect(await readFile(s.project.file("post.log"), "utf8")).toBe("echo partial; exit 3\n");
  }, 300_000);

  it("a subagentStop gate sends the subagent back with its reason; then its modifiedResponse is the answer the parent reads", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> subagent-stop.jsonl',
      "[ -f checked ] && { printf '%s' \"$input\" | jq -c '{modifiedResponse: (.response + \" (reviewed)\")}'; exit 0; }",
      "touch checked",
      `echo '{"decision":"block","reason":"Run the checks first."}'`,
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".github/hooks/gate.sh": `${gate}\n`,
        ".github/hooks/sub.json": { version: 1, hooks: { subagentStop: [{ type: "command", bash: "sh .github/hooks/gate.sh" }] } },
      },
      timeoutMs: 280_000,
      script: [{ tool: "task", args: { description: "check things", prompt: "SUBTASK: check the things", subagent_type: "general" } }, { text: "main done" }],
      subagentScripts: { "SUBTASK:": [{ text: "sub first answer" }, { text: "sub checked answer" }] },
    });
    const stops = (await readFile(s.project.file("subagent-stop.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(stops.map((input) => input.response)).toEqual(["sub first answer", "sub checked answer"]);
    expect(stops[0]).toMatchObject({ agentName: "general", stopReason: "end_turn", agentId: expect.any(String) });
    expect(s.toolResult(callId(0, 0))).toContain("sub checked answer (reviewed)");
    const childRequests = agentRequests(s).filter((request) => userTexts(request).includes("SUBTASK:"));
    const last = childRequests.at(-1)!.body.messages.findLast((message) => message.role === "user");
    expect(JSON.stringify(last?.content)).toContain("Run the checks first.");
    expect(JSON.stringify(last?.content)).not.toContain("SubagentStop hook feedback");
  }, 300_000);
});
