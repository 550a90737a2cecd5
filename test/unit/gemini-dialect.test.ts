// The Gemini CLI dialect as tables, from Gemini's own sources and documented examples: its matcher
// rule (hookPlanner.ts matchesToolName: `run_shell` matches run_shell_command), its exit-code
// and output rules (hookRunner.ts: JSON wins over exit 2, exit 2 without output blocks nothing, exit
// >= 3 with text blocks), its merges and the model-visible texts (hookAggregator.ts,
// scheduler/hook-utils.ts, coreToolHookTriggers.ts, client.ts), the stdin it builds
// (hookEventHandler.ts), its tool table both ways, its shell's textual substitution, its files.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileGeminiMatcher } from "../../schema/dialects/gemini/gemini-matcher.js";
import { readGeminiHooks } from "../../schema/dialects/gemini/read-gemini-hooks.js";
import { geminiTimeoutSeconds } from "../../schema/dialects/gemini/events.js";
import { expandSettingsEnv } from "../../schema/dialects/gemini/expand-env.js";
import { geminiFiles } from "../../schema/dialects/gemini/gemini-files.js";
import { decodeGeminiResult } from "../../plugin/dialects/gemini/gemini-output.js";
import { geminiInput } from "../../plugin/dialects/gemini/gemini-input.js";
import { geminiCalls, geminiMcpName, geminiToolResponse } from "../../plugin/dialects/gemini/gemini-tools.js";
import { geminiQuoted } from "../../plugin/dialects/gemini/gemini-shell.js";
import { GEMINI } from "../../plugin/dialects/gemini/gemini-dialect.js";
import {
  decideGeminiAdvisory,
  decideGeminiAfterAgent,
  decideGeminiAfterTool,
  decideGeminiBeforeAgent,
  decideGeminiBeforeTool,
  decideGeminiSessionStart,
  GEMINI_EVENTS,
} from "../../plugin/decide/gemini-decisions.js";
import type { HandlerRun } from "../../plugin/run/run-handlers.js";
import type { ProcessOutcome } from "../../plugin/protocol/decode-result.js";
import { toOpencodeArgs } from "../../plugin/tools/table.js";
import { GEMINI_REPORT } from "../../plugin/load/gemini-report.js";
import type { AgentHook } from "../../schema/dialects/agent-hooks.js";

describe("matchers", () => {
  it.each([
    // Tool events: an unanchored, case-sensitive regex on the tool name (hookPlanner.ts matchesToolName).
    ["BeforeTool", "run_shell", "run_shell_command", true],
    ["BeforeTool", "run_shell", "Run_shell_command", false],
    ["BeforeTool", "Bash", "run_shell_command", false],
    ["BeforeTool", "write_file|replace", "write_file", true],
    ["AfterTool", "write_file|replace", "replace", true],
    ["BeforeTool", "^read_file$", "read_file", true],
    ["BeforeTool", "^read$", "read_file", false],
    ["BeforeTool", "[", "run_shell_command", false], // not a regex: the literal string, exactly
    ["BeforeTool", "[", "[", true],
    ["BeforeTool", "mcp_github_.*", "mcp_github_create_issue", true],
    ["BeforeTool", "  run_shell_command  ", "run_shell_command", true], // trimmed
    ["BeforeTool", "*", "anything", true],
    ["BeforeTool", "", "anything", true],
    // Lifecycle events planned with a trigger: the exact string.
    ["SessionStart", "startup", "startup", true],
    ["SessionStart", "startup|resume", "startup", false],
    ["SessionStart", "start.*", "startup", false],
    ["SessionEnd", "exit", "exit", true],
    ["PreCompress", "auto", "manual", false],
    // Events planned without a trigger ignore their matcher.
    ["BeforeAgent", "never", "whatever", true],
    ["AfterAgent", "^x$", "whatever", true],
  ] as const)("%s %j on %s: %s", (event, matcher, value, expected) => {
    expect(compileGeminiMatcher(event, matcher).test(value)).toBe(expected);
  });

  it("a moment Gemini has no name for fires no Gemini hook, whatever the matcher", () => {
    const fires = (event: string, matcher: string | undefined, claudeValue: string) => {
      const compiled = GEMINI.compileMatcher(event, matcher);
      return compiled.ok && compiled.matcher.test(GEMINI.matchValue!(event, claudeValue, undefined)!);
    };
    expect(fires("SessionStart", undefined, "startup")).toBe(true);
    expect(fires("SessionStart", undefined, "compact")).toBe(false);
    expect(fires("SessionStart", "resume", "fork")).toBe(true);
    expect(fires("SessionEnd", "exit", "prompt_input_exit")).toBe(true);
    expect(fires("Notification", undefined, "permission_prompt")).toBe(true);
    expect(fires("Notification", undefined, "idle_prompt")).toBe(false);
  });

  it("expands $VARS in matchers and commands as Gemini's settings loader does, keeping unset ones", () => {
    const env = { HOME: "/home/u", TOOL: "run_shell_command" };
    expect(expandSettingsEnv("$HOME/x ${TOOL} ${NOPE:-dflt} $GEMINI_PROJECT_DIR", env)).toBe("/home/u/x run_shell_command dflt $GEMINI_PROJECT_DIR");
  });
});

describe("output decoding (hookRunner.ts)", () => {
  const out = (exitCode: number | undefined, stdout: string, stderr = "", extra: Partial<ProcessOutcome> = {}): ProcessOutcome => ({
    exitCode,
    stdout,
    stderr,
    ...extra,
  });
  it.each<[string, ProcessOutcome, unknown]>([
    ["exit 0 + JSON", out(0, '{"decision":"deny","reason":"no"}'), { status: "success", json: { decision: "deny", reason: "no" } }],
    ["exit 0 + text: allow, the text a systemMessage", out(0, "hello\n"), { status: "success", json: { decision: "allow", systemMessage: "hello" } }],
    [
      "exit 2 + stderr: deny with it",
      out(2, "", "rm -rf is not allowed\n"),
      { status: "success", json: { decision: "deny", reason: "rm -rf is not allowed" } },
    ],
    ["exit 2 + JSON allow: JSON wins", out(2, '{"decision":"allow"}', "ignored"), { status: "success", json: { decision: "allow" } }],
    ["exit 2 with no output: nothing blocked", out(2, "", ""), { status: "error", message: "hook exited with code 2" }],
    ["exit 1 + text: a warning", out(1, "", "careful"), { status: "success", json: { decision: "allow", systemMessage: "Warning: careful" } }],
    ["exit 3 + text: blocks", out(3, "stop"), { status: "success", json: { decision: "deny", reason: "stop" } }],
    [
      "exit 127 (typo in a script path) blocks",
      out(127, "", "sh: 1: ./nope.sh: not found"),
      { status: "success", json: { decision: "deny", reason: "sh: 1: ./nope.sh: not found" } },
    ],
    ["stdout first, stderr only when stdout is empty", out(0, "out", "err"), { status: "success", json: { decision: "allow", systemMessage: "out" } }],
    ["JSON on stderr alone is read", out(0, "", '{"decision":"block","reason":"r"}'), { status: "success", json: { decision: "block", reason: "r" } }],
    ["a JSON string of JSON is parsed twice", out(0, JSON.stringify('{"decision":"deny"}')), { status: "success", json: { decision: "deny" } }],
    ["a JSON number is no output", out(0, "42"), { status: "success" }],
    [
      "killed by a signal reads as exit 0",
      out(undefined, "text", "", { signal: "SIGKILL" }),
      { status: "success", json: { decision: "allow", systemMessage: "text" } },
    ],
    ["a timeout fails open", out(undefined, "", "", { timedOut: true }), { status: "cancelled" }],
  ])("%s", (_name, outcome, expected) => {
    expect(decodeGeminiResult("BeforeTool", outcome)).toEqual(expected);
  });
});

describe("stdin", () => {
  const facts = { sessionID: "ses_1", transcriptPath: "", cwd: "/p" };
  const now = new Date("2026-12-02T10:00:00.000Z");
  it("common fields in Gemini's order, then the event's; no newline after the JSON", () => {
    const input = geminiInput("BeforeTool", facts, { tool_name: "run_shell_command", tool_input: { command: "ls" }, tool_use_id: "call_1" }, now);
    expect(Object.keys(input)).toEqual(["session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "tool_name", "tool_input"]);
    expect(input.timestamp).toBe("2026-12-02T10:00:00.000Z");
    expect(GEMINI.frame!(JSON.stringify(input))).toBe(JSON.stringify(input));
  });
  it.each([
    ["AfterAgent", { stop_hook_active: true, last_assistant_message: "" }, { prompt: "", prompt_response: "[no response text]", stop_hook_active: true }],
    ["SessionStart", { source: "fork" }, { source: "resume" }],
    ["SessionEnd", { reason: "prompt_input_exit" }, { reason: "exit" }],
    ["Notification", { notification_type: "permission_prompt", message: "m" }, { notification_type: "ToolPermission", message: "m", details: {} }],
    ["BeforeAgent", { prompt: "hi" }, { prompt: "hi" }],
  ])("%s", (event, own, fields) => {
    expect(geminiInput(event, facts, own, now)).toEqual({
      session_id: "ses_1",
      transcript_path: "",
      cwd: "/p",
      hook_event_name: event,
      timestamp: now.toISOString(),
      ...fields,
    });
  });
});

describe("tool table, both ways", () => {
  const where = { directory: "/p", mcpServers: ["github"] };
  it.each([
    [
      "bash",
      { command: "ls", description: "List", workdir: "/p/sub", timeout: 5 },
      "run_shell_command",
      { command: "ls", description: "List", dir_path: "/p/sub" },
    ],
    ["read", { filePath: "a.txt", offset: 10, limit: 5 }, "read_file", { file_path: "/p/a.txt", start_line: 10, end_line: 14 }],
    ["write", { filePath: "/p/a.txt", content: "x" }, "write_file", { file_path: "/p/a.txt", content: "x" }],
    [
      "edit",
      { filePath: "a.txt", oldString: "a", newString: "b", replaceAll: true },
      "replace",
      { file_path: "/p/a.txt", old_string: "a", new_string: "b", allow_multiple: true },
    ],
    ["glob", { pattern: "*.ts", path: "/p/src" }, "glob", { pattern: "*.ts", dir_path: "/p/src" }],
    ["grep", { pattern: "x", path: "/p", include: "*.ts" }, "grep_search", { pattern: "x", dir_path: "/p", include_pattern: "*.ts" }],
    ["webfetch", { url: "https://e.com", format: "text" }, "web_fetch", { prompt: "https://e.com" }],
    ["websearch", { query: "q" }, "google_web_search", { query: "q" }],
    [
      "todowrite",
      { todos: [{ content: "a", status: "pending", priority: "high", id: "1" }] },
      "write_todos",
      { todos: [{ description: "a", status: "pending" }] },
    ],
    ["task", { description: "d", prompt: "p", subagent_type: "general" }, "invoke_agent", { agent_name: "general", prompt: "p" }],
    ["skill", { name: "s" }, "activate_skill", { name: "s" }],
    ["github_create_issue", { title: "t" }, "mcp_github_create_issue", { title: "t" }],
  ])("%s -> %s", (tool, args, name, input) => {
    const [call] = geminiCalls(tool, args, where);
    expect(call).toMatchObject({ toolName: name, toolInput: input });
  });

  it("a read of a folder is list_directory; a tool Gemini has none for fires nothing", () => {
    expect(geminiCalls("read", { filePath: "src" }, { ...where, readsFolder: true })[0]).toMatchObject({
      toolName: "list_directory",
      toolInput: { dir_path: "/p/src" },
    });
    expect(geminiCalls("lsp", { filePath: "a" }, where)).toEqual([]);
  });

  it("apply_patch is one write_file or replace per file, none of which can be rewritten", () => {
    const patchText = ["*** Begin Patch", "*** Add File: n.txt", "+new", "*** Update File: o.txt", "@@", "-a", "+b", "*** End Patch"].join("\n");
    expect(geminiCalls("apply_patch", { patchText }, where)).toEqual([
      { toolName: "write_file", toolInput: { file_path: "/p/n.txt", content: "new\n" }, fromPatch: true },
      { toolName: "replace", toolInput: { file_path: "/p/o.txt", old_string: "a\n", new_string: "b\n" }, fromPatch: true },
    ]);
  });

  it("a hook's tool_input replaces the arguments; what Gemini cannot say (bash's timeout) is kept", () => {
    const [call] = geminiCalls("bash", { command: "rm -rf /", description: "d", timeout: 5 }, where);
    expect(toOpencodeArgs(call!.mapping, { command: "echo safe" })).toEqual({ command: "echo safe", timeout: 5 });
    const [read] = geminiCalls("read", { filePath: "/p/a", offset: 1, limit: 10 }, where);
    expect(toOpencodeArgs(read!.mapping, { file_path: "/p/b", start_line: 3, end_line: 4 })).toEqual({ filePath: "/p/b", offset: 3, limit: 2 });
    const [fetch] = geminiCalls("webfetch", { url: "https://a.com", format: "markdown" }, where);
    expect(toOpencodeArgs(fetch!.mapping, { prompt: "summarise https://b.com/x please" })).toEqual({ url: "https://b.com/x", format: "markdown" });
  });

  it("MCP names follow generateValidName: invalid characters become _, over 63 the middle is cut", () => {
    expect(geminiMcpName("my server", "do/it")).toBe("mcp_my_server_do_it");
    const long = geminiMcpName("s", "t".repeat(80));
    expect(long).toHaveLength(63);
    expect(long).toContain("...");
  });

  it("AfterTool's tool_response is {llmContent, returnDisplay}; an edit shows its diff", () => {
    const [call] = geminiCalls("edit", { filePath: "/p/a.ts", oldString: "a", newString: "b" }, where);
    expect(geminiToolResponse(call!, { output: "Edit applied.", metadata: { diff: "--- a" } })).toEqual({
      llmContent: "Edit applied.",
      returnDisplay: { fileDiff: "--- a", fileName: "a.ts" },
    });
  });
});

describe("merges and what the model sees", () => {
  const run = (stdout: string, exitCode = 0, stderr = "", label = "hook"): HandlerRun => ({
    handler: { label, timeoutMs: 60_000 } as HandlerRun["handler"],
    result: decodeGeminiResult("BeforeTool", { exitCode, stdout, stderr }),
  });
  const shell = geminiCalls("bash", { command: "rm -rf /" }, { directory: "/p", mcpServers: [] })[0]!;

  it("BeforeTool: a deny blocks with Gemini's text, and EVERY hook's reason, joined with a newline", () => {
    const decision = decideGeminiBeforeTool(shell, [run('{"decision":"allow","reason":"fine by me"}'), run("", 2, "rm -rf is forbidden")]);
    expect(decision.decision).toBe("deny");
    expect(decision.denyMessages).toEqual(["Tool execution blocked: fine by me\nrm -rf is forbidden"]);
  });

  it("BeforeTool: block without a reason; continue:false stops the agent with its own text", () => {
    expect(decideGeminiBeforeTool(shell, [run('{"decision":"block"}')]).denyMessages).toEqual(["Tool execution blocked: No reason provided"]);
    const stopped = decideGeminiBeforeTool(shell, [run('{"continue":false,"stopReason":"enough","decision":"deny","reason":"r"}')]);
    expect(stopped.stop).toEqual({ reason: "Agent execution stopped by hook: enough" });
    expect(stopped.denyMessages).toEqual([]);
  });

  it("BeforeTool: ask asks; the last tool_input wins and must carry what Gemini's schema requires", () => {
    expect(decideGeminiBeforeTool(shell, [run('{"decision":"ask"}')]).decision).toBe("ask");
    const rewritten = decideGeminiBeforeTool(shell, [
      run('{"hookSpecificOutput":{"tool_input":{"command":"echo 1"}}}'),
      run('{"hookSpecificOutput":{"tool_input":{"command":"echo 2"}}}'),
    ]);
    expect(rewritten.updatedInput).toEqual({ command: "echo 2" });
    const write = geminiCalls("write", { filePath: "/p/a", content: "x" }, { directory: "/p", mcpServers: [] })[0]!;
    expect(decideGeminiBeforeTool(write, [run('{"hookSpecificOutput":{"tool_input":{"content":"y"}}}')]).denyMessages).toEqual([
      "Tool parameter modification by hook failed validation: params must have required property 'file_path'",
    ]);
  });

  it("BeforeTool: exit 2 with JSON allowing runs the tool; exit 2 with nothing written blocks nothing", () => {
    expect(decideGeminiBeforeTool(shell, [run('{"decision":"allow"}', 2)]).decision).toBeUndefined();
    const silent = decideGeminiBeforeTool(shell, [run("", 2)]);
    expect(silent.denyMessages).toEqual([]);
    expect(silent.notices).toEqual(["BeforeTool:run_shell_command hook error: [hook]: hook exited with code 2"]);
  });

  it("AfterTool: context is appended as <hook_context>, escaped; a deny replaces the result with the reason", () => {
    const [read] = geminiCalls("read", { filePath: "/p/a" }, { directory: "/p", mcpServers: [] });
    const added = decideGeminiAfterTool(read!, [
      run('{"hookSpecificOutput":{"additionalContext":"a <b> c"}}'),
      run('{"hookSpecificOutput":{"additionalContext":"d"}}'),
    ]);
    expect(added).toMatchObject({ feedback: ["<hook_context>a &lt;b&gt; c\nd</hook_context>"], verbatim: true });
    expect(added.updatedToolOutput).toBeUndefined();
    expect(decideGeminiAfterTool(read!, [run('{"decision":"deny","reason":"secret"}')]).updatedToolOutput).toEqual({ value: "secret" });
  });

  it("BeforeAgent: context after the prompt as <hook_context>, verbatim; a deny blocks the prompt", () => {
    const context = decideGeminiBeforeAgent([run('{"hookSpecificOutput":{"additionalContext":"branch main"}}')]);
    expect(context).toMatchObject({ context: ["<hook_context>branch main</hook_context>"], verbatim: true, blocks: [] });
    expect(decideGeminiBeforeAgent([run("", 2, "no keys in prompts")]).blocks).toEqual(["no keys in prompts"]);
  });

  it("AfterAgent: a deny sends the agent back with the reason as the next prompt, with no cap", () => {
    const decision = decideGeminiAfterAgent([run('{"decision":"deny","reason":"Tests fail; keep working."}')]);
    expect(decision).toMatchObject({ prompt: "Tests fail; keep working.", cap: 0 });
    expect(decideGeminiAfterAgent([run('{"decision":"allow"}')]).prompt).toBeUndefined();
  });

  it("SessionStart: context only (decision and continue ignored); plain text is a systemMessage, not context", () => {
    expect(decideGeminiSessionStart([run('{"decision":"deny","hookSpecificOutput":{"additionalContext":"x"}}')]).context).toEqual([
      "<hook_context>x</hook_context>",
    ]);
    const text = decideGeminiSessionStart([run("on branch main")]);
    expect(text.context).toEqual([]);
    expect(text.systemMessages).toEqual(["on branch main"]);
  });

  it("SessionEnd / PreCompress / Notification: only the last systemMessage, unless suppressed", () => {
    expect(decideGeminiAdvisory("PreCompress", [run('{"systemMessage":"a"}'), run('{"systemMessage":"b"}')]).systemMessages).toEqual(["b"]);
    expect(decideGeminiAdvisory("PreCompress", [run('{"systemMessage":"a","suppressOutput":true}')]).systemMessages).toEqual([]);
  });

  it("replays the events that have an OpenCode moment, on the engine events named in the brief", () => {
    expect(Object.fromEntries(Object.entries(GEMINI_EVENTS).map(([event, engines]) => [event, Object.keys(engines)]))).toEqual({
      BeforeTool: ["PreToolUse"],
      AfterTool: ["PostToolUse"],
      BeforeAgent: ["UserPromptSubmit"],
      AfterAgent: ["Stop"],
      SessionStart: ["SessionStart"],
      SessionEnd: ["SessionEnd"],
      PreCompress: ["PreCompact"],
      Notification: ["Notification"],
    });
  });
});

describe("shell: bash -c, after Gemini's textual substitution", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const runHook = (command: string, cwd: string, session = "ses_1") => {
    const handler = GEMINI.spawned({ type: "command", command });
    const env = GEMINI.env({ PATH: process.env.PATH ?? "", CLAUDE_PROJECT_DIR: cwd, CLAUDE_CODE_SESSION_ID: session, CLAUDECODE: "1" });
    return spawnSync(handler.command, handler.args ?? [], { cwd, env, encoding: "utf8" });
  };

  it.each([
    ["/p", "/p"],
    ["", ""],
    ["/my dir", "'/my dir'"],
    ["/it's", `"/it's"`],
    ["/a&b", "/a\\&b"],
  ])("quotes %j as shell-quote does: %s", (value, quoted) => {
    expect(geminiQuoted(value)).toBe(quoted);
  });

  it("replaces the names in the text, even inside single quotes; ${NAME} comes from the environment", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "gemini shell "));
    dirs.push(cwd);
    const words = cwd.split(" ").join("|");
    // Gemini writes the path quoted into the text: inside single quotes it comes out unquoted (and split),
    // inside double quotes its quotes stay; ${GEMINI_CWD} is the shell's own, unquoted. Real Gemini quirks.
    expect(runHook(`printf '%s|' '$GEMINI_CWD' "$GEMINI_PROJECT_DIR" \${GEMINI_CWD} $GEMINI_SESSION_ID; printf '%s' "$CLAUDECODE"`, cwd).stdout).toBe(
      `${words}|'${cwd}'|${words}|ses_1|`,
    );
  });

  it("runs in bash, with GEMINI_* and CLAUDE_PROJECT_DIR set and no private variable left", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "gemini-shell-"));
    dirs.push(cwd);
    mkdirSync(path.join(cwd, "sub"));
    const result = runHook('echo "$BASH_VERSION" | cut -c1; env | grep -c HOOKS2OPENCODE_GEMINI; echo "$CLAUDE_PROJECT_DIR"', cwd);
    expect(result.stdout.split("\n").slice(0, 3)).toEqual([expect.stringMatching(/^\d$/), "0", cwd]);
  });
});

describe("files and reading", () => {
  const text = (body: string, layer: "user" | "project" = "project", display = ".gemini/settings.json") => ({
    display,
    layer,
    format: "settings.json",
    text: body,
  });

  it("project mode reads .gemini/settings.json; --user the Gemini home (GEMINI_CLI_HOME first)", () => {
    expect(geminiFiles({ projectDir: "/p", user: false }, {})).toEqual([
      { path: "/p/.gemini/settings.json", display: ".gemini/settings.json", layer: "project", format: "settings.json" },
    ]);
    expect(geminiFiles({ projectDir: "/p", user: true }, { GEMINI_CLI_HOME: "/g", HOME: "/h" })[0]!.path).toBe("/g/.gemini/settings.json");
  });

  it("reads hooks with their place, timeouts in milliseconds, and comments", () => {
    const read = readGeminiHooks([
      text(`{
  // comments are allowed (strip-json-comments)
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file|replace", "sequential": true,
        "hooks": [ { "type": "command", "command": "./guard.sh", "name": "guard", "timeout": 5000 } ] }
    ]
  }
}`),
    ]);
    expect(read.diagnostics).toEqual([]);
    expect(read.hooks).toEqual([
      {
        event: "BeforeTool",
        matcher: "write_file|replace",
        type: "command",
        command: "./guard.sh",
        timeout: 5000,
        layer: "project",
        where: ".gemini/settings.json:6:20",
        options: { name: "guard", sequential: true },
      },
    ]);
    expect(GEMINI.timeoutSeconds("BeforeTool", 5000)).toBe(5);
    expect(geminiTimeoutSeconds(undefined)).toBe(60);
  });

  it("concatenates user then project; marks identical hooks, disabled ones and the off switch", () => {
    const user = text(
      '{"hooks":{"AfterTool":[{"hooks":[{"type":"command","command":"fmt"}]}]},"hooksConfig":{"disabled":["lint"]}}',
      "user",
      "~/.gemini/settings.json",
    );
    const project = text(
      '{"hooks":{"AfterTool":[{"hooks":[{"type":"command","command":"fmt"},{"type":"command","command":"x","name":"lint"}]},{"matcher":"replace","hooks":[{"type":"command","command":"fmt"}]}]}}',
    );
    const read = readGeminiHooks([project, user]);
    expect(read.hooks.map((hook) => [hook.layer, hook.command, hook.options])).toEqual([
      ["user", "fmt", {}],
      ["project", "fmt", { duplicateOf: "~/.gemini/settings.json:1:34" }],
      ["project", "x", { name: "lint", disabledIn: "~/.gemini/settings.json:1:100" }],
      ["project", "fmt", {}], // another matcher: kept
    ]);
    expect(readGeminiHooks([text('{"hooksConfig":{"enabled":false},"hooks":{}}')]).disabledIn).toBe(".gemini/settings.json");
  });

  it("findings: an unknown event, a hook Gemini discards, invalid JSON", () => {
    const read = readGeminiHooks([text('{"hooks":{"BeforeTools":[],"AfterAgent":[{"hooks":[{"type":"command"}]}],"enabled":true}}')]);
    expect(read.diagnostics.map((d) => d.code)).toEqual(["gemini-unknown-event", "gemini-invalid-hook"]);
    expect(read.diagnostics[0]!.message).toContain('did you mean "BeforeTool"');
    expect(readGeminiHooks([text('{"hooks":{},}')]).diagnostics.map((d) => [d.code, d.severity])).toEqual([["gemini-json-syntax", "error"]]);
  });

  it("a `plugin` hook with a command runs as a command (hookRunner.ts runs every non-runtime hook so)", () => {
    const read = readGeminiHooks([text('{"hooks":{"SessionEnd":[{"hooks":[{"type":"plugin","command":"bye"},{"type":"runtime","name":"r"}]}]}}')]);
    expect(read.hooks.map((hook) => [hook.type, hook.options])).toEqual([
      ["command", { writtenType: "plugin" }],
      ["runtime", { name: "r" }],
    ]);
  });
});

describe("report", () => {
  const hook = (event: string, matcher?: string, options: Record<string, unknown> = {}): AgentHook => ({
    event,
    ...(matcher !== undefined ? { matcher } : {}),
    type: "command",
    command: "true",
    layer: "project",
    where: ".gemini/settings.json:1:1",
    options,
  });

  it("names the OpenCode tools a tool hook fires on, from Gemini's names", () => {
    expect(GEMINI_REPORT.firesOn(hook("BeforeTool", "run_shell_command"), "PreToolUse")).toBe("bash");
    expect(GEMINI_REPORT.firesOn(hook("AfterTool", "write_file|replace"), "PostToolUse")).toBe("write, edit, apply_patch");
    expect(GEMINI_REPORT.firesOn(hook("BeforeTool", "Bash"), "PreToolUse")).toBe("nothing (no OpenCode tool has a Gemini name it matches)");
    expect(GEMINI_REPORT.firesOn(hook("SessionStart"), "SessionStart")).not.toContain("session.compacted");
  });

  it("says a lifecycle matcher Gemini compares exactly never fires; drops what Gemini does not run", () => {
    expect(GEMINI_REPORT.remarks(hook("SessionStart", "startup|resume"))).toEqual([
      'Gemini compares a SessionStart matcher as an exact string, one of startup, resume, clear: "startup|resume" never fires, in Gemini nor here',
    ]);
    expect(GEMINI_REPORT.remarks(hook("SessionStart", "startup"))).toEqual([]);
    const read = { hooks: [], diagnostics: [] };
    expect(GEMINI_REPORT.droppedBecause(hook("AfterTool", undefined, { duplicateOf: "a:1:1" }), read)).toContain("runs it once");
    expect(GEMINI_REPORT.droppedBecause(hook("AfterTool"), { ...read, disabledIn: ".gemini/settings.json" })).toContain("hooksConfig.enabled is false");
    expect(GEMINI_REPORT.degradedBecause!(hook("BeforeTool", undefined, { sequential: true }))[0]).toContain("sequential");
  });
});
