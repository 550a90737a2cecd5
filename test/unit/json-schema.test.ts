// The shipped JSON Schema, judged by a real validator (ajv, draft 2020-12): it compiles, accepts the
// bundled example and real hook shapes, and rejects what Claude Code rejects.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";

const schema = JSON.parse(readFileSync(new URL("../../schema/hooks.schema.json", import.meta.url), "utf8"));
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
const command = (extra: object = {}) => ({ type: "command", command: "x", ...extra });

describe("schema/hooks.schema.json", () => {
  it("accepts the bundled example", () => {
    const example = parse(readFileSync(new URL("../../examples/format-and-guard/.claude/settings.json", import.meta.url), "utf8"));
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    [{ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command({ timeout: 30, if: "Bash(rm *)" })] }] } }],
    [{ hooks: { Stop: [{ hooks: [{ type: "prompt", prompt: "Is the task done? $ARGUMENTS" }] }] } }],
    [
      {
        hooks: {
          PostToolUse: [
            { hooks: [{ type: "http", url: "http://127.0.0.1:8080/hook", headers: { Authorization: "Bearer $TOKEN" }, allowedEnvVars: ["TOKEN"] }] },
          ],
        },
      },
    ],
    [{ hooks: { PostToolUse: [{ hooks: [{ type: "mcp_tool", server: "memory", tool: "remember", input: { path: "${tool_input.file_path}" } }] }] } }],
    [{ disableAllHooks: true, permissions: { allow: ["Bash(npm test)"] } }],
  ])("accepts %j", (settings) => {
    expect(validate(settings), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ["an unknown event", { hooks: { stop: [{ hooks: [command()] }] } }],
    ["a command hook without a command", { hooks: { Stop: [{ hooks: [{ type: "command" }] }] } }],
    ["a timeout as a string", { hooks: { Stop: [{ hooks: [command({ timeout: "30" })] }] } }],
    ["a timeout of 0", { hooks: { Stop: [{ hooks: [command({ timeout: 0 })] }] } }],
    ["a group without hooks", { hooks: { Stop: [{ matcher: "x" }] } }],
    ["an object matcher", { hooks: { PreToolUse: [{ matcher: { tool: "Bash" }, hooks: [command()] }] } }],
    ["a prompt hook where Claude allows none", { hooks: { SessionStart: [{ hooks: [{ type: "prompt", prompt: "x" }] }] } }],
    ["an unknown handler type", { hooks: { Stop: [{ hooks: [{ type: "shell", command: "x" }] }] } }],
    ["disableAllHooks as a string", { disableAllHooks: "yes" }],
  ])("rejects %s", (_what, settings) => {
    expect(validate(settings)).toBe(false);
  });
});
