import { describe, expect, it } from "vitest";
import { decodeResult } from "../../plugin/protocol/decode-result.js";
import { parseStdout } from "../../plugin/protocol/hook-json.js";

const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } });

describe("exit-code rules (https://code.claude.com/docs/en/hooks#exit-code-output, 2.1.228+)", () => {
  it("exit 0 with JSON honours it; plain text stays text; empty is plain success", () => {
    expect(decodeResult("PreToolUse", { exitCode: 0, stdout: deny, stderr: "" })).toMatchObject({
      status: "success",
      json: { hookSpecificOutput: { permissionDecision: "deny" } },
    });
    expect(decodeResult("PreToolUse", { exitCode: 0, stdout: "hello\n", stderr: "" })).toEqual({ status: "success", text: "hello\n" });
    expect(decodeResult("PreToolUse", { exitCode: 0, stdout: "", stderr: "ignored" })).toEqual({ status: "success" });
  });

  it("exit 2 blocks with stderr, and JSON is still read", () => {
    expect(decodeResult("PreToolUse", { exitCode: 2, stdout: "", stderr: "nope\n" })).toEqual({ status: "blocking", stderr: "nope" });
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
    expect(decodeResult("PreToolUse", { exitCode: 2, stdout: allow, stderr: "x" })).toMatchObject({ status: "blocking", json: {} });
    // invalid JSON on exit 2 still blocks (2.1.214)
    expect(decodeResult("PreToolUse", { exitCode: 2, stdout: '{"continue": "yes"}', stderr: "why" })).toEqual({ status: "blocking", stderr: "why" });
  });

  it("other exits: JSON alone decides, else a non-blocking error (fail open)", () => {
    expect(decodeResult("PreToolUse", { exitCode: 1, stdout: deny, stderr: "" })).toMatchObject({ status: "success" });
    expect(decodeResult("PreToolUse", { exitCode: 1, stdout: "", stderr: "boom\nmore" })).toEqual({
      status: "error",
      message: "Failed with non-blocking status code: boom",
    });
    expect(decodeResult("PreToolUse", { exitCode: 127, stdout: "", stderr: "" })).toEqual({
      status: "error",
      message: "Failed with non-blocking status code: No stderr output",
    });
  });

  it("a timeout makes no decision; a spawn failure is non-blocking", () => {
    expect(decodeResult("PreToolUse", { stdout: "", stderr: "", timedOut: true })).toEqual({ status: "cancelled" });
    expect(decodeResult("PreToolUse", { stdout: "", stderr: "", spawnError: "ENOENT" })).toMatchObject({ status: "error" });
  });

  it('onFailure: "block" turns failures into exit 2', () => {
    const block = { onFailureBlock: true };
    expect(decodeResult("PreToolUse", { stdout: "", stderr: "", timedOut: true }, block)).toMatchObject({ status: "blocking" });
    expect(decodeResult("PreToolUse", { exitCode: 1, stdout: "", stderr: "e" }, block)).toMatchObject({ status: "blocking" });
    expect(decodeResult("PreToolUse", { exitCode: 0, stdout: "", stderr: "" }, block)).toEqual({ status: "success" });
  });
});

describe("stdout is JSON only when it starts with {", () => {
  it.each([
    ['  {"continue": true}  ', "json"],
    ['banner\n{"continue": true}', "text"], // profile output before the JSON
    ['{"a":1}\n{"b":2}', "text"], // several JSON lines
    ["{not json", "text"],
    ["{not json}", "invalid"],
    ["{}", "json"],
    ['{"decision": "maybe"}', "invalid"],
    ['{"hookSpecificOutput": {"hookEventName": "PostToolUse"}}', "invalid"], // wrong event
  ])("%j -> %s", (stdout, kind) => {
    expect(parseStdout(stdout, "PreToolUse").kind).toBe(kind);
  });
});

describe("a hook that could not run at all", () => {
  it("exit 127 with 'not found' is a loud non-blocking error (a typo in a script path fails open), or a block with onFailure", () => {
    const missing = { exitCode: 127, stdout: "", stderr: "/bin/sh: 1: ./.claude/hooks/gaurd.sh: not found\n" };
    expect(decodeResult("PreToolUse", missing)).toEqual({
      status: "error",
      notRun: true,
      message: "the hook could not run (exit 127: /bin/sh: 1: ./.claude/hooks/gaurd.sh: not found); it did nothing, so a guard fails open",
    });
    expect(decodeResult("PreToolUse", missing, { onFailureBlock: true })).toMatchObject({ status: "blocking" });
    expect(decodeResult("PreToolUse", { exitCode: 126, stdout: "", stderr: "sh: ./x.sh: Permission denied" })).toMatchObject({ notRun: true });
  });
});
