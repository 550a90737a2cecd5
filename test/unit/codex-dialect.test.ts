// The Codex CLI dialect as tables, from Codex's own documented examples and sources: its matcher
// rule (codex-rs/hooks/src/events/common.rs tests, and the reference's runs), the output it accepts
// and refuses (engine/output_parser.rs, events/pre_tool_use.rs), the stdin it builds
// (schema.rs `*CommandInput`), its tool table, its merges, and its files.
import { describe, expect, it } from "vitest";
import { compileCodexMatcher } from "../../schema/dialects/codex/codex-matcher.js";
import { readCodexHooks } from "../../schema/dialects/codex/read-codex-hooks.js";
import { codexTimeout } from "../../schema/dialects/codex/events.js";
import { decodeCodexResult } from "../../plugin/dialects/codex/codex-output.js";
import { codexInput } from "../../plugin/dialects/codex/codex-input.js";
import { codexCalls, codexToolResponse } from "../../plugin/dialects/codex/codex-tools.js";
import { codexMcpArguments } from "../../plugin/dialects/codex/codex-mcp.js";
import { CODEX } from "../../plugin/dialects/codex/codex-dialect.js";
import {
  decideCodexContext,
  decideCodexPermissionRequest,
  decideCodexPostToolUse,
  decideCodexPreToolUse,
  decideCodexTurnEnd,
} from "../../plugin/decide/codex-decisions.js";
import { turnEndVerdict } from "../../plugin/decide/stop-decision.js";
import type { HandlerRun } from "../../plugin/run/run-handlers.js";
import type { HookResult } from "../../plugin/protocol/decode-result.js";

describe("matchers", () => {
  it.each([
    [undefined, "Bash", true],
    ["", "SessionStart", true],
    ["*", "Edit", true],
    ["Edit|Write", "Write", true],
    ["Edit|Write", "Bash", false],
    ["Bash", "BashOutput", false],
    ["Bash", "bash", false], // case-sensitive
    ["Ba", "Bash", false], // exact, not a prefix
    ["mcp__memory", "mcp__memory__create_entities", false],
    ["^Bash", "BashOutput", true], // a regex, unanchored
    ["^Bash$", "BashOutput", false],
    ["a.p", "apply_patch", true],
    ["mcp__.*__write.*", "mcp__filesystem__write_file", true],
    ["mcp__.*__write.*", "mcp__filesystem__read_file", false],
    ["Bash, apply_patch", "Bash", false], // comma and space make it a regex that matches nothing here
  ] as const)("%j on %s: %s", (matcher, value, expected) => {
    const compiled = compileCodexMatcher(matcher);
    expect(compiled.ok && compiled.test(value)).toBe(expected);
  });

  it("refuses what Rust's regex cannot compile (Codex drops the group)", () => {
    expect(compileCodexMatcher("[").ok).toBe(false);
    expect(compileCodexMatcher("(?!Bash).*").ok).toBe(false);
  });

  it("apply_patch answers to its aliases Edit and Write; events without a matcher field ignore it", () => {
    const test = (event: string, matcher: string, value: string) => {
      const compiled = CODEX.compileMatcher(event, matcher);
      return compiled.ok && compiled.matcher.test(value);
    };
    expect(test("PreToolUse", "Edit", "apply_patch")).toBe(true);
    expect(test("PostToolUse", "^Write$", "apply_patch")).toBe(true);
    expect(test("PreToolUse", "Edit", "Bash")).toBe(false);
    expect(test("Stop", "^done$", "anything")).toBe(true);
  });
});

describe("output decoding", () => {
  const exit0 = (stdout: string) => ({ exitCode: 0, stdout, stderr: "" });
  const pre = (specific: object, extra: object = {}) => JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...specific }, ...extra });
  it.each<[string, string, { exitCode?: number; stdout: string; stderr: string; timedOut?: boolean }, HookResult]>([
    [
      "deny with a reason",
      "PreToolUse",
      exit0(pre({ permissionDecision: "deny", permissionDecisionReason: "do not run that" })),
      { status: "success", json: JSON.parse(pre({ permissionDecision: "deny", permissionDecisionReason: "do not run that" })) },
    ],
    [
      "deny without a reason",
      "PreToolUse",
      exit0(pre({ permissionDecision: "deny" })),
      { status: "error", message: "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason" },
    ],
    [
      "allow alone",
      "PreToolUse",
      exit0(pre({ permissionDecision: "allow" })),
      { status: "error", message: "PreToolUse hook returned unsupported permissionDecision:allow" },
    ],
    [
      "ask",
      "PreToolUse",
      exit0(pre({ permissionDecision: "ask", permissionDecisionReason: "?" })),
      { status: "error", message: "PreToolUse hook returned unsupported permissionDecision:ask" },
    ],
    [
      "updatedInput without allow",
      "PreToolUse",
      exit0(pre({ updatedInput: { command: "x" } })),
      { status: "error", message: "PreToolUse hook returned updatedInput without permissionDecision:allow" },
    ],
    ["decision approve", "PreToolUse", exit0('{"decision":"approve"}'), { status: "error", message: "PreToolUse hook returned unsupported decision:approve" }],
    [
      "continue:false on PreToolUse",
      "PreToolUse",
      exit0('{"continue":false}'),
      { status: "error", message: "PreToolUse hook returned unsupported continue:false" },
    ],
    [
      "an unknown field",
      "PreToolUse",
      exit0('{"systemMessage":"hi","extra":1}'),
      { status: "error", message: "hook returned invalid pre-tool-use JSON output" },
    ],
    [
      "an unknown field in hookSpecificOutput",
      "PostToolUse",
      exit0('{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"x"}}'),
      { status: "error", message: "hook returned invalid post-tool-use JSON output" },
    ],
    ["a wrong type", "Stop", exit0('{"decision":"block","reason":3}'), { status: "error", message: "hook returned invalid stop hook JSON output" }],
    [
      "hookSpecificOutput without hookEventName",
      "SessionStart",
      exit0('{"hookSpecificOutput":{"additionalContext":"x"}}'),
      { status: "error", message: "hook returned invalid session start JSON output" },
    ],
    [
      "another event's hookSpecificOutput (no effect)",
      "PreToolUse",
      exit0('{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}'),
      { status: "success", json: {} },
    ],
    [
      "PostToolUse reason without decision",
      "PostToolUse",
      exit0('{"reason":"why"}'),
      { status: "error", message: "PostToolUse hook returned reason without decision" },
    ],
    [
      "PostToolUse suppressOutput",
      "PostToolUse",
      exit0('{"suppressOutput":true}'),
      { status: "error", message: "PostToolUse hook returned unsupported suppressOutput" },
    ],
    [
      "Stop block without reason",
      "Stop",
      exit0('{"decision":"block"}'),
      { status: "error", message: "Stop hook returned decision:block without a non-empty reason" },
    ],
    ["plain text on PreToolUse (ignored)", "PreToolUse", exit0("checked\n"), { status: "success" }],
    ["plain text on SessionStart (context)", "SessionStart", exit0("remember this\n"), { status: "success", text: "remember this" }],
    ["text that looks like JSON", "UserPromptSubmit", exit0("{oops"), { status: "error", message: "hook returned invalid user prompt submit JSON output" }],
    [
      "exit 2 with stderr, stdout allow ignored",
      "PreToolUse",
      { exitCode: 2, stdout: pre({ permissionDecision: "allow", updatedInput: {} }), stderr: "blocked\n" },
      { status: "blocking", stderr: "blocked" },
    ],
    [
      "exit 2 with empty stderr",
      "PreToolUse",
      { exitCode: 2, stdout: "", stderr: "  \n" },
      { status: "error", message: "PreToolUse hook exited with code 2 but did not write a blocking reason to stderr" },
    ],
    [
      "PermissionRequest exit 2 with empty stderr",
      "PermissionRequest",
      { exitCode: 2, stdout: "", stderr: "" },
      { status: "error", message: "PermissionRequest hook exited with code 2 but did not write a denial reason to stderr" },
    ],
    [
      "PermissionRequest allow",
      "PermissionRequest",
      exit0('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'),
      { status: "success", json: { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } } },
    ],
    [
      "PermissionRequest updatedPermissions",
      "PermissionRequest",
      exit0('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedPermissions":[]}}}'),
      { status: "error", message: "PermissionRequest hook returned unsupported updatedPermissions" },
    ],
    [
      "PermissionRequest interrupt:true",
      "PermissionRequest",
      exit0('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","interrupt":true}}}'),
      { status: "error", message: "PermissionRequest hook returned unsupported interrupt:true" },
    ],
    [
      "PermissionRequest an unknown decision field",
      "PermissionRequest",
      exit0('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","reason":"x"}}}'),
      { status: "error", message: "hook returned invalid permission-request JSON output" },
    ],
    ["exit 1", "PreToolUse", { exitCode: 1, stdout: "", stderr: "boom" }, { status: "error", message: "hook exited with code 1" }],
    ["timeout", "PreToolUse", { stdout: "", stderr: "", timedOut: true }, { status: "cancelled" }],
  ])("%s", (_name, event, outcome, expected) => {
    expect(decodeCodexResult(event, outcome)).toEqual(expected);
  });
});

describe("stdin", () => {
  const facts = { sessionID: "ses_1", turnID: "ses_1", transcriptPath: null, cwd: "/p", model: "gpt-5.5", permissionMode: "default" };
  it("PreToolUse: the common fields in Codex's order, then tool_name, tool_input, tool_use_id; nothing of Claude's extras", () => {
    const input = codexInput("PreToolUse", facts, {
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "call_1",
      mcp_server: { name: "x" },
      duration_ms: 3,
    });
    expect(Object.entries(input)).toEqual([
      ["session_id", "ses_1"],
      ["turn_id", "ses_1"],
      ["transcript_path", null],
      ["cwd", "/p"],
      ["hook_event_name", "PreToolUse"],
      ["model", "gpt-5.5"],
      ["permission_mode", "default"],
      ["tool_name", "Bash"],
      ["tool_input", { command: "ls" }],
      ["tool_use_id", "call_1"],
    ]);
  });

  it("SessionStart has no turn_id; SessionEnd has only the common four and reason; a subagent adds agent_id and agent_type", () => {
    expect(codexInput("SessionStart", facts, { source: "startup", model: "x" })).not.toHaveProperty("turn_id");
    expect(Object.keys(codexInput("SessionEnd", facts, { reason: "other" }))).toEqual(["session_id", "transcript_path", "cwd", "hook_event_name", "reason"]);
    expect(
      codexInput("Stop", { ...facts, subagent: { id: "ses_2", type: "explore" } }, { stop_hook_active: false, last_assistant_message: "done" }),
    ).toMatchObject({
      agent_id: "ses_2",
      agent_type: "explore",
      stop_hook_active: false,
      last_assistant_message: "done",
    });
  });
});

describe("tool table", () => {
  const where = { directory: "/p", mcpServers: ["memory"] };
  it.each([
    ["bash", { command: "ls -la", description: "list", timeout: 10 }, "Bash", { command: "ls -la" }],
    [
      "apply_patch",
      { patchText: "*** Begin Patch\n*** Delete File: a\n*** End Patch" },
      "apply_patch",
      { command: "*** Begin Patch\n*** Delete File: a\n*** End Patch" },
    ],
    [
      "write",
      { filePath: "/p/hello.txt", content: "hi\nthere\n" },
      "apply_patch",
      { command: "*** Begin Patch\n*** Add File: hello.txt\n+hi\n+there\n*** End Patch" },
    ],
    [
      "edit",
      { filePath: "/p/src/a.ts", oldString: "a", newString: "b" },
      "apply_patch",
      { command: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" },
    ],
    ["memory_create_entities", { entities: [] }, "mcp__memory__create_entities", { entities: [] }],
  ] as const)("%s -> %s", (tool, args, name, input) => {
    const [call] = codexCalls(tool, { ...args }, where);
    expect(call).toMatchObject({ toolName: name, toolInput: input });
  });

  it("PermissionRequest: Bash also carries description (Codex's justification), apply_patch the patch only", () => {
    expect(codexCalls("bash", { command: "rm -rf build", description: "clean the build" }, where, "PermissionRequest")[0]?.toolInput).toEqual({
      command: "rm -rf build",
      description: "clean the build",
    });
    expect(codexCalls("bash", { command: "ls" }, where, "PermissionRequest")[0]?.toolInput).toEqual({ command: "ls" });
    expect(codexCalls("write", { filePath: "/p/a.txt", content: "x", description: "d" }, where, "PermissionRequest")[0]?.toolInput).toEqual({
      command: "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch",
    });
  });

  it.each(["read", "glob", "grep", "webfetch", "websearch", "task", "todowrite"])("%s has no Codex tool: no call", (tool) => {
    expect(codexCalls(tool, { filePath: "/p/a" }, where)).toEqual([]);
  });

  it("tool_response: Bash's output text, a patch's summary", () => {
    const [bash] = codexCalls("bash", { command: "echo hi" }, where);
    expect(codexToolResponse(bash!, { output: "hi\n", metadata: { output: "hi\n", exit: 0 } })).toBe("hi\n");
    const [write] = codexCalls("write", { filePath: "/p/hello.txt", content: "x" }, where);
    expect(codexToolResponse(write!, { output: "Wrote file successfully." })).toBe(
      "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA hello.txt\n",
    );
  });
});

describe("merges", () => {
  const run = (result: HookResult, label = "hook"): HandlerRun => ({ handler: { label, timeoutMs: 600_000 } as HandlerRun["handler"], result });
  const deny = (reason: string): HookResult => ({
    status: "success",
    json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } },
  });
  const bash = { toolName: "Bash", toolInput: { command: "rm -rf /" } };

  it("PreToolUse: the first reason in settings order reaches the model, in Codex's words", () => {
    const decision = decideCodexPreToolUse(bash, [run({ status: "success" }), run(deny("first")), run({ status: "blocking", stderr: "second" })]);
    expect(decision.decision).toBe("deny");
    expect(decision.denyMessages).toEqual(["Command blocked by PreToolUse hook: first. Command: rm -rf /"]);
    expect(decideCodexPreToolUse({ toolName: "mcp__memory__x", toolInput: {} }, [run(deny("no"))]).denyMessages).toEqual([
      "Tool call blocked by PreToolUse hook: no. Tool: mcp__memory__x",
    ]);
  });

  it("PreToolUse: additionalContext is a message of its own, as written, even beside a deny", () => {
    const context: HookResult = { status: "success", json: { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "mind the cwd" } } };
    const decision = decideCodexPreToolUse(bash, [run(context), run(deny("no"))]);
    expect(decision).toMatchObject({ ownMessages: ["mind the cwd"], additionalContext: [], decision: "deny" });
  });

  it("async hooks: only their context reaches the model (plain text where it is context, additionalContext), decisions none", () => {
    const background = CODEX.background!;
    expect(background("SessionStart", { status: "success", text: "branch main" })).toEqual(["branch main"]);
    expect(
      background("PostToolUse", {
        status: "success",
        json: { decision: "block", reason: "no", systemMessage: "shown", hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ran lint" } },
      }),
    ).toEqual(["ran lint"]);
    expect(background("PreToolUse", { status: "blocking", stderr: "denied" })).toEqual([]);
    expect(background("Stop", { status: "error", message: "hook exited with code 1" })).toEqual([]);
  });

  it("PreToolUse: a rewrite answers no permission; a block drops it", () => {
    const rewrite: HookResult = {
      status: "success",
      json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" } } },
    };
    expect(decideCodexPreToolUse(bash, [run(rewrite)])).toMatchObject({ updatedInput: { command: "ls" } });
    expect(decideCodexPreToolUse(bash, [run(rewrite)])).not.toHaveProperty("decision");
    expect(decideCodexPreToolUse(bash, [run(rewrite), run(deny("no"))]).updatedInput).toBeUndefined();
  });

  it("PostToolUse: blocks and continue:false replace the output with every reason, and stop nothing; context is kept", () => {
    const block: HookResult = { status: "success", json: { decision: "block", reason: "withheld" } };
    const halt: HookResult = { status: "success", json: { continue: false, stopReason: "halt" } };
    const context: HookResult = { status: "success", json: { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "note" } } };
    expect(decideCodexPostToolUse(bash, [run(context), run(block)])).toMatchObject({
      updatedToolOutput: { value: "withheld" },
      feedback: [],
      ownMessages: ["note"],
    });
    expect(decideCodexPostToolUse(bash, [run(halt)])).toMatchObject({ updatedToolOutput: { value: "halt" } });
    expect(decideCodexPostToolUse(bash, [run(block), run({ status: "blocking", stderr: "also" })])).toMatchObject({
      updatedToolOutput: { value: "withheld\n\nalso" },
    });
    expect(decideCodexPostToolUse(bash, [run(halt)]).stop).toBeUndefined();
  });
});

describe("mcp_tool input", () => {
  // mcp_runner.rs placeholders_preserve_json_types_and_expand_nested_inputs, and its missing-field failure.
  it("a whole placeholder keeps the JSON type, one in text is rendered, nested values expand; a missing field fails", () => {
    const input = { tool_input: { file_path: "/tmp/example.rs", count: 3, optional: null, metadata: { language: "rust" } } };
    expect(
      codexMcpArguments(
        {
          path: "${tool_input.file_path}",
          message: "scan ${tool_input.file_path}",
          count: "${tool_input.count}",
          optional: "${tool_input.optional}",
          nested: ["${tool_input.metadata}", { literal: true }],
        },
        input,
      ),
    ).toEqual({
      args: { path: "/tmp/example.rs", message: "scan /tmp/example.rs", count: 3, optional: null, nested: [{ language: "rust" }, { literal: true }] },
    });
    expect(codexMcpArguments({ text: "n=${tool_input.count}, m=${tool_input.metadata}" }, input)).toEqual({ args: { text: 'n=3, m={"language":"rust"}' } });
    expect(codexMcpArguments({ x: "${tool_input.nope}" }, input)).toEqual({ error: "hook input placeholder `${tool_input.nope}` was not found" });
  });

  it("the reader keeps an mcp_tool hook's server, tool and input; one without a server, or on SessionEnd, is skipped with a warning", () => {
    const hooks = {
      PreToolUse: [{ hooks: [{ type: "mcp_tool", server: "security", tool: "inspect", input: { path: "${tool_input.command}" }, timeout: 9 }] }],
      PostToolUse: [{ hooks: [{ type: "mcp_tool", server: "", tool: "inspect" }] }],
      SessionEnd: [{ hooks: [{ type: "mcp_tool", server: "security", tool: "inspect" }] }],
    };
    const read = readCodexHooks([{ display: ".codex/hooks.json", layer: "project", format: "hooks.json", text: JSON.stringify({ hooks }) }]);
    expect(read.hooks).toEqual([
      expect.objectContaining({
        event: "PreToolUse",
        type: "mcp_tool",
        timeout: 9,
        mcp: { server: "security", tool: "inspect", input: { path: "${tool_input.command}" } },
      }),
    ]);
    expect(read.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["codex-invalid-handler", "codex-invalid-handler"]);
  });
});

describe("PermissionRequest merge", () => {
  const run = (result: HookResult): HandlerRun => ({ handler: { label: "hook", timeoutMs: 600_000 } as HandlerRun["handler"], result });
  const decided = (decision: object): HookResult => ({ status: "success", json: { hookSpecificOutput: { hookEventName: "PermissionRequest", decision } } });
  const bash = { toolName: "Bash", toolInput: { command: "rm -rf build" } };
  // permission_request.rs: any deny wins (the first in settings order), else an allow; exit 2 with stderr denies.
  it.each<[string, HookResult[], object | undefined]>([
    ["no decision", [run({ status: "success" }).result, { status: "error", message: "hook exited with code 1" }], undefined],
    ["allow", [decided({ behavior: "allow" })], { behavior: "allow", updatedPermissions: [] }],
    ["deny with its message", [decided({ behavior: "deny", message: "  not here \n" })], { behavior: "deny", message: "not here" }],
    ["deny without a message", [decided({ behavior: "deny" })], { behavior: "deny", message: "PermissionRequest hook denied approval" }],
    [
      "an allow, then a deny: the deny",
      [decided({ behavior: "allow" }), decided({ behavior: "deny", message: "repo deny" })],
      { behavior: "deny", message: "repo deny" },
    ],
    [
      "exit 2 with stderr",
      [{ status: "blocking", stderr: "policy says no" }, decided({ behavior: "deny", message: "later" })],
      { behavior: "deny", message: "policy says no" },
    ],
  ])("%s", (_name, results, answer) => {
    const decision = decideCodexPermissionRequest(bash, results.map(run));
    if (answer === undefined) expect(decision.answer).toBeUndefined();
    else expect(decision.answer).toMatchObject({ interrupt: false, ...answer });
  });
});

describe("files", () => {
  it("hooks.json and config.toml of both layers all load, user first; [features] hooks = false of the project wins", () => {
    const read = readCodexHooks([
      {
        display: ".codex/config.toml",
        layer: "project",
        format: "config.toml",
        text: '[features]\nhooks = false\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "check.sh"\ntimeout_sec = 30\n',
      },
      {
        display: "~/.codex/hooks.json",
        layer: "user",
        format: "hooks.json",
        text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard.sh" }] }] } }),
      },
      { display: "~/.codex/config.toml", layer: "user", format: "config.toml", text: "[features]\nhooks = true\n" },
    ]);
    expect(read.hooks.map((hook) => [hook.event, hook.command, hook.timeout, hook.where])).toEqual([
      ["PreToolUse", "guard.sh", undefined, "~/.codex/hooks.json:1:52"],
      ["Stop", "check.sh", 30, ".codex/config.toml:5:1"],
    ]);
    expect(read.disabledIn).toBe(".codex/config.toml");
    expect(read.diagnostics).toEqual([]);
  });

  it("a config.toml that is not TOML is an error at its line and column; a bad handler a warning", () => {
    const read = readCodexHooks([
      { display: ".codex/config.toml", layer: "project", format: "config.toml", text: "[hooks\n" },
      { display: ".codex/hooks.json", layer: "project", format: "hooks.json", text: '{"hooks":{"Stop":[{"hooks":[{"type":"command"}]}]}}' },
    ]);
    expect(read.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      ".codex/hooks.json:1:29 warning codex-invalid-handler",
      ".codex/config.toml:1:7 error codex-toml-syntax",
    ]);
  });

  it("timeouts: 600 s by default, at least 1; SessionEnd and Interrupt 1 s by default, clamped to 3 s", () => {
    expect([
      codexTimeout("PreToolUse", undefined),
      codexTimeout("PreToolUse", 0),
      codexTimeout("SessionEnd", 30),
      codexTimeout("SessionEnd", undefined),
      codexTimeout("Interrupt", 2),
      codexTimeout("Stop", 1200),
    ]).toEqual([600, 1, 3, 1, 2, 1200]);
  });

  it("an async SessionEnd hook is read as a synchronous one, with Codex's warning; other async hooks stay async", () => {
    const text = JSON.stringify({
      hooks: {
        SessionEnd: [{ hooks: [{ type: "command", command: "true", async: true }] }],
        PostToolUse: [{ hooks: [{ type: "command", command: "true", async: true }] }],
      },
    });
    const read = readCodexHooks([{ display: ".codex/hooks.json", layer: "project", format: "hooks.json", text }]);
    expect(read.hooks.map((hook) => [hook.event, hook.async === true])).toEqual([
      ["SessionEnd", false],
      ["PostToolUse", true],
    ]);
    expect(read.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["codex-sync-session-end"]);
  });
});

describe("lifecycle merges, and several agents on one turn end", () => {
  const run = (result: HookResult, where = ".codex/hooks.json:3:7"): HandlerRun => ({
    handler: { label: "hook", where, timeoutMs: 600_000 } as HandlerRun["handler"],
    result,
  });

  it("Stop: each block is one <hook_prompt> of the next user message, XML-escaped; no cap", () => {
    const decision = decideCodexTurnEnd("Stop", [
      run({ status: "blocking", stderr: "fix <the> tests & lint" }),
      run({ status: "success", json: { decision: "block", reason: " run make " } }, ".codex/config.toml:9:1"),
      run({ status: "success" }),
    ]);
    expect(decision.prompt).toBe(
      '<hook_prompt hook_run_id="stop:0:.codex/hooks.json">fix &lt;the&gt; tests &amp; lint</hook_prompt>\n' +
        '<hook_prompt hook_run_id="stop:1:.codex/config.toml">run make</hook_prompt>',
    );
    expect(decision.cap).toBe(0);
    expect(decideCodexTurnEnd("Stop", [run({ status: "success" })]).prompt).toBeUndefined();
  });

  it("context: plain text and additionalContext, verbatim; only UserPromptSubmit blocks", () => {
    const runs = [
      run({ status: "success", text: "plain" }),
      run({ status: "success", json: { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "extra" } } }),
      run({ status: "blocking", stderr: "stop it" }),
    ];
    const start = decideCodexContext("SessionStart", runs);
    expect(start).toMatchObject({ context: ["plain", "extra"], blocks: [], verbatim: true });
    expect(decideCodexContext("UserPromptSubmit", runs).blocks).toEqual(["stop it"]);
  });

  it("turnEndVerdict: any agent going on sends one message with every text; the lowest cap of those going on; continue:false wins", () => {
    const claude = { systemMessages: [], notices: [], blocks: [{ label: "h", reason: "lint" }], context: [] };
    const codex = { systemMessages: [], notices: [], blocks: [{ label: "c", reason: "x" }], context: [], prompt: "<hook_prompt>x</hook_prompt>", cap: 0 };
    const idle = { systemMessages: [], notices: [], blocks: [], context: [] };
    expect(turnEndVerdict("Stop", [idle, codex], 8)).toMatchObject({ keepsGoing: true, text: "<hook_prompt>x</hook_prompt>", cap: 0 });
    const both = turnEndVerdict("Stop", [claude, codex], 8);
    expect(both.keepsGoing).toBe(true);
    expect(both.cap).toBe(8);
    expect(both.text).toMatch(/lint[\s\S]*<hook_prompt>x<\/hook_prompt>$/);
    expect(turnEndVerdict("Stop", [{ ...claude, stop: { reason: "done" } }, codex], 8)).toMatchObject({ keepsGoing: false, stopReasons: ["done"] });
    expect(turnEndVerdict("Stop", [idle], 8).keepsGoing).toBe(false);
  });
});
