// A PreToolUse `ask` (a real sh/jq hook) through the generated plugin loaded in-process: the call is
// not run until the session rule that makes OpenCode ask about it holds (saved by OpenCode, then an
// idle: the next run reads it), and never where OpenCode would not ask. The same flow against real
// OpenCode is test/e2e/ask-permission.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const ASK = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "needs a look"}}'`;
const rule = { permission: "bash", pattern: "touch marker.txt", action: "ask" };
const NOT_NOW = "OpenCode cannot ask the user in the middle of a turn: it was not run. Do not retry it in this turn.";

/** The plugin with an asking Bash hook; the session's rules as `client.session.get` answers them. */
async function asking(held: () => unknown[] = () => [rule]) {
  project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: ASK }] }] }) });
  const plugin = await loadPlugin(project.dir, { permission: "allow" }, { info: (id) => ({ id, permission: held() }) });
  const updates = () => plugin.client.calls.filter(([name]) => name === "session.update").map(([, options]) => options);
  const touch = () => plugin.before("bash", { command: "touch marker.txt" });
  const saved = (permission: unknown[] = [rule]) => plugin.emit("session.updated", { sessionID: "ses_test", info: { id: "ses_test", permission } });
  const idle = () => plugin.emit("session.idle", { sessionID: "ses_test" });
  return { plugin, updates, touch, saved, idle };
}

describe("PreToolUse ask", () => {
  it("is not run; the session gets one rule asking for that call, whatever the model retries in the same run", async () => {
    const { updates, touch } = await asking();
    await expect(touch()).rejects.toThrow(NOT_NOW);
    await expect(touch()).rejects.toThrow("make exactly the same call again: OpenCode will then ask them to approve or reject it");
    expect(updates()).toEqual([{ path: { id: "ses_test" }, body: { permission: [rule] } }]);
  });

  it("goes on (OpenCode asks the user) only once OpenCode saved the rule and the session went idle after that", async () => {
    const { plugin, touch, saved, idle, updates } = await asking();
    await expect(touch()).rejects.toThrow(NOT_NOW);
    // The run that asked ends before OpenCode's save is seen: that idle proves nothing.
    await idle();
    await expect(touch()).rejects.toThrow(NOT_NOW);
    await saved();
    await expect(touch()).rejects.toThrow(NOT_NOW);
    await idle();
    await expect(touch()).resolves.toEqual({ command: "touch marker.txt" });
    expect(updates()).toHaveLength(1);
    expect(plugin.client.logs().some((line) => line.includes('the session rule bash "touch marker.txt" makes OpenCode ask the user'))).toBe(true);
  });

  it("a rule that no longer decides (another client allowed the call after it) is added again, and the call waits for it", async () => {
    let held: unknown[] = [rule];
    const { touch, saved, idle, updates } = await asking(() => held);
    await expect(touch()).rejects.toThrow(NOT_NOW);
    await saved();
    await idle();
    held = [rule, { permission: "bash", pattern: "touch *", action: "allow" }];
    await expect(touch()).rejects.toThrow(NOT_NOW);
    expect(updates()).toHaveLength(2);
  });

  it("a rule OpenCode dropped (a prompt's `tools` replaced the session's rules) is added again, and the call waits for it", async () => {
    const { touch, saved, idle, updates } = await asking();
    await expect(touch()).rejects.toThrow(NOT_NOW);
    await saved();
    await idle();
    await saved([{ permission: "*", pattern: "*", action: "allow" }]);
    await expect(touch()).rejects.toThrow(NOT_NOW);
    expect(updates()).toHaveLength(2);
  });

  it.each([
    ["cd src", "OpenCode asks no permission for a command made only of cd, pushd, popd or variable assignments"],
    ["> important.txt", "hooks2opencode cannot tell whether OpenCode would ask before running this command"],
  ])("%j, which OpenCode may run unasked, is never run", async (command, why) => {
    const { plugin, updates } = await asking();
    await expect(plugin.before("bash", { command })).rejects.toThrow(`This call needs the user's approval (a PreToolUse hook asked for it), but ${why}`);
    expect(updates()).toEqual([]);
  });

  it('after an "Always allow" that covers the call, OpenCode would not ask: it is never run', async () => {
    const { plugin, touch, updates } = await asking();
    await plugin.emit("permission.asked", {
      id: "per_1",
      sessionID: "ses_other",
      permission: "bash",
      patterns: ["touch a"],
      always: ["touch *"],
      metadata: {},
    });
    await plugin.emit("permission.replied", { sessionID: "ses_other", requestID: "per_1", reply: "always" });
    await expect(touch()).rejects.toThrow('OpenCode would not ask: the user answered "Always allow" for bash "touch *" (until OpenCode restarts)');
    expect(updates()).toEqual([]);
  });
});
