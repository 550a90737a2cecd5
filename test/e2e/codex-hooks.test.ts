// Codex CLI hooks (.codex/hooks.json) in the real OpenCode binary, with Codex's contract: a guard
// written as Codex users write one blocks a bash call with Codex's text, and a PostToolUse hook reads
// tool_input.command (Codex's Bash {command}) and tool_response as text; a PermissionRequest hook
// answers OpenCode's prompt; an mcp_tool hook calls OpenCode's MCP server.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";
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

  it("a Codex Stop gate sends the agent back with Codex's <hook_prompt> message; SessionStart and UserPromptSubmit context reach the model unwrapped", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> stop-input.jsonl',
      "[ -f tests-pass ] && exit 0",
      "touch tests-pass",
      'printf \'%s\' \'{"decision":"block","reason":"2 tests fail & need <fixing>"}\'',
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".codex/hooks/gate.sh": `${gate}\n`,
        ".codex/hooks.json": {
          hooks: {
            SessionStart: [{ matcher: "startup", hooks: [command("echo 'Codex session note: branch main'")] }],
            UserPromptSubmit: [{ hooks: [command(`jq -r '"Codex prompt seen: " + .prompt'`)] }],
            Stop: [{ hooks: [command("sh .codex/hooks/gate.sh")] }],
          },
        },
      },
      env: { SHELL: "/bin/sh" },
      timeoutMs: 280_000,
      script: [{ text: "first answer" }, { text: "fixed it" }],
    });
    const agent = s.llm.requests.filter((request) => request.kind === "agent");
    expect(agent).toHaveLength(2);
    const firstUser = JSON.stringify(agent[0]!.body.messages.filter((message) => message.role === "user"));
    expect(firstUser).toContain("Codex session note: branch main");
    expect(firstUser).toContain("Codex prompt seen: run the scripted steps");
    expect(firstUser).not.toContain("SessionStart:startup hook success");
    const lastUser = agent[1]!.body.messages.findLast((message) => message.role === "user");
    expect(JSON.stringify(lastUser?.content)).toContain(
      '<hook_prompt hook_run_id=\\"stop:0:.codex/hooks.json\\">2 tests fail &amp; need &lt;fixing&gt;</hook_prompt>',
    );
    const inputs = (await readFile(s.project.file("stop-input.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    expect(inputs[0]).toMatchObject({ hook_event_name: "Stop", last_assistant_message: "first answer" });
    expect(inputs[0]).toHaveProperty("turn_id");
  }, 300_000);

  it("a Codex PermissionRequest hook answers a real prompt (allow runs the call, deny tells the model why); PostToolUse context is a message of its own", async () => {
    const policy = [
      "#!/bin/sh",
      "input=$(cat)",
      "printf '%s\\n' \"$input\" >> asked.jsonl",
      'case "$(printf \'%s\' "$input" | jq -r .tool_input.command)" in',
      `  *allowed*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' ;;`,
      `  *) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not on the allow list"}}}' ;;`,
      "esac",
    ].join("\n");
    const note = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Codex note: the file is new" } });
    const s = await run({
      settings: {},
      files: {
        ".codex/hooks/policy.sh": `${policy}\n`,
        ".codex/hooks.json": {
          hooks: {
            PermissionRequest: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/policy.sh")] }],
            PostToolUse: [{ matcher: "Bash", hooks: [command(`echo '${note}'`)] }],
          },
        },
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
    expect(asked[0]).toMatchObject({
      hook_event_name: "PermissionRequest",
      tool_name: "Bash",
      tool_input: { command: "echo allowed > a.txt", description: "write a" },
    });
    expect(asked[0]).not.toHaveProperty("tool_use_id");
    // The context is not in the tool result: it follows it, a message of its own, as written.
    expect(s.toolResult(callId(0, 0))).not.toContain("Codex note");
    const second = s.llm.requests.filter((request) => request.kind === "agent")[1]!;
    const after = second.body.messages.slice(second.body.messages.findIndex((message) => message.role === "tool") + 1);
    expect(after.map((message) => [message.role, JSON.stringify(message.content)])).toEqual([["user", expect.stringContaining("Codex note: the file is new")]]);
  }, 300_000);

  it("a Codex mcp_tool PostToolUse hook calls OpenCode's MCP server with Codex's placeholder filled; the tool's text is read as Codex reads stdout", async () => {
    const s = await run({
      settings: {},
      files: {
        ".codex/hooks.json": {
          hooks: {
            PostToolUse: [{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "memory", tool: "remember", input: { fact: "ran ${tool_input.command}" } }] }],
          },
        },
      },
      opencode: (dir) => ({
        mcp: {
          memory: {
            type: "local",
            command: ["node", path.join(REPO_ROOT, "test/e2e/fixtures/mcp-memory-server.mjs")],
            environment: { MEMORY_FILE: path.join(dir, "hook-memory.txt") },
          },
        },
      }),
      timeoutMs: 280_000,
      script: [{ tool: "bash", args: { command: "echo hi", description: "greet" } }, { text: "done" }],
    });
    expect(await readFile(s.project.file("hook-memory.txt"), "utf8")).toBe("ran echo hi\n");
    // "stored: ..." is plain text on exit 0: Codex ignores it on PostToolUse.
    expect(s.toolResult(callId(0, 0))).not.toContain("stored:");
  }, 300_000);
});
