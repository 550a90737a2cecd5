// Small rules of the runtime: Claude's tool-failure notion, part ids in OpenCode's order, the
// SessionEnd budget, which OpenCode command hosts the plugin, and Claude's StopFailure error names.
import { describe, expect, it } from "vitest";
import type { CompiledHandler } from "../../plugin/compile.js";
import { sessionEndBudgetMs } from "../../plugin/compile.js";
import { permissionMode } from "../../plugin/events/bookkeeping.js";
import { claudeErrorType } from "../../plugin/events/stop-failure.js";
import { opencodeHost } from "../../plugin/index.js";
import { partID, partIDBefore } from "../../plugin/opencode/inject.js";
import { bashFailureText, failedBashExit, isInterrupt, isToolFailure } from "../../plugin/tools/tool-failure.js";

describe("tool failures in Claude's sense", () => {
  it("a bash call that exits non-zero failed, with `Exit code N` first", () => {
    expect(failedBashExit("bash", { metadata: { exit: 3 } })).toBe(3);
    expect(failedBashExit("bash", { metadata: { exit: 0 } })).toBeUndefined();
    expect(failedBashExit("read", { metadata: { exit: 3 } })).toBeUndefined();
    expect(bashFailureText(3, "partial\n")).toBe("Exit code 3\npartial\n");
    expect(bashFailureText(1, "")).toBe("Exit code 1");
  });

  it.each([
    ["File not found: /p/missing.txt", true],
    ["The user rejected permission to use this specific tool call.", false],
    ["The user rejected permission to use this specific tool call with the following feedback: no", false],
    ["The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules []", false],
    ["The read tool was called with invalid arguments: expected string.", false],
  ])("%s -> a failure: %s", (error, failure) => {
    expect(isToolFailure(error)).toBe(failure);
  });

  it("an aborted call is an interrupt", () => {
    expect(isInterrupt("Tool execution aborted", {})).toBe(true);
    expect(isInterrupt("boom", { interrupted: true })).toBe(true);
    expect(isInterrupt("boom", {})).toBe(false);
  });
});

describe("part ids", () => {
  it("sort in creation order, and partIDBefore sorts just before the given id", () => {
    const ids = Array.from({ length: 50 }, () => partID());
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => /^prt_[0-9a-f]{12}[0-9A-Za-z]{14}$/.test(id))).toBe(true);
    const before = partIDBefore(ids[10]!);
    expect(before < ids[10]!).toBe(true);
    expect(before.slice(0, 16) < ids[10]!.slice(0, 16)).toBe(true);
  });
});

describe("the SessionEnd budget", () => {
  const handler = (timeout?: number) => ({ handler: { type: "command", ...(timeout ? { timeout } : {}) } }) as unknown as CompiledHandler;
  it.each([
    [[undefined], undefined, 1500],
    [[5, 2], undefined, 5000],
    [[600], undefined, 60_000],
    [[5], "250", 250],
    [[5], "99999999", 3_600_000],
  ])("timeouts %j with override %s -> %d ms", (timeouts, override, budget) => {
    expect(sessionEndBudgetMs(timeouts.map(handler), override)).toBe(budget);
  });
});

describe("the OpenCode command the plugin runs in", () => {
  it.each([
    [["bun", "/$bunfs/root/src/index.js", "run", "--format", "json", "--", "hi"], "run"],
    [["bun", "/$bunfs/root/src/index.js", "--print-logs", "run", "hi"], "run"],
    [["bun", "/$bunfs/root/src/index.js", "serve", "--port", "4096"], "serve"],
    [["bun", "/$bunfs/root/src/index.js"], "tui"],
    [["bun", "/$bunfs/root/src/index.js", "run", "--attach", "http://x", "hi"], "tui"],
    // Measured with 1.18.33: an option's value before the command, and the TUI's worker.
    [["bun", "/$bunfs/root/src/index.js", "--log-level", "DEBUG", "run", "hi"], "run"],
    [["bun", "/$bunfs/root/src/cli/tui/worker.js"], "tui"],
    [["bun", "/$bunfs/root/src/index.js", "web", "--port", "4096"], "tui"],
  ])("%j -> %s", (argv, host) => {
    expect(opencodeHost(argv)).toBe(host);
  });
});

describe("StopFailure error names", () => {
  it.each([
    [{ name: "ProviderAuthError", data: { providerID: "p", message: "x" } }, "authentication_failed"],
    [{ name: "APIError", data: { message: "x", statusCode: 429, isRetryable: true } }, "rate_limit"],
    [{ name: "APIError", data: { message: "x", statusCode: 529, isRetryable: true } }, "overloaded"],
    [{ name: "APIError", data: { message: "x", statusCode: 400, isRetryable: false } }, "invalid_request"],
    [{ name: "APIError", data: { message: "x", statusCode: 503, isRetryable: true } }, "server_error"],
    [{ name: "MessageOutputLengthError", data: {} }, "max_output_tokens"],
    [{ name: "UnknownError", data: { message: "x" } }, "unknown"],
  ])("%j -> %s", (error, name) => {
    expect(claudeErrorType(error as never)).toBe(name);
  });
});

describe("permission_mode from OpenCode's permission config", () => {
  it.each([
    ["allow", [], "bypassPermissions"],
    [{ "*": "allow" }, [], "bypassPermissions"],
    [{ "*": "allow", bash: "ask" }, [], "default"],
    [{ "*": "allow", read: { "*.env": "deny" } }, [], "default"],
    [undefined, [], "default"],
    [{ bash: "ask" }, ["bun", "x", "run", "--auto", "hi"], "bypassPermissions"],
  ])("%j %j -> %s", (permission, argv, mode) => {
    expect(permissionMode(permission, argv as string[])).toBe(mode);
  });
});
