// The pure decisions of the lifecycle events, case by case from https://code.claude.com/docs/en/hooks#hook-events.
import { describe, expect, it } from "vitest";
import type { CompiledHandler } from "../../plugin/compile.js";
import { decideBlockAndContext } from "../../plugin/decide/block-and-context-decision.js";
import { decideContext } from "../../plugin/decide/context-decision.js";
import { decideIgnored } from "../../plugin/decide/ignored-decision.js";
import { decidePermissionRequest, DEFAULT_DENY_MESSAGE, remembersAllow } from "../../plugin/decide/permission-request-decision.js";
import { decidePostToolUseFailure } from "../../plugin/decide/post-tool-use-failure-decision.js";
import { continuationText, decideStop, keepsGoing } from "../../plugin/decide/stop-decision.js";
import type { HookResult } from "../../plugin/protocol/decode-result.js";
import { parseStdout } from "../../plugin/protocol/hook-json.js";
import type { HandlerRun } from "../../plugin/run/run-handlers.js";

const run = (label: string, result: HookResult): HandlerRun => ({ handler: { label, timeoutMs: 1000 } as CompiledHandler, result });
const json = (value: Record<string, unknown>): HookResult => ({ status: "success", json: value });
const text = (stdout: string): HookResult => ({ status: "success", text: stdout });
const exit2 = (stderr: string, value?: Record<string, unknown>): HookResult => ({ status: "blocking", stderr, ...(value ? { json: value } : {}) });
const specific = (event: string, fields: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: event, ...fields } });

describe("Stop and SubagentStop", () => {
  it("exit 2 and decision:block keep the agent working, each reason labelled with its hook", () => {
    const decision = decideStop("Stop", [
      run("./tests.sh", exit2("2 tests fail")),
      run("lint", json({ decision: "block", reason: "lint first" })),
      run("ok", json({ decision: "approve" })),
    ]);
    expect(decision.blocks).toEqual([
      { label: "./tests.sh", reason: "2 tests fail" },
      { label: "lint", reason: "lint first" },
    ]);
    expect(keepsGoing(decision)).toBe(true);
    expect(continuationText("Stop", decision)).toBe("Stop hook feedback:\n[./tests.sh]: 2 tests fail\n[lint]: lint first");
  });

  it("exit 2 with a JSON reason uses the reason; additionalContext continues without the feedback label", () => {
    expect(decideStop("Stop", [run("a", exit2("stderr", { decision: "block", reason: "json reason" }))]).blocks).toEqual([
      { label: "a", reason: "json reason" },
    ]);
    const context = decideStop("SubagentStop", [run("a", specific("SubagentStop", { additionalContext: "check the logs" }))]);
    expect(keepsGoing(context)).toBe(true);
    expect(continuationText("SubagentStop", context)).toBe("<system-reminder>\nSubagentStop hook additional context: check the logs\n</system-reminder>");
  });

  it("a missing hook script is a non-blocking error, not a block that loops forever", () => {
    const decision = decideStop("Stop", [run("./missing.sh", exit2("/bin/sh: 1: ./missing.sh: No such file or directory"))]);
    expect(decision.blocks).toEqual([]);
    expect(decision.notices[0]).toContain("the hook script is missing");
  });

  it("continue: false wins over any block; nothing at all lets the agent stop", () => {
    expect(keepsGoing(decideStop("Stop", [run("a", exit2("x")), run("b", json({ continue: false, stopReason: "done for today" }))]))).toBe(false);
    expect(keepsGoing(decideStop("Stop", [run("a", text("plain stdout is not context on Stop"))]))).toBe(false);
  });
});

describe("UserPromptSubmit, SessionStart, SubagentStart", () => {
  const prompt = (runs: HandlerRun[]) => decideContext("UserPromptSubmit", runs, { plainStdout: true, blocks: true });
  const start = (runs: HandlerRun[]) => decideContext("SessionStart", runs, { qualifier: "startup", plainStdout: true, blocks: false });

  it("plain stdout and additionalContext become context, in settings order, in Claude's words", () => {
    expect(prompt([run("a", text("branch main\n")), run("b", specific("UserPromptSubmit", { additionalContext: "be brief" }))]).context).toEqual([
      "UserPromptSubmit hook success: branch main",
      "UserPromptSubmit hook additional context: be brief",
    ]);
    expect(start([run("a", text("loaded"))]).context).toEqual(["SessionStart:startup hook success: loaded"]);
    expect(decideContext("SubagentStart", [run("a", text("ignored"))], { plainStdout: false, blocks: false }).context).toEqual([]);
  });

  it("exit 2 or decision:block blocks a prompt (reason for the user); on SessionStart exit 2 is only shown", () => {
    expect(prompt([run("a", exit2("no secrets"))]).blocks).toEqual(["no secrets"]);
    expect(prompt([run("a", json({ decision: "block", reason: "not today" }))]).blocks).toEqual(["not today"]);
    expect(prompt([run("a", exit2("", { decision: "block", reason: "json wins" }))]).blocks).toEqual(["json wins"]);
    const session = start([run("./start.sh", exit2("could not load"))]);
    expect(session.blocks).toEqual([]);
    expect(session.userErrors).toEqual(["SessionStart hook error: [./start.sh]: could not load"]);
  });

  it("reads sessionTitle and watchPaths", () => {
    const decision = start([run("a", specific("SessionStart", { sessionTitle: "Fix the build", watchPaths: ["/p/.envrc"] }))]);
    expect(decision).toMatchObject({ sessionTitle: "Fix the build", watchPaths: ["/p/.envrc"] });
  });
});

describe("PermissionRequest", () => {
  const allow = specific("PermissionRequest", { decision: { behavior: "allow" } });
  const deny = (message?: string) => specific("PermissionRequest", { decision: { behavior: "deny", ...(message ? { message } : {}), interrupt: true } });

  it("the first decision in settings order answers; exit 2 is not honoured", () => {
    expect(decidePermissionRequest("Bash", [run("a", json({})), run("b", deny("no")), run("c", allow)]).answer).toMatchObject({
      behavior: "deny",
      message: "no",
      interrupt: true,
    });
    expect(decidePermissionRequest("Bash", [run("a", exit2("blocked?"))]).answer).toBeUndefined();
    expect(decidePermissionRequest("Bash", [run("a", deny())]).answer?.message).toBe(DEFAULT_DENY_MESSAGE);
  });

  it("an allow that adds an allow rule is remembered (OpenCode's `always`)", () => {
    const rule = specific("PermissionRequest", {
      decision: {
        behavior: "allow",
        updatedPermissions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }], behavior: "allow", destination: "session" }],
      },
    });
    expect(remembersAllow(decidePermissionRequest("Bash", [run("a", rule)]).answer!)).toBe(true);
    expect(remembersAllow(decidePermissionRequest("Bash", [run("a", allow)]).answer!)).toBe(false);
  });
});

describe("PostToolUseFailure, PreCompact, PostToolBatch, and events whose output is ignored", () => {
  it("PostToolUseFailure: exit-2 stderr and additionalContext reach the model", () => {
    expect(
      decidePostToolUseFailure("Bash", [run("log", exit2("noted")), run("ctx", specific("PostToolUseFailure", { additionalContext: "retry with -v" }))])
        .feedback,
    ).toEqual(["PostToolUseFailure:Bash hook error: [log]: noted", "PostToolUseFailure:Bash hook additional context: retry with -v"]);
  });

  it("PreCompact: a block stops the compaction; plain stdout joins its context; systemMessage and continue are discarded", () => {
    const decision = decideBlockAndContext("PreCompact", [run("a", text("keep the TODO list\n")), run("b", json({ continue: false, systemMessage: "hi" }))]);
    expect(decision).toMatchObject({ blocks: [], texts: ["keep the TODO list"], systemMessages: [] });
    expect(decision.stop).toBeUndefined();
    expect(decideBlockAndContext("PreCompact", [run("a", exit2("not now"))]).blocks).toEqual(["not now"]);
  });

  it("PostToolBatch: additionalContext for the model, continue:false stops the loop", () => {
    const decision = decideBlockAndContext("PostToolBatch", [
      run("a", specific("PostToolBatch", { additionalContext: "3 files changed" })),
      run("b", json({ continue: false })),
    ]);
    expect(decision.texts).toEqual(["PostToolBatch hook additional context: 3 files changed"]);
    expect(decision.stop).toBeDefined();
  });

  it("Notification, SessionEnd, StopFailure: only failures are reported", () => {
    const decision = decideIgnored("Notification", [
      run("a", json({ continue: false, systemMessage: "x" })),
      run("b", { status: "error", message: "Failed with non-blocking status code: boom" }),
    ]);
    expect(decision).toEqual({ notices: ["Notification hook error: [b]: Failed with non-blocking status code: boom"], systemMessages: [] });
  });
});

describe("hookSpecificOutput per lifecycle event", () => {
  it.each([
    ['{"hookSpecificOutput": {"hookEventName": "PreCompact"}}', "PreCompact", "invalid"],
    ['{"hookSpecificOutput": {"hookEventName": "SessionEnd", "additionalContext": "x"}}', "SessionEnd", "invalid"],
    ['{"hookSpecificOutput": {"hookEventName": "SessionStart", "watchPaths": "/p/.envrc"}}', "SessionStart", "invalid"],
    ['{"hookSpecificOutput": {"hookEventName": "SessionStart", "watchPaths": ["/p/.envrc"]}}', "SessionStart", "json"],
    ['{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "more"}}', "Stop", "json"],
    ['{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": "allow"}}', "PermissionRequest", "invalid"],
    ['{"hookSpecificOutput": {"hookEventName": "Stop"}}', "SubagentStop", "invalid"],
  ])("%s on %s is %s", (stdout, event, kind) => {
    expect(parseStdout(stdout, event).kind).toBe(kind);
  });
});
