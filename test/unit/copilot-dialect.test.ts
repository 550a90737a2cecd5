// The Copilot CLI dialect as tables, from Copilot's own documented examples
// (https://docs.github.com/en/copilot/reference/hooks-reference) and the runs the docs report: its two
// matcher rules, its files and their strictness, the two payloads its event spelling chooses, the
// output it reads (progress lines, fail-closed preToolUse), its tool table both ways, and its merges.
import { describe, expect, it } from "vitest";
import { compileClaudeFormatMatcher, compileNativeMatcher } from "../../schema/dialects/copilot/copilot-matcher.js";
import { copilotTimeout } from "../../schema/dialects/copilot/events.js";
import { readCopilotHooks } from "../../schema/dialects/copilot/read-copilot-hooks.js";
import type { AgentText } from "../../schema/dialects/agent-hooks.js";
import { COPILOT, copilotSpawned } from "../../plugin/dialects/copilot/copilot-dialect.js";
import { copilotInput } from "../../plugin/dialects/copilot/copilot-input.js";
import { copilotOutput, decodeCopilotResult } from "../../plugin/dialects/copilot/copilot-output.js";
import { copilotCalls, copilotPermissionCalls, copilotResultText } from "../../plugin/dialects/copilot/copilot-tools.js";
import {
  COPILOT_EVENTS,
  decideCopilotContext,
  decideCopilotFailure,
  decideCopilotPermissionRequest,
  decideCopilotPostToolUse,
  decideCopilotPreToolUse,
  decideCopilotStop,
} from "../../plugin/decide/copilot-decisions.js";
import { toOpencodeArgs } from "../../plugin/tools/table.js";
import { spawnCommand } from "../../plugin/run/spawn-command.js";
import type { HandlerRun } from "../../plugin/run/run-handlers.js";
import type { HookResult, ProcessOutcome } from "../../plugin/protocol/decode-result.js";
import { mkdtempSync, mkdirSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

describe("matchers", () => {
  // Native (camelCase events): ^(?:P)$ against the runtime name; the docs' runs: `bash` and `ba.*` matched bash, `Bash` and `ba` did not.
  it.each([
    [undefined, "bash", true],
    ["bash", "bash", true],
    ["ba.*", "bash", true],
    ["Bash", "bash", false],
    ["ba", "bash", false],
    ["view|create", "view", true],
    ["view|create", "create", true],
    ["bash|edit", "glob", false],
    ["", "bash", false],
  ] as const)("native %j on %s: %s", (matcher, runtime, expected) => {
    const compiled = compileNativeMatcher(matcher);
    expect(compiled.ok && compiled.test({ runtime })).toBe(expected);
  });

  // Claude format (PascalCase PreToolUse / PermissionRequest).
  it.each([
    ["*", "glob", "Glob", true],
    ["**", "bash", "Bash", true],
    ["", "view", "Read", true],
    ["Bash", "bash", "Bash", true],
    ["bash", "bash", "Bash", true],
    ["Edit|Write", "create", "Write", true],
    ["Edit|Write", "view", "Read", false],
    ["Task", "task", "Agent", true],
    ["Agent", "task", "Agent", true],
    ["B.*", "bash", "Bash", true],
    ["b.*", "bash", "Bash", false], // a regex tests the Claude name
    ["Edi", "edit", "Edit", false],
  ] as const)("Claude format %j on %s/%s: %s", (matcher, runtime, claude, expected) => {
    const compiled = compileClaudeFormatMatcher(matcher);
    expect(compiled.ok && compiled.test({ runtime, claude })).toBe(expected);
  });

  it("a regex that does not compile is an error (Copilot skips the hook)", () => {
    expect(compileNativeMatcher("(").ok).toBe(false);
    expect(compileClaudeFormatMatcher("[").ok).toBe(false);
  });

  it("the dialect reads the spelling: camelCase tests the runtime name, PascalCase PreToolUse both names of the call", () => {
    const test = (event: string, matcher: string, value: string) => {
      const compiled = COPILOT.compileMatcher(event, matcher);
      return compiled.ok && compiled.matcher.test(value);
    };
    const [edit] = copilotCalls("edit", { filePath: "/p/a.ts", oldString: "a", newString: "b" }, "/p", true);
    const value = COPILOT.matchValue!("PreToolUse", "Edit", edit);
    expect([test("PreToolUse", "edit", value!), test("PreToolUse", "Edit", value!), test("PreToolUse", "apply_patch", value!)]).toEqual([true, true, false]);
    expect([test("preToolUse", "edit", "edit"), test("preToolUse", "Edit", "edit")]).toEqual([true, false]);
    // sessionStart has no matcher, and Copilot starts no session on a compaction.
    expect([test("sessionStart", "nothing", "startup"), test("SessionStart", "", "compact")]).toEqual([true, false]);
    expect(test("agentStop", "^x$", "anything")).toBe(true);
    // notification: of OpenCode's, only a permission prompt is Copilot's; its matcher reads notification_type.
    expect([
      test("notification", "permission_.*", "permission_prompt"),
      test("notification", "", "idle_prompt"),
      test("notification", "shell_completed", "permission_prompt"),
    ]).toEqual([true, false, false]);
    // subagentStart matches the agent's own name; OpenCode's general (Copilot's general-purpose) emits none.
    const agent = (claude: string) => COPILOT.matchValue!("subagentStart", claude, undefined)!;
    expect([
      test("subagentStart", "explore", agent("Explore")),
      test("subagentStart", "Explore", agent("Explore")),
      test("subagentStart", ".*", agent("general-purpose")),
    ]).toEqual([true, false, false]);
    const unmatched = COPILOT.compileMatcher("Notification", undefined);
    expect(unmatched.ok && unmatched.matcher.test("idle_prompt")).toBe(false);
    // PascalCase PostToolUse keeps the native rule (Claude's format is PreToolUse's and PermissionRequest's).
    const [write] = copilotCalls("write", { filePath: "/p/a", content: "" }, "/p", true);
    const written = COPILOT.matchValue!("PostToolUse", "Write", write)!;
    expect([test("PostToolUse", "create", written), test("PostToolUse", "Write", written)]).toEqual([true, false]);
  });
});

describe("files", () => {
  const file = (display: string, text: unknown, format = "hooks-file", layer: AgentText["layer"] = "project"): AgentText => ({
    display,
    layer,
    format,
    text: typeof text === "string" ? text : JSON.stringify(text, null, 2),
  });

  it("reads flat entries and Claude's nested groups; bash over command; exec quoted; timeoutSec over timeout; located", () => {
    const read = readCopilotHooks([
      file(".github/hooks/guard.json", {
        version: 1,
        hooks: {
          preToolUse: [
            {
              type: "command",
              bash: "./check.sh",
              powershell: "./check.ps1",
              cwd: "scripts",
              env: { K: "V" },
              timeoutSec: 10,
              timeout: 99,
              matcher: "bash|edit",
            },
          ],
          PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "fmt.sh", timeout: 5 }] }],
          agentStop: [{ exec: "node", args: ["gate.js", "a b"] }],
        },
      }),
    ]);
    expect(read.diagnostics).toEqual([]);
    expect(read.hooks.map((hook) => [hook.event, hook.matcher, hook.command, hook.timeout, hook.where])).toEqual([
      ["preToolUse", "bash|edit", "./check.sh", 10, ".github/hooks/guard.json:5:7"],
      ["PostToolUse", "Edit|Write", "fmt.sh", 5, ".github/hooks/guard.json:22:11"],
      ["agentStop", undefined, "node gate.js 'a b'", undefined, ".github/hooks/guard.json:31:7"],
    ]);
    expect(read.hooks[0]!.options).toEqual({ cwd: "scripts", env: { K: "V" }, hookDir: ".github/hooks" });
  });

  it("a malformed item of a hooks file is dropped alone; in settings it rejects the whole hooks field", () => {
    const hooks = { hooks: { preToolUse: [{ bash: "ok.sh" }, { bash: 1 }] } };
    const lenient = readCopilotHooks([file(".github/hooks/a.json", hooks)]);
    expect(lenient.hooks.map((hook) => hook.command)).toEqual(["ok.sh"]);
    expect(lenient.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([".github/hooks/a.json:7:7 copilot-invalid-hook"]);
    const strict = readCopilotHooks([file(".github/copilot/settings.json", hooks, "settings")]);
    expect(strict.hooks).toEqual([]);
    expect(strict.diagnostics[0]!.message).toContain("rejects every hook");
  });

  it("structural errors skip the file: invalid JSON, a bad version, an event that is not a list; an unknown event is named", () => {
    const read = readCopilotHooks([
      file(".github/hooks/a.json", "{ nope"),
      file(".github/hooks/b.json", { version: 2, hooks: { preToolUse: [{ bash: "x" }] } }),
      file(".github/hooks/c.json", { hooks: { preToolUse: { bash: "x" } } }),
      file(".github/hooks/d.json", { hooks: { preToolUsed: [{ bash: "x" }], sessionEnd: [{ bash: "bye.sh" }] } }),
    ]);
    expect(read.hooks.map((hook) => hook.command)).toEqual(["bye.sh"]);
    expect(read.diagnostics.map((d) => d.code)).toEqual(["copilot-json-syntax", "copilot-hooks-shape", "copilot-hooks-shape", "copilot-unknown-event"]);
    expect(read.diagnostics[3]!.message).toContain('did you mean "preToolUse"');
  });

  it("disableAllHooks skips its own file; at the top of the repository's settings.json, every hook", () => {
    const own = readCopilotHooks([
      file(".github/hooks/a.json", { disableAllHooks: true, hooks: { preToolUse: [{ bash: "x" }] } }),
      file(".github/hooks/b.json", { hooks: { preToolUse: [{ bash: "y" }] } }),
    ]);
    expect([own.hooks.map((hook) => hook.command), own.disabledIn]).toEqual([["y"], undefined]);
    const all = readCopilotHooks([
      file(".github/hooks/b.json", { hooks: { preToolUse: [{ bash: "y" }] } }),
      file(".github/copilot/settings.json", { disableAllHooks: true }, "settings"),
    ]);
    expect(all.disabledIn).toBe(".github/copilot/settings.json");
  });

  it("an invalid matcher regex skips that hook, with a located warning", () => {
    const read = readCopilotHooks([file(".github/hooks/a.json", { hooks: { preToolUse: [{ bash: "x", matcher: "(" }, { bash: "y" }] } })]);
    expect(read.hooks.map((hook) => hook.command)).toEqual(["y"]);
    expect(read.diagnostics.map((d) => d.code)).toEqual(["copilot-invalid-matcher"]);
  });

  it("timeouts: seconds, 30 by default", () => {
    expect([copilotTimeout(undefined), copilotTimeout(5), copilotTimeout(120)]).toEqual([30, 5, 120]);
  });
});

describe("stdin", () => {
  const facts = { sessionID: "ses_1", transcriptPath: "/t/ses_1.jsonl", cwd: "/p", now: Date.UTC(2026, 0, 2, 3, 4, 5, 678) };
  const own = {
    tool_name: "bash",
    tool_input: { command: "ls", description: "list" },
    tool_use_id: "call_1",
    tool_response: "a\n<shellId: 0 completed with exit code 0>",
  };

  it("camelCase: sessionId, epoch-ms timestamp, cwd, then the event's fields, nothing of Claude's", () => {
    expect(copilotInput("preToolUse", facts, own)).toEqual({
      sessionId: "ses_1",
      timestamp: facts.now,
      cwd: "/p",
      toolName: "bash",
      toolArgs: { command: "ls", description: "list" },
    });
    expect(Object.keys(copilotInput("postToolUse", facts, own))).toEqual(["sessionId", "timestamp", "cwd", "toolName", "toolArgs", "toolResult"]);
    expect(copilotInput("postToolUse", facts, own).toolResult).toEqual({ resultType: "success", textResultForLlm: own.tool_response });
    expect(copilotInput("agentStop", facts, { stop_hook_active: true })).toEqual({
      sessionId: "ses_1",
      timestamp: facts.now,
      cwd: "/p",
      transcriptPath: "/t/ses_1.jsonl",
      stopReason: "end_turn",
      stop_hook_active: true,
    });
    expect(copilotInput("userPromptSubmitted", facts, { prompt: "hi" })).toMatchObject({ prompt: "hi" });
  });

  it("PascalCase: hook_event_name, session_id, ISO timestamp, cwd, then snake_case fields", () => {
    expect(copilotInput("PreToolUse", facts, { ...own, tool_name: "Bash" })).toEqual({
      hook_event_name: "PreToolUse",
      session_id: "ses_1",
      timestamp: "2026-01-02T03:04:05.678Z",
      cwd: "/p",
      tool_name: "Bash",
      tool_input: { command: "ls", description: "list" },
    });
    expect(copilotInput("PostToolUse", facts, own).tool_result).toEqual({ result_type: "success", text_result_for_llm: own.tool_response });
    expect(copilotInput("Stop", facts, { stop_hook_active: false })).toMatchObject({
      hook_event_name: "Stop",
      transcript_path: "/t/ses_1.jsonl",
      stop_reason: "end_turn",
    });
    expect(copilotInput("SessionStart", facts, { source: "clear" })).toMatchObject({ source: "new" });
    expect(copilotInput("sessionEnd", facts, { reason: "prompt_input_exit" })).toMatchObject({ reason: "user_exit" });
  });

  it("subagentStart names the agent as OpenCode does", () => {
    expect(copilotInput("subagentStart", facts, { agent_type: "Explore", agent_id: "ses_child" })).toEqual({
      sessionId: "ses_1",
      timestamp: facts.now,
      cwd: "/p",
      transcriptPath: "/t/ses_1.jsonl",
      agentName: "explore",
    });
  });

  it("notification and errorOccurred, in both spellings", () => {
    expect(copilotInput("notification", facts, { message: "Permission needed", notification_type: "permission_prompt" })).toEqual({
      sessionId: "ses_1",
      timestamp: facts.now,
      cwd: "/p",
      hook_event_name: "Notification",
      message: "Permission needed",
      notification_type: "permission_prompt",
    });
    expect(copilotInput("errorOccurred", facts, { error: "rate_limit", error_details: "429 Too Many Requests" })).toMatchObject({
      error: { message: "429 Too Many Requests", name: "rate_limit" },
      errorContext: "model_call",
      recoverable: false,
    });
    expect(copilotInput("ErrorOccurred", facts, { error: "rate_limit", error_details: "x" })).toMatchObject({
      hook_event_name: "ErrorOccurred",
      error_context: "model_call",
    });
  });
});

describe("output", () => {
  const exit = (exitCode: number, stdout = "", stderr = ""): ProcessOutcome => ({ exitCode, stdout, stderr });

  it("progress lines are removed; the rest is one JSON document; what does not parse is no output", () => {
    expect(copilotOutput('{"type": "progress", "message": "Checking..."}\n{"permissionDecision": "allow"}\n')).toEqual({ permissionDecision: "allow" });
    expect(copilotOutput('{"permissionDecision":\n  "deny", "permissionDecisionReason": "no"}')).toEqual({
      permissionDecision: "deny",
      permissionDecisionReason: "no",
    });
    expect(copilotOutput('{"permissionDecision": "allow"}\n{"permissionDecision": "deny"}')).toBeUndefined();
    expect(copilotOutput("not json")).toBeUndefined();
    expect(decodeCopilotResult("preToolUse", exit(0, "not json"))).toEqual({ status: "success" });
  });

  it.each<[string, string, ProcessOutcome, HookResult]>([
    [
      "exit 2 denies preToolUse, even over allow",
      "preToolUse",
      exit(2, '{"permissionDecision":"allow"}', "ignored"),
      { status: "blocking", stderr: "hook exited with code 2", json: { permissionDecision: "allow" } },
    ],
    ["exit 1 denies preToolUse (fail closed)", "PreToolUse", exit(1), { status: "blocking", stderr: "(hook errored)" }],
    ["a crash denies preToolUse", "preToolUse", { stdout: "", stderr: "", signal: "SIGKILL" }, { status: "blocking", stderr: "(hook errored)" }],
    ["a timeout fails open, even on preToolUse", "preToolUse", { stdout: "", stderr: "", timedOut: true }, { status: "cancelled" }],
    ["exit 1 elsewhere is logged", "postToolUse", exit(1), { status: "error", message: "hook exited with code 1" }],
    [
      "exit 2 elsewhere is a warning with stderr",
      "agentStop",
      exit(2, '{"decision":"block","reason":"x"}', "careful"),
      { status: "error", message: "hook exited with code 2: careful" },
    ],
    [
      "exit 0 uses the JSON",
      "agentStop",
      exit(0, '{"decision":"block","reason":"tests fail"}'),
      { status: "success", json: { decision: "block", reason: "tests fail" } },
    ],
  ])("%s", (_name, event, outcome, expected) => {
    expect(decodeCopilotResult(event, outcome)).toEqual(expected);
  });
});

describe("tools", () => {
  const rows: Array<[string, Record<string, unknown>, string, string, unknown]> = [
    ["bash", { command: "ls", description: "list", timeout: 5000 }, "bash", "Bash", { command: "ls", description: "list" }],
    ["read", { filePath: "src/a.ts", offset: 10, limit: 5 }, "view", "Read", { path: "/p/src/a.ts", view_range: [10, 14] }],
    ["read", { filePath: "/p/a.ts" }, "view", "Read", { path: "/p/a.ts" }],
    ["write", { filePath: "/p/a.ts", content: "x\n" }, "create", "Write", { path: "/p/a.ts", file_text: "x\n" }],
    ["edit", { filePath: "/p/a.ts", oldString: "a", newString: "b", replaceAll: true }, "edit", "Edit", { path: "/p/a.ts", old_str: "a", new_str: "b" }],
    ["apply_patch", { patchText: "*** Begin Patch\n*** End Patch" }, "apply_patch", "Edit", "*** Begin Patch\n*** End Patch"],
    ["glob", { pattern: "**/*.ts", path: "src" }, "glob", "Glob", { pattern: "**/*.ts", paths: "src" }],
    ["grep", { pattern: "TODO", path: "src", include: "*.ts" }, "grep", "Grep", { pattern: "TODO", paths: "src", glob: "*.ts" }],
    ["webfetch", { url: "https://example.com", format: "markdown" }, "web_fetch", "WebFetch", { url: "https://example.com" }],
    ["task", { description: "d", prompt: "p", subagent_type: "explore" }, "task", "Agent", { description: "d", prompt: "p", agent_type: "explore" }],
    [
      "todowrite",
      {
        todos: [
          { content: "a", status: "completed" },
          { content: "b", status: "pending" },
        ],
      },
      "update_todo",
      "TodoWrite",
      { todos: "- [x] a\n- [ ] b" },
    ],
  ];
  it.each(rows)("%s %j -> %s / %s %j", (tool, args, runtime, claude, copilotArgs) => {
    const [camel] = copilotCalls(tool, args, "/p", false);
    const [pascal] = copilotCalls(tool, args, "/p", true);
    expect([camel!.toolName, pascal!.toolName]).toEqual([runtime, claude]);
    expect(camel!.toolInput).toEqual(copilotArgs);
  });

  it("tools Copilot has none of fire no Copilot hook", () => {
    expect([
      copilotCalls("list", { path: "/p" }, "/p", false),
      copilotCalls("skill", { name: "x" }, "/p", true),
      copilotCalls("memory_create", {}, "/p", false),
    ]).toEqual([[], [], []]);
  });

  it("a rewrite in Copilot's shape goes back onto OpenCode's arguments, keeping what Copilot's shape does not carry", () => {
    const back = (tool: string, args: Record<string, unknown>, rewrite: Record<string, unknown>) =>
      toOpencodeArgs(copilotCalls(tool, args, "/p", false)[0]!.mapping, rewrite);
    expect(back("bash", { command: "rm -rf /", description: "d", timeout: 5 }, { command: "echo safe" })).toEqual({
      command: "echo safe",
      description: "d",
      timeout: 5,
    });
    expect(back("edit", { filePath: "/p/a", oldString: "a", newString: "b", replaceAll: true }, { path: "/p/b", old_str: "x", new_str: "y" })).toEqual({
      filePath: "/p/b",
      oldString: "x",
      newString: "y",
      replaceAll: true,
    });
    expect(back("read", { filePath: "/p/a" }, { path: "/p/a", view_range: [3, 7] })).toEqual({ filePath: "/p/a", offset: 3, limit: 5 });
    expect(back("write", { filePath: "/p/a", content: "x" }, { path: "/p/a", file_text: "y" })).toEqual({ filePath: "/p/a", content: "y" });
    expect(() => back("grep", { pattern: "x" }, { pattern: "x", paths: ["a", "b"] })).toThrow("several `paths`");
  });

  it("textResultForLlm: bash as Copilot's shell reports it, create's sentence, the text elsewhere", () => {
    const [bash] = copilotCalls("bash", { command: "echo hi" }, "/p", false);
    expect(copilotResultText(bash!, { output: "hi\n", metadata: { output: "hi\n", exit: 0 } })).toBe("hi\n<shellId: 0 completed with exit code 0>");
    const [write] = copilotCalls("write", { filePath: "/p/a.txt", content: "hello\n" }, "/p", false);
    expect(copilotResultText(write!, { output: "Wrote file successfully." })).toBe("Created file /p/a.txt with 6 characters");
  });
});

describe("merges", () => {
  const run = (result: HookResult, where = ".github/hooks/guard.json:3:7"): HandlerRun => ({
    handler: { label: "hook", where, timeoutMs: 30_000 } as HandlerRun["handler"],
    result,
  });
  const json = (value: Record<string, unknown>): HookResult => ({ status: "success", json: value });
  const [bash] = copilotCalls("bash", { command: "rm -rf /", description: "d" }, "/p", false);

  it("preToolUse: the first denial in order reaches the model in Copilot's words; a crash names the hook's file", () => {
    expect(
      decideCopilotPreToolUse(bash!, [
        run(json({ permissionDecision: "deny", permissionDecisionReason: "first" })),
        run({ status: "blocking", stderr: "hook exited with code 2" }),
      ]),
    ).toMatchObject({
      decision: "deny",
      denyMessages: ["Denied by preToolUse hook: first"],
    });
    expect(decideCopilotPreToolUse(bash!, [run({ status: "blocking", stderr: "hook exited with code 2" })]).denyMessages).toEqual([
      "Denied by preToolUse hook: hook exited with code 2",
    ]);
    expect(decideCopilotPreToolUse(bash!, [run({ status: "blocking", stderr: "(hook errored)" })]).denyMessages).toEqual([
      'Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)',
    ]);
  });

  it("preToolUse: Claude's nested output works too; top-level decision:block is ignored; modifiedArgs rewrites", () => {
    const nested = json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "nested" } });
    expect(decideCopilotPreToolUse(bash!, [run(nested)]).denyMessages).toEqual(["Denied by preToolUse hook: nested"]);
    expect(decideCopilotPreToolUse(bash!, [run(json({ decision: "block", reason: "ignored" }))])).toMatchObject({ denyMessages: [] });
    expect(decideCopilotPreToolUse(bash!, [run(json({ decision: "block", reason: "ignored" }))]).decision).toBeUndefined();
    expect(decideCopilotPreToolUse(bash!, [run(json({ permissionDecision: "allow", modifiedArgs: { command: "echo safe" } }))])).toMatchObject({
      decision: "allow",
      updatedInput: { command: "echo safe" },
    });
    expect(decideCopilotPreToolUse(bash!, [run(json({ permissionDecision: "ask", permissionDecisionReason: "sure?" }))])).toMatchObject({
      decision: "ask",
      reasons: ["sure?"],
    });
  });

  it("postToolUse: modifiedResult replaces; top-level additionalContext joins under Copilot's guidance line; nested context is ignored", () => {
    const decision = decideCopilotPostToolUse(bash!, [
      run(json({ additionalContext: "one" })),
      run(json({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ignored" } })),
      run(json({ additionalContext: "two", modifiedResult: { resultType: "success", textResultForLlm: "redacted" } })),
    ]);
    expect(decision.updatedToolOutput).toEqual({ value: "redacted" });
    expect(decision.feedback).toEqual(['Tool "bash" succeeded. Additional guidance from postToolUse hooks:\none\n\ntwo']);
    const [view] = copilotCalls("read", { filePath: "/p/a" }, "/p", true);
    expect(decideCopilotPostToolUse(view!, [run(json({ additionalContext: "x" }))]).feedback[0]).toMatch(/^Tool "view" succeeded/);
  });

  it("context events: top-level additionalContext, verbatim; the prompt's in Copilot's <system_reminder>", () => {
    expect(
      decideCopilotContext("sessionStart", [run(json({ additionalContext: "branch main" })), run(json({ hookSpecificOutput: { additionalContext: "no" } }))]),
    ).toMatchObject({
      context: ["branch main"],
      verbatim: true,
      blocks: [],
    });
    expect(decideCopilotContext("userPromptSubmitted", [run(json({ additionalContext: "be brief" }))]).context).toEqual([
      "<system_reminder>\nbe brief\n</system_reminder>",
    ]);
  });

  it("agentStop: a block sends the reason as the next user message, capped at 8; allow goes nowhere", () => {
    expect(decideCopilotStop([run(json({ decision: "block", reason: "Run the tests." }))])).toMatchObject({ prompt: "Run the tests.", cap: 8 });
    expect(decideCopilotStop([run(json({ decision: "allow" }))]).prompt).toBeUndefined();
  });

  it("subagentStop: a block sends the subagent back (cap 8); the last modifiedResponse is the parent's answer; agentStop reads none", () => {
    expect(decideCopilotStop([run(json({ decision: "block", reason: "Cite the files." }))], "subagentStop")).toMatchObject({
      prompt: "Cite the files.",
      cap: 8,
    });
    const rewritten = decideCopilotStop(
      [run(json({ modifiedResponse: "first" })), run(json({ decision: "allow", modifiedResponse: "second" }))],
      "subagentStop",
    );
    expect(rewritten).toMatchObject({ response: "second", blocks: [] });
    expect(decideCopilotStop([run(json({ modifiedResponse: "x" }))]).response).toBeUndefined();
    expect(Object.keys(COPILOT_EVENTS.subagentStop!)).toEqual(["SubagentStop"]);
    expect(COPILOT_EVENTS.SubagentStop).toBe(COPILOT_EVENTS.subagentStop);
  });

  it("subagentStop stdin: the subagent by OpenCode's name and its answer, in each spelling", () => {
    const facts = { sessionID: "s", transcriptPath: "/t", cwd: "/p", now: 0 };
    const own = { stop_hook_active: false, agent_id: "ses_child", agent_type: "Explore", agent_transcript_path: "/c", last_assistant_message: "found it" };
    expect(copilotInput("subagentStop", facts, own)).toEqual({
      sessionId: "s",
      timestamp: 0,
      cwd: "/p",
      transcriptPath: "/t",
      agentId: "ses_child",
      agentType: "explore",
      agentName: "explore",
      response: "found it",
      stopReason: "end_turn",
    });
    expect(copilotInput("SubagentStop", facts, own)).toMatchObject({
      hook_event_name: "SubagentStop",
      agent_id: "ses_child",
      agent_name: "explore",
      last_assistant_message: "found it",
      stop_reason: "end_turn",
    });
  });

  it("both spellings of each replayed event ride the same engine event", () => {
    expect(Object.keys(COPILOT_EVENTS.preToolUse!)).toEqual(["PreToolUse"]);
    expect(COPILOT_EVENTS.Stop).toBe(COPILOT_EVENTS.agentStop);
    expect(COPILOT_EVENTS.UserPromptSubmit).toBe(COPILOT_EVENTS.userPromptSubmitted);
    expect(Object.keys(COPILOT_EVENTS.permissionRequest!)).toEqual(["PermissionRequest"]);
    expect(COPILOT_EVENTS.PermissionRequest).toBe(COPILOT_EVENTS.permissionRequest);
    expect(Object.keys(COPILOT_EVENTS.errorOccurred!)).toEqual(["StopFailure"]);
  });
});

describe("permissionRequest", () => {
  // Permission-shaped toolInput: bash {command}; create/edit => toolName "edit" with {file_path, diff}; reads ask nothing.
  it.each([
    ["bash", { command: "rm -rf b", description: "clean" }, false, [{ toolName: "bash", toolInput: { command: "rm -rf b" } }]],
    ["bash", { command: "ls" }, true, [{ toolName: "Bash", toolInput: { command: "ls" } }]],
    [
      "write",
      { filePath: "a.txt", content: "x\ny\n" },
      false,
      [{ toolName: "edit", toolInput: { file_path: "/p/a.txt", diff: "--- /p/a.txt\n+++ /p/a.txt\n+x\n+y\n" } }],
    ],
    [
      "edit",
      { filePath: "/p/a.txt", oldString: "x", newString: "z" },
      true,
      [{ toolName: "Edit", toolInput: { file_path: "/p/a.txt", diff: "--- /p/a.txt\n+++ /p/a.txt\n-x\n+z\n" } }],
    ],
    [
      "apply_patch",
      { patchText: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" },
      false,
      [{ toolName: "edit", toolInput: { file_path: "/p/src/a.ts", diff: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" } }],
    ],
    ["read", { filePath: "/p/a.txt" }, false, []],
    ["grep", { pattern: "x" }, false, []],
    ["webfetch", { url: "https://example.com" }, false, [{ toolName: "web_fetch", toolInput: { url: "https://example.com" } }]],
  ])("%s %j (pascal %s) -> %j", (tool, args, pascal, expected) => {
    const calls = copilotPermissionCalls(tool, args, "/p", pascal).map(({ toolName, toolInput }) => ({ toolName, toolInput }));
    expect(calls).toEqual(expected);
  });

  it("the dialect hands permissionRequest the permission-shaped call and other events the tool's arguments", () => {
    const where = { event: "PermissionRequest" as const, claudeFires: true, directory: "/p", mcpServers: [] };
    expect(COPILOT.toolCalls("permissionRequest", "write", { filePath: "a", content: "" }, where)[0]!.toolName).toBe("edit");
    expect(COPILOT.toolCalls("preToolUse", "write", { filePath: "a", content: "" }, where)[0]!.toolName).toBe("create");
  });

  it("a PascalCase matcher `edit` or `Edit` and a native `edit` fire on a write's permission; `create` does not", () => {
    const [camel] = copilotPermissionCalls("write", { filePath: "a", content: "" }, "/p", false);
    const [pascal] = copilotPermissionCalls("write", { filePath: "a", content: "" }, "/p", true);
    const fires = (spelled: string, matcher: string, call: typeof camel) => {
      const compiled = COPILOT.compileMatcher(spelled, matcher);
      if (!compiled.ok) throw new Error("bad matcher");
      return compiled.matcher.test(COPILOT.matchValue!(spelled, call!.toolName, call)!);
    };
    expect(fires("permissionRequest", "edit", camel)).toBe(true);
    expect(fires("permissionRequest", "create", camel)).toBe(false);
    expect(fires("PermissionRequest", "edit", pascal)).toBe(true);
    expect(fires("PermissionRequest", "Edit", pascal)).toBe(true);
  });

  it("stdin: hookName, toolName, toolInput, permissionSuggestions (camelCase); snake_case under PermissionRequest", () => {
    const facts = { sessionID: "s", transcriptPath: "/t", cwd: "/p", now: 0 };
    const own = { tool_name: "bash", tool_input: { command: "ls" } };
    expect(copilotInput("permissionRequest", facts, own)).toEqual({
      sessionId: "s",
      timestamp: 0,
      cwd: "/p",
      hookName: "permissionRequest",
      toolName: "bash",
      toolInput: { command: "ls" },
      permissionSuggestions: [],
    });
    expect(copilotInput("PermissionRequest", facts, { ...own, tool_name: "Bash" })).toMatchObject({
      hook_event_name: "PermissionRequest",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      permission_suggestions: [],
    });
  });

  const run = (result: HookResult): HandlerRun => ({ handler: { label: "hook", where: "h.json:1:1", timeoutMs: 30_000 } as HandlerRun["handler"], result });
  const json = (value: Record<string, unknown>): HookResult => ({ status: "success", json: value });
  const exit = (code: number, stdout = ""): ProcessOutcome => ({ exitCode: code, stdout, stderr: "why", timedOut: false }) as ProcessOutcome;
  const [bash] = copilotCalls("bash", { command: "ls" }, "/p", false);

  it.each([
    ["no behavior: the prompt is left to the user", [json({ message: "x" })], undefined],
    ["allow", [json({ behavior: "allow" })], { behavior: "allow", message: "", interrupt: false, updatedPermissions: [] }],
    [
      "deny with message and interrupt",
      [json({ behavior: "deny", message: "no", interrupt: true })],
      { behavior: "deny", message: "no", interrupt: true, updatedPermissions: [] },
    ],
    [
      "deny without a message",
      [json({ behavior: "deny" })],
      { behavior: "deny", message: "Denied by permissionRequest hook", interrupt: false, updatedPermissions: [] },
    ],
    [
      "later wins: deny then allow",
      [json({ behavior: "deny", message: "no" }), json({ behavior: "allow" })],
      { behavior: "allow", message: "", interrupt: false, updatedPermissions: [] },
    ],
    [
      "later wins: allow then deny",
      [json({ behavior: "allow" }), json({ behavior: "deny", message: "no" })],
      { behavior: "deny", message: "no", interrupt: false, updatedPermissions: [] },
    ],
    [
      "a failed hook is ignored",
      [json({ behavior: "allow" }), run({ status: "error", message: "boom" }).result],
      { behavior: "allow", message: "", interrupt: false, updatedPermissions: [] },
    ],
  ])("%s", (_name, results, answer) => {
    expect(decideCopilotPermissionRequest(bash!, results.map(run)).answer).toEqual(answer);
  });

  it("exit 2 denies whatever stdout says, with stdout's message; stderr is not used; exit 1 is ignored", () => {
    const two = decodeCopilotResult("permissionRequest", exit(2, '{"behavior":"allow","message":"m"}'));
    expect(decideCopilotPermissionRequest(bash!, [run(two)]).answer).toMatchObject({ behavior: "deny", message: "m" });
    const bare = decodeCopilotResult("PermissionRequest", exit(2));
    expect(decideCopilotPermissionRequest(bash!, [run(bare)]).answer).toMatchObject({ behavior: "deny", message: "Denied by permissionRequest hook" });
    expect(decideCopilotPermissionRequest(bash!, [run(decodeCopilotResult("permissionRequest", exit(1, '{"behavior":"deny"}')))]).answer).toBeUndefined();
  });
});

describe("postToolUseFailure", () => {
  const run = (result: HookResult): HandlerRun => ({ handler: { label: "hook", where: "h.json:1:1", timeoutMs: 30_000 } as HandlerRun["handler"], result });
  const [view] = copilotCalls("read", { filePath: "/p/missing.txt" }, "/p", false);

  it("a tool error: the call in Copilot's names with `error`; snake_case under PostToolUseFailure", () => {
    const facts = { sessionID: "s", transcriptPath: "/t", cwd: "/p", now: 0 };
    const own = { tool_name: "view", tool_input: { path: "/p/missing.txt" }, tool_use_id: "c", error: "File not found", is_interrupt: false };
    expect(copilotInput("postToolUseFailure", facts, own)).toEqual({
      sessionId: "s",
      timestamp: 0,
      cwd: "/p",
      toolName: "view",
      toolArgs: { path: "/p/missing.txt" },
      error: "File not found",
    });
    expect(copilotInput("PostToolUseFailure", facts, { ...own, tool_name: "Read" })).toMatchObject({
      hook_event_name: "PostToolUseFailure",
      tool_name: "Read",
      tool_input: { path: "/p/missing.txt" },
      error: "File not found",
    });
  });

  it("no bash call for a command that exits non-zero (a success for Copilot); a shell tool error and other tools keep their call", () => {
    const where = { event: "PostToolUseFailure" as const, claudeFires: true, directory: "/p", mcpServers: [] };
    expect(COPILOT.toolCalls("postToolUseFailure", "bash", { command: "false" }, { ...where, nonZeroExit: true })).toEqual([]);
    expect(COPILOT.toolCalls("postToolUseFailure", "bash", { command: "sleep 99" }, where).map((call) => call.toolName)).toEqual(["bash"]);
    expect(COPILOT.toolCalls("PostToolUseFailure", "read", { filePath: "a" }, where).map((call) => call.toolName)).toEqual(["Read"]);
    expect(COPILOT.toolCalls("postToolUse", "bash", { command: "false" }, { ...where, event: "PostToolUse", claudeFires: false })).toHaveLength(1);
  });

  it("top-level additionalContext and exit 2's stdout reach the model; nested context and a failed hook do not", () => {
    const two = decodeCopilotResult("postToolUseFailure", { exitCode: 2, stdout: "retry with the right path\n", stderr: "not this" });
    expect(
      decideCopilotFailure(view!, [
        run({ status: "success", json: { additionalContext: "create it first" } }),
        run({ status: "success", json: { hookSpecificOutput: { additionalContext: "nested" } } }),
        run(two),
        run({ status: "error", message: "boom" }),
      ]).feedback,
    ).toEqual(["create it first", "retry with the right path"]);
    expect(Object.keys(COPILOT_EVENTS.postToolUseFailure!)).toEqual(["PostToolUseFailure"]);
  });
});

describe("environment and spawn", () => {
  it("COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR and COPILOT_CLI=1; Claude's own variables go", () => {
    const env = COPILOT.env({ CLAUDE_PROJECT_DIR: "/p", CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: "s", PATH: "/bin" });
    expect(env).toEqual({ CLAUDE_PROJECT_DIR: "/p", COPILOT_PROJECT_DIR: "/p", COPILOT_CLI: "1", PATH: "/bin" });
  });

  it("runs in the hook's cwd with its env (expanded) and COPILOT_HOOK_DIR, through a real shell", async () => {
    const project = realpathSync(mkdtempSync(path.join(tmpdir(), "copilot-spawn-")));
    mkdirSync(path.join(project, "scripts"));
    const handler = copilotSpawned(
      { type: "command", command: 'printf "%s|%s|%s|%s" "$PWD" "$GREETING" "$COPILOT_HOOK_DIR" "$(cat)"' },
      { cwd: "scripts", env: { GREETING: "hi $NAME" }, hookDir: ".github/hooks" },
    );
    const outcome = await spawnCommand({
      command: handler.command,
      args: handler.args!,
      stdin: "{}",
      cwd: project,
      env: { PATH: process.env.PATH ?? "", NAME: "you" },
      timeoutMs: 10_000,
    });
    expect(outcome.stdout).toBe(`${project}/scripts|hi you|${project}/.github/hooks|{}`);
  });
});
