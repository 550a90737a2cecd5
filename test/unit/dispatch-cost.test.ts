// What a tool call pays when no hook matches it (issue 21): its input is not even converted, an
// event whose apply has nothing to do without a handler that ran is not applied at all, and the
// per-call state stays bounded without a scan of its map. Real hooks (`sh`), the runtime's own event
// engine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileHandlers } from "../../plugin/compile.js";
import { collectCommon } from "../../plugin/decide/common.js";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { defineEvent, fireFirings } from "../../plugin/events/define-event.js";
import { REGISTRY } from "../../plugin/events/index.js";
import type { ChannelCall } from "../../plugin/events/channels.js";
import { type OpencodeClient, Runtime } from "../../plugin/runtime.js";

const scratch = mkdtempSync(path.join(tmpdir(), "dispatch-cost-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const client = { app: { log: async () => ({}) } } as unknown as OpencodeClient;

function runtimeWith(matcher: string): Runtime {
  const handlers = compileHandlers({
    generator: "test",
    handlers: [{ event: "PreToolUse", matcher, source: "project", where: "s.json:1:1", handler: { type: "command", command: "true" } }],
  });
  return new Runtime(scratch, handlers, client, "test");
}

/** A PreToolUse-like event over one firing of `Bash`: which `ran` flags its apply saw, once per fire. */
function recordingEvent(idleWhenNoneRan: boolean) {
  const applied: boolean[][] = [];
  const module = defineEvent<"tool.execute.before", { tool: string }, ReturnType<typeof collectCommon>>({
    name: "PreToolUse",
    channel: "tool.execute.before",
    ...(idleWhenNoneRan ? { idleWhenNoneRan: true } : {}),
    firings: () => [{ tool: "Bash" }],
    session: () => "ses_1",
    matchValue: (firing) => firing.tool,
    input: (firing) => ({ tool_name: firing.tool, tool_input: {} }),
    decide: (runs, firing) => collectCommon("PreToolUse", firing.tool, runs),
    apply: (fired) => void applied.push(fired.map((one) => one.ran)),
  });
  return { module, applied };
}

const call = {
  input: { tool: "bash", sessionID: "ses_1", callID: "c1" },
  output: { args: {} },
  shared: new Map(),
} as unknown as ChannelCall<"tool.execute.before">;

describe("an event whose apply is idle when no handler ran", () => {
  it.each([
    // idleWhenNoneRan, the group's matcher, what apply saw
    [true, "Tool0", []],
    [true, "Bash", [[true]]],
    [false, "Tool0", [[false]]],
    [false, "Bash", [[true]]],
  ] as const)("idle %s, matcher %s: apply sees %j", async (idle, matcher, expected) => {
    const { module, applied } = recordingEvent(idle);
    const runtime = runtimeWith(matcher);
    await fireFirings(module, await module.firings(call, runtime), call, runtime);
    expect(applied).toEqual(expected);
  });
});

describe("the state of calls no after-hook closed", () => {
  it("keeps at least the last 1,000 calls' state, drops older ones whole, and hands each one over once", () => {
    const runtime = runtimeWith("Bash");
    for (let i = 0; i < 2500; i++) runtime.callState(`call${i}`).tool = `t${i}`;
    const kept = Array.from({ length: 2500 }, (_, i) => runtime.peekCallState(`call${i}`) !== undefined);
    expect(kept.slice(1500).every(Boolean)).toBe(true);
    expect(kept.slice(0, 1000).some(Boolean)).toBe(false);
    expect(kept.filter(Boolean).length).toBeLessThanOrEqual(2000);
    // A call from the older half is still found, updated in place and taken once.
    runtime.callState("call1600").blocked = true;
    expect(runtime.takeCallState("call1600")).toMatchObject({ tool: "t1600", blocked: true });
    expect(runtime.takeCallState("call1600")).toBeUndefined();
    expect(runtime.callState("call1600").tool).toBeUndefined();
  });
});

describe("a tool call no hook can match by its name", () => {
  /** tool.execute.before through the whole registry, with args that count what is read of them. */
  async function readsOfArgs(matcher: string): Promise<number> {
    let reads = 0;
    const args = new Proxy({ command: "ls -la" } as Record<string, unknown>, {
      get: (target, key) => ((reads += 1), Reflect.get(target, key)),
      ownKeys: (target) => ((reads += 1), Reflect.ownKeys(target)),
    });
    const hooks = buildHooks(REGISTRY, runtimeWith(matcher));
    await hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_1", callID: "c1" }, { args });
    return reads;
  }

  it("is not converted to Claude's input at all; a call a hook names is", async () => {
    expect(await readsOfArgs("Tool0")).toBe(0);
    expect(await readsOfArgs("Bash")).toBeGreaterThan(0);
  });
});
