// The two ways a firing's handlers run (plugin/run/run-handlers.ts) are one engine: run without an
// await for the permission race (spawnSync) or awaited as usual (spawn), the same real hook
// processes give the same results. The sync mode declines, before any hook runs, when a handler
// type cannot run so, and it starts no async hook.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileHandlers } from "../../plugin/compile.js";
import { runHandlers } from "../../plugin/run/run-handlers.js";
import type { RunContext } from "../../plugin/run/runners/define-runner.js";
import type { Handler } from "../../schema/types.js";

const scratch = mkdtempSync(path.join(tmpdir(), "run-modes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const context: RunContext = { cwd: scratch, projectDir: scratch, env: { PATH: process.env.PATH ?? "" } };
const firing = { event: "PermissionRequest" as const, input: { hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "ls" } } };

function compiled(...handlers: Handler[]) {
  return compileHandlers({
    generator: "test",
    handlers: handlers.map((handler, index) => ({ event: "PermissionRequest" as const, source: "project" as const, where: `s.json:${index + 1}:1`, handler })),
  }).get("PermissionRequest")!;
}

describe("sync and async modes give the same results", () => {
  it.each([
    ["exit 0, no output", "exit 0"],
    ["exit 2 with a reason on stderr", "echo 'not allowed' >&2; exit 2"],
    ["a non-blocking error (exit 1)", "echo oops >&2; exit 1"],
    ["a JSON decision", `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}'`],
    ["a command that cannot run at all", "/no/such/hook-script"],
    ["a hook killed by a signal", "kill -9 $$"],
  ])("%s", async (_name, command) => {
    const handlers = compiled({ type: "command", command }, { type: "command", command: "cat" });
    const sync = runHandlers(handlers, firing, context, "sync");
    expect(sync).not.toBeInstanceOf(Promise);
    expect(sync).toEqual(await runHandlers(handlers, firing, context));
  });

  it("a hook that exits without reading its input still decides (spawnSync's EPIPE writing it is not a failure)", async () => {
    // A large input cannot be written before `echo` exits: the write meets a closed pipe every time.
    const big = { ...firing, input: { ...firing.input, tool_input: { command: "x".repeat(1 << 20) } } };
    const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`;
    const handlers = compiled({ type: "command", command: allow });
    const sync = runHandlers(handlers, big, context, "sync");
    expect(sync).toEqual(await runHandlers(handlers, big, context));
    expect(JSON.stringify(sync)).toContain('"behavior":"allow"');
  });

  it("a hook past its timeout makes no decision either way", async () => {
    const handlers = compiled({ type: "command", command: "sleep 5", timeout: 1 });
    const sync = runHandlers(handlers, firing, context, "sync");
    expect(sync).toEqual([{ handler: handlers[0], result: { status: "cancelled" } }]);
    expect(await runHandlers(handlers, firing, context)).toEqual(sync);
  });
});

describe("the sync mode", () => {
  it("declines before any hook runs when a handler's type cannot run without an await", () => {
    const marker = path.join(scratch, "ran-before-http");
    const handlers = compiled({ type: "command", command: `touch ${marker}` }, { type: "http", url: "http://127.0.0.1:9/hook" });
    expect(runHandlers(handlers, firing, context, "sync")).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
  });

  it("starts no async hook, which the async mode starts in the background", async () => {
    const marker = path.join(scratch, "async-started");
    const handlers = compiled({ type: "command", command: `touch ${marker}`, async: true });
    expect(runHandlers(handlers, firing, context, "sync")).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    let finished!: () => void;
    const background = new Promise<void>((resolve) => (finished = resolve));
    expect(await runHandlers(handlers, firing, { ...context, onBackgroundResult: () => finished() })).toEqual([]);
    await background;
    expect(existsSync(marker)).toBe(true);
  });
});
