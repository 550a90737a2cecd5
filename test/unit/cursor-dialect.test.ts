// Cursor's dialect as tables: its output rules, matchers, tool table both ways, merge and reader,
// each row from Cursor's docs (https://cursor.com/docs/hooks) or its SDK runtime (npm @cursor/sdk@1.0.32).
import { describe, expect, it } from "vitest";
import type { AgentText } from "../../schema/dialects/agent-hooks.js";
import { compileCursorMatcher } from "../../schema/dialects/cursor/cursor-matcher.js";
import { readCursorHooks } from "../../schema/dialects/cursor/read-cursor-hooks.js";
import { cursorTimeout } from "../../schema/dialects/cursor/events.js";
import { mergeCursor } from "../../plugin/decide/cursor-decisions.js";
import { CURSOR } from "../../plugin/dialects/cursor/cursor-dialect.js";
import { decodeCursorResult } from "../../plugin/dialects/cursor/cursor-output.js";
import { cursorCalls, cursorToolOutput } from "../../plugin/dialects/cursor/cursor-tools.js";
import { toOpencodeArgs } from "../../plugin/tools/table.js";

const outcome = (exitCode: number | undefined, stdout = "", stderr = "") => ({ exitCode, stdout, stderr });

describe("Cursor's output rules", () => {
  it.each([
    [
      "exit 2: stdout is the reason, as is",
      "preToolUse",
      outcome(2, ' {"permission":"allow"} ', "err"),
      { status: "blocking", stderr: '{"permission":"allow"}' },
    ],
    ["exit 2: else stderr, worded", "preToolUse", outcome(2, "", " nope \n"), { status: "blocking", stderr: "Hook blocked with message: nope" }],
    ["exit 2: no reason at all", "preToolUse", outcome(2), { status: "blocking", stderr: "" }],
    ["another exit fails (open)", "preToolUse", outcome(1, '{"permission":"deny"}', "boom"), { status: "error", message: "failed with exit code 1: boom" }],
    ["no output fails", "preToolUse", outcome(0, "  \n"), { status: "error", message: "returned no output." }],
    ["text is invalid JSON", "preToolUse", outcome(0, "hello"), { status: "error", message: "returned invalid JSON." }],
    ["the last {...} after text is read", "preToolUse", outcome(0, 'log line\n{"permission":"deny"}'), { status: "success", json: { permission: "deny" } }],
    [
      "a known field of the wrong type is an invalid response",
      "preToolUse",
      outcome(0, '{"permission":"no"}'),
      { status: "error", message: "returned invalid response." },
    ],
    ["beforeReadFile has no ask", "beforeReadFile", outcome(0, '{"permission":"ask"}'), { status: "error", message: "returned invalid response." }],
    ["a JSON array is an invalid response", "postToolUse", outcome(0, "[]"), { status: "error", message: "returned invalid response." }],
    ["unknown fields are ignored", "preToolUse", outcome(0, '{"decision":"allow"}'), { status: "success", json: { decision: "allow" } }],
    ["a killed hook's output is still read", "preToolUse", outcome(undefined, '{"permission":"deny"}'), { status: "success", json: { permission: "deny" } }],
  ])("%s", (_name, event, processOutcome, expected) => {
    expect(decodeCursorResult(event, processOutcome)).toEqual(expected);
  });

  it("reads Claude's stop block and top-level additionalContext; not the nested hookSpecificOutput (off in the SDK)", () => {
    expect(decodeCursorResult("stop", outcome(0, '{"decision":"block","reason":" again "}'))).toMatchObject({ json: { followup_message: "again" } });
    expect(decodeCursorResult("postToolUse", outcome(0, '{"additionalContext":"ctx"}'))).toMatchObject({ json: { additional_context: "ctx" } });
    const nested = decodeCursorResult("preToolUse", outcome(0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}'));
    expect(nested).toEqual({ status: "success", json: { hookSpecificOutput: { permissionDecision: "deny" } } });
  });

  it("a timeout is Cursor's failure (blocking only when failClosed: the decisions)", () => {
    expect(decodeCursorResult("preToolUse", { ...outcome(undefined), timedOut: true })).toEqual({ status: "cancelled" });
    expect(cursorTimeout(undefined)).toBe(60);
    expect(cursorTimeout(5)).toBe(5);
  });
});

describe("Cursor's matchers", () => {
  it.each([
    ["preToolUse", "Shell", "Shell", true],
    ["preToolUse", "Shell", "shell", false],
    ["preToolUse", "Sh", "Shell", true],
    ["preToolUse", "^Read$", "ReadLints", false],
    ["preToolUse", "Shell|Write", "Write", true],
    ["preToolUse", "(", "anything", true],
    ["preToolUse", "*", "anything", true],
    ["sessionEnd", "never", "anything", true],
    ["beforeShellExecution", "rm -rf", "sudo rm -rf /", true],
  ])("%s %j tested against %j: %s", (event, matcher, value, matches) => {
    expect(compileCursorMatcher(event, matcher).test(value)).toBe(matches);
  });

  it.each([
    ["beforeShellExecution", { toolName: "Shell", toolInput: { command: "git push" } }, "git push"],
    ["beforeSubmitPrompt", undefined, "UserPromptSubmit"],
    ["stop", undefined, "Stop"],
    ["beforeReadFile", { toolName: "Read", toolInput: {} }, "Read"],
    ["afterFileEdit", { toolName: "Write", toolInput: {} }, "Write"],
    ["preToolUse", { toolName: "MCP:search", toolInput: {} }, "MCP:search"],
    ["postToolUseFailure", undefined, "Shell"],
    ["preCompact", undefined, undefined],
  ])("%s is matched against %j", (event, call, expected) => {
    expect(CURSOR.matchValue!(event, "Bash", call)).toBe(expected);
  });
});

describe("Cursor's tool table, both ways", () => {
  const where = { event: "PreToolUse" as const, claudeFires: true, directory: "/p", mcpServers: ["docs"] };
  it.each([
    ["bash", { command: "ls", workdir: "sub", description: "d" }, "Shell", { command: "ls", cwd: "/p/sub" }],
    ["read", { filePath: "a.txt", offset: 2 }, "Read", { file_path: "/p/a.txt" }],
    ["write", { filePath: "a.txt", content: "x" }, "Write", { file_path: "/p/a.txt", content: "x" }],
    ["grep", { pattern: "x", path: "src", include: "*.ts" }, "Grep", { pattern: "x", file_path: "/p/src", glob: "*.ts", output_mode: "content" }],
    ["webfetch", { url: "https://x", format: "text" }, "Fetch", { url: "https://x" }],
    ["docs_search", { q: 1 }, "MCP:search", { q: 1 }],
  ])("%s is Cursor's %s", (tool, args, name, input) => {
    const [call] = cursorCalls("preToolUse", tool, args, where);
    expect(call).toMatchObject({ toolName: name, toolInput: input });
  });

  it("glob and todowrite have no Cursor tool; the one-tool events see only theirs", () => {
    expect(cursorCalls("preToolUse", "glob", { pattern: "*" }, where)).toEqual([]);
    expect(cursorCalls("preToolUse", "todowrite", {}, where)).toEqual([]);
    expect(cursorCalls("beforeShellExecution", "read", { filePath: "a" }, where)).toEqual([]);
    expect(cursorCalls("beforeMCPExecution", "bash", { command: "ls" }, where)).toEqual([]);
    expect(cursorCalls("beforeMCPExecution", "docs_search", { q: 1 }, where)[0]).toMatchObject({
      toolName: "MCP:search",
      toolInput: { mcp_server_name: "docs", arguments: { q: 1 } },
    });
  });

  it("a shell command that exits non-zero is no failure for Cursor: postToolUse follows it, postToolUseFailure does not", () => {
    const after = { ...where, event: "PostToolUse" as const, claudeFires: false };
    expect(cursorCalls("postToolUse", "bash", { command: "false" }, after)).toHaveLength(1);
    expect(cursorCalls("postToolUseFailure", "bash", { command: "false" }, { ...after, event: "PostToolUseFailure", nonZeroExit: true })).toEqual([]);
    // A shell tool error (a timeout, an abort) is a failure for Cursor too.
    expect(cursorCalls("postToolUseFailure", "bash", { command: "sleep 99" }, { ...after, event: "PostToolUseFailure" }).map((call) => call.toolName)).toEqual([
      "Shell",
    ]);
  });

  it("updated_input keys go back onto OpenCode's arguments, the others kept", () => {
    const [shell] = cursorCalls("preToolUse", "bash", { command: "ls", description: "d", timeout: 5 }, where);
    expect(toOpencodeArgs(shell!.mapping, { command: "pwd", cwd: "/tmp" })).toEqual({ command: "pwd", workdir: "/tmp", description: "d", timeout: 5 });
    const [grep] = cursorCalls("preToolUse", "grep", { pattern: "x", include: "*.ts" }, where);
    expect(toOpencodeArgs(grep!.mapping, { file_path: "lib" })).toEqual({ path: "lib", pattern: "x", include: "*.ts" });
  });

  it("tool_output is the JSON text of Cursor's success output", () => {
    const [shell] = cursorCalls("postToolUse", "bash", { command: "false" }, where);
    expect(cursorToolOutput(shell!, { output: "x", metadata: { output: "boom\n", exit: 2 } })).toBe('{"output":"boom\\n","exitCode":1}');
    const [write] = cursorCalls("postToolUse", "write", { filePath: "a", content: "" }, where);
    expect(cursorToolOutput(write!, { output: "" })).toBe('{"file_path":"/p/a","success":true}');
  });
});

describe("Cursor's merge of several hooks", () => {
  it("deny > ask > allow; messages joined with ---; continue AND-ed; other fields: the last wins", () => {
    expect(
      mergeCursor("preToolUse", [
        { permission: "allow", user_message: " one ", updated_input: { command: "a" } },
        { permission: "deny", user_message: "two" },
        { permission: "ask", updated_input: { command: "b" } },
      ]),
    ).toEqual({ permission: "deny", user_message: "one\n\n---\n\ntwo", updated_input: { command: "b" } });
    expect(mergeCursor("beforeSubmitPrompt", [{ continue: true }, { continue: false }, {}])).toEqual({ continue: false });
    expect(mergeCursor("stop", [{ followup_message: "a" }, { followup_message: "b" }])).toEqual({ followup_message: "b" });
  });
});

describe("Cursor's hooks.json, read as Cursor reads it", () => {
  const text = (body: string, layer: AgentText["layer"] = "project"): AgentText => ({ display: ".cursor/hooks.json", layer, format: "hooks.json", text: body });

  it("reads each script with its own fields, located", () => {
    const read = readCursorHooks([
      text(
        '{\n  // guards\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "command": "./g.sh", "matcher": "Shell", "timeout": 30, "failClosed": true }],\n    "stop": [{ "command": "./s.sh", "loop_limit": null }]\n  }\n}\n',
      ),
    ]);
    expect(read.diagnostics).toEqual([]);
    expect(read.hooks).toEqual([
      {
        event: "preToolUse",
        type: "command",
        command: "./g.sh",
        matcher: "Shell",
        timeout: 30,
        options: { failClosed: true },
        layer: "project",
        where: ".cursor/hooks.json:5:20",
      },
      { event: "stop", type: "command", command: "./s.sh", options: { loop_limit: null }, layer: "project", where: ".cursor/hooks.json:6:14" },
    ]);
  });

  it.each([
    ["no version", '{"hooks":{"stop":[{"command":"x"}]}}', "cursor-hooks-version"],
    ["an unknown event", '{"version":1,"hooks":{"stop":[{"command":"x"}],"onStop":[]}}', "cursor-unknown-event"],
    ["an invalid matcher", '{"version":1,"hooks":{"stop":[{"command":"x"}],"preToolUse":[{"command":"y","matcher":"("}]}}', "cursor-invalid-hook"],
    ["a zero timeout", '{"version":1,"hooks":{"stop":[{"command":"x","timeout":0}]}}', "cursor-invalid-hook"],
    ["a // inside a string (Cursor's comment regex cuts it)", '{"version":1,"hooks":{"stop":[{"command":"curl http://x"}]}}', "cursor-json-syntax"],
  ])("%s makes the whole file invalid: no hook of it runs", (_name, body, code) => {
    const read = readCursorHooks([text(body)]);
    expect(read.hooks).toEqual([]);
    expect(read.diagnostics.map((d) => d.code)).toEqual([code]);
    expect(read.diagnostics[0]!.message).toContain("Cursor loads none of this file's hooks");
  });

  it("Claude's settings are read only to name a command Cursor would run once", () => {
    const claude: AgentText = {
      display: ".claude/settings.json",
      layer: "project",
      format: "claude-settings",
      text: '{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"./p.sh"}]}]}}',
    };
    const read = readCursorHooks([text('{"version":1,"hooks":{"beforeSubmitPrompt":[{"command":"./p.sh"}],"stop":[{"command":"./p.sh"}]}}'), claude]);
    expect(read.hooks.map((hook) => [hook.event, hook.options?.claudeTwin])).toEqual([
      ["beforeSubmitPrompt", ".claude/settings.json (UserPromptSubmit)"],
      ["stop", undefined],
    ]);
  });
});
