import { describe, expect, it } from "vitest";
import type { CompiledHandler } from "../../plugin/compile.js";
import { decidePostToolUse } from "../../plugin/decide/post-tool-use-decision.js";
import { decidePreToolUse } from "../../plugin/decide/pre-tool-use-decision.js";
import type { HookResult } from "../../plugin/protocol/decode-result.js";
import type { HandlerRun } from "../../plugin/run/run-handlers.js";

const handler = (label: string) => ({ label, timeoutMs: 1000 }) as CompiledHandler;
const run = (label: string, result: HookResult): HandlerRun => ({ handler: handler(label), result });
const pre = (specific: Record<string, unknown>, extra: Record<string, unknown> = {}): HookResult => ({
  status: "success",
  json: { hookSpecificOutput: { hookEventName: "PreToolUse", ...specific }, ...extra },
});

describe("PreToolUse merge (deny > defer > ask > allow)", () => {
  it.each([
    [["allow", "ask"], "ask"],
    [["ask", "defer"], "defer"],
    [["allow", "deny", "ask"], "deny"],
    [["allow", "allow"], "allow"],
  ])("%j -> %s", (decisions, expected) => {
    const runs = decisions.map((decision, i) => run(`h${i}`, pre({ permissionDecision: decision })));
    expect(decidePreToolUse("Bash", runs).decision).toBe(expected);
  });

  it("exit 2 denies with Claude's text, even when its JSON says allow", () => {
    const merged = decidePreToolUse("Bash", [
      run("./guard.sh", { status: "blocking", stderr: "rm -rf is not allowed" }),
      run("other", pre({ permissionDecision: "allow" })),
    ]);
    expect(merged.decision).toBe("deny");
    expect(merged.denyMessages).toEqual(["PreToolUse:Bash hook error: [./guard.sh]: rm -rf is not allowed"]);
  });

  it("a JSON deny shows its reason, then top-level reason, then the default", () => {
    expect(decidePreToolUse("Write", [run("a", pre({ permissionDecision: "deny", permissionDecisionReason: "secrets" }))]).denyMessages).toEqual([
      "PreToolUse:Write hook error: secrets",
    ]);
    expect(decidePreToolUse("Write", [run("a", { status: "success", json: { decision: "block", reason: "legacy" } })]).denyMessages).toEqual([
      "PreToolUse:Write hook error: legacy",
    ]);
    expect(decidePreToolUse("Write", [run("a", pre({ permissionDecision: "deny" }))]).denyMessages).toEqual(["PreToolUse:Write hook error: Blocked by hook"]);
  });

  it("legacy approve is allow; hookSpecificOutput wins over it", () => {
    expect(decidePreToolUse("Bash", [run("a", { status: "success", json: { decision: "approve" } })]).decision).toBe("allow");
    expect(decidePreToolUse("Bash", [run("a", pre({ permissionDecision: "deny" }, { decision: "approve" }))]).decision).toBe("deny");
  });

  it("the last updatedInput in settings order wins, and only when not denied or deferred", () => {
    const merged = decidePreToolUse("Bash", [
      run("a", pre({ permissionDecision: "allow", updatedInput: { command: "first" } })),
      run("b", pre({ updatedInput: { command: "second" } })),
    ]);
    expect(merged.updatedInput).toEqual({ command: "second" });
    const denied = decidePreToolUse("Bash", [
      run("a", pre({ permissionDecision: "allow", updatedInput: { command: "x" } })),
      run("b", pre({ permissionDecision: "deny" })),
    ]);
    expect(denied.updatedInput).toBeUndefined();
    const deferred = decidePreToolUse("Bash", [run("a", pre({ permissionDecision: "defer", updatedInput: { command: "x" } }))]);
    expect(deferred.updatedInput).toBeUndefined();
  });

  it("collects additionalContext, systemMessage, continue:false and non-blocking errors", () => {
    const merged = decidePreToolUse("Bash", [
      run("a", pre({ additionalContext: "ctx1" }, { systemMessage: "note", continue: false, stopReason: "enough" })),
      run("b", pre({ additionalContext: "ctx2" })),
      run("c", { status: "error", message: "Failed with non-blocking status code: boom" }),
      run("d", { status: "cancelled" }),
    ]);
    expect(merged.additionalContext).toEqual(["ctx1", "ctx2"]);
    expect(merged.systemMessages).toEqual(["note"]);
    expect(merged.stop).toEqual({ reason: "enough" });
    expect(merged.notices).toHaveLength(2);
    expect(merged.decision).toBeUndefined(); // errors and timeouts make no decision
  });
});

describe("PostToolUse merge", () => {
  const post = (specific: Record<string, unknown>, extra: Record<string, unknown> = {}): HookResult => ({
    status: "success",
    json: { hookSpecificOutput: { hookEventName: "PostToolUse", ...specific }, ...extra },
  });

  it("exit-2 stderr, block reasons and additionalContext all become feedback, in settings order", () => {
    const merged = decidePostToolUse("Write", [
      run("lint", { status: "blocking", stderr: "lint failed" }),
      run("b", { status: "success", json: { decision: "block", reason: "fix the tests" } }),
      run("c", post({ additionalContext: "formatted" })),
    ]);
    expect(merged.feedback).toEqual([
      "PostToolUse:Write hook error: [lint]: lint failed",
      "PostToolUse:Write hook feedback: fix the tests",
      "PostToolUse:Write hook additional context: formatted",
    ]);
  });

  it("the last updatedToolOutput wins; updatedMCPToolOutput is the legacy spelling", () => {
    expect(decidePostToolUse("Bash", [run("a", post({ updatedToolOutput: "one" })), run("b", post({ updatedToolOutput: "two" }))]).updatedToolOutput).toEqual({
      value: "two",
    });
    expect(decidePostToolUse("mcp__s__t", [run("a", post({ updatedMCPToolOutput: [{ type: "text", text: "x" }] }))]).updatedToolOutput).toEqual({
      value: [{ type: "text", text: "x" }],
    });
  });
});
