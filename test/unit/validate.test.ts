import { describe, expect, it } from "vitest";
import { validateSettings } from "../../schema/validate.js";
import { mergeSources } from "../../schema/merge-sources.js";

const validate = (text: string) => validateSettings(text, ".claude/settings.json", "project");
const codes = (text: string) => validate(text).diagnostics.map((d) => `${d.severity}:${d.code}@${d.line}:${d.column}`);

describe("settings validation", () => {
  it("accepts JSONC (comments, trailing commas) and keeps order and locations", () => {
    const { source, diagnostics } = validate(`{
  // formatter
  "hooks": {
    "PostToolUse": [{ "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "fmt", "timeout": 30, },], },],
  },
}`);
    expect(diagnostics).toEqual([]);
    expect(source.entries).toEqual([
      { event: "PostToolUse", matcher: "Edit|Write", handler: { type: "command", command: "fmt", timeout: 30 }, source: "project", where: ".claude/settings.json:4:58" },
    ]);
  });

  it("names the file, line and column of a syntax error", () => {
    expect(codes('{\n  "hooks": {\n    "Stop": [\n  }\n}')[0]).toMatch(/^error:json-syntax@4:3$/);
  });

  it("reports a mis-cased event with a hint, and still converts the rest", () => {
    const { source, diagnostics } = validate('{"hooks": {"stop": [], "Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}');
    expect(diagnostics.map((d) => d.code)).toEqual(["unknown-event"]);
    expect(diagnostics[0]?.message).toContain('did you mean "Stop"');
    expect(source.entries).toHaveLength(1);
  });

  it("suggests the name a typo meant", () => {
    const messages = validate('{"hooks": {"PreToolUs": [], "PostToolUse": [{"hooks": [{"type": "command", "command": "x", "timout": 5}]}]}}').diagnostics.map((d) => d.message);
    expect(messages[0]).toContain('unknown hook event "PreToolUs"; did you mean "PreToolUse"?');
    expect(messages[1]).toContain('unknown field "timout" on a command hook; ignored (did you mean "timeout"?)');
  });

  it.each([
    ['{"hooks": {"PreToolUse": [{"matcher": ["Bash"], "hooks": []}]}}', "error:matcher-not-string@1:39"],
    ['{"hooks": {"PreToolUse": [{"matcher": "Bash"}]}}', "error:group-without-hooks@1:27"],
    ['{"hooks": {"PreToolUse": [{"matcher": "Edit(", "hooks": []}]}}', "error:invalid-regex@1:39"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "shell", "command": "x"}]}]}}', "error:unknown-handler-type@1:47"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}', "error:missing-field@1:38"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": "30"}]}]}}', "error:invalid-field@1:85"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "comand": "y"}]}]}}', "warning:unknown-handler-field@1:74"],
    ['{"hooks": {"Stop": [{"matcher": "Bash", "hooks": []}]}}', "warning:matcher-ignored@1:33"],
    ['{"hooks": {"SessionStart": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}}', "warning:type-not-allowed@1:49"],
    ['{"hooks": []}', "error:hooks-not-object@1:11"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "if": "Bash(ls) || Write"}]}]}}', "error:invalid-if@1:80"],
    ['{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "if": "Bash"}]}]}}', "warning:if-never-runs@1:74"],
    ['{"disableAllHooks": "yes"}', "error:disable-not-boolean@1:21"],
  ])("%s -> %s", (text, expected) => {
    expect(codes(text)).toEqual([expected]);
  });

  it("validates every handler type's required fields", () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "http", url: "http://127.0.0.1/hook", headers: { Authorization: "Bearer $TOKEN" }, allowedEnvVars: ["TOKEN"] },
              { type: "mcp_tool", server: "s", tool: "t", input: { path: "${tool_input.file_path}" } },
              { type: "prompt", prompt: "ok? $ARGUMENTS", model: "haiku", continueOnBlock: true },
              { type: "agent", prompt: "check" },
              { type: "command", command: "x", args: ["a"], shell: "bash", async: true, onFailure: "block", statusMessage: "s", once: false },
            ],
          },
        ],
      },
    });
    const { source, diagnostics } = validate(text);
    expect(diagnostics).toEqual([]);
    expect(source.entries.map((entry) => entry.handler.type)).toEqual(["http", "mcp_tool", "prompt", "agent", "command"]);
  });
});

describe("merging settings files", () => {
  const source = (kind: "user" | "project" | "local" | "cli", disableAllHooks?: boolean) => ({ kind, file: kind, entries: [], ...(disableAllHooks === undefined ? {} : { disableAllHooks }) });
  it("disableAllHooks follows precedence cli > local > project > user", () => {
    expect(mergeSources([source("user", true), source("project", false)]).disableAllHooks).toEqual({ value: false, file: "project" });
    expect(mergeSources([source("local", true), source("project", false)]).disableAllHooks).toEqual({ value: true, file: "local" });
    expect(mergeSources([source("cli", false), source("local", true)]).disableAllHooks).toEqual({ value: false, file: "cli" });
  });
});
