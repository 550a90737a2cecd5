// What `hooks2opencode test` rests on: a scenario for every event the plugin replays, the errors it
// saves on a failed turn read back by the plugin as the StopFailure type asked for, and its flag checks.
import { describe, expect, it } from "vitest";
import { opencodeError } from "../../cli/simulate/api-errors.js";
import { notOneOf, unusedFlag } from "../../cli/simulate/fire-options.js";
import { flagHelp, SCENARIOS, stopHookActiveEvents, stopHookActiveHelp } from "../../cli/simulate/scenarios.js";
import { EVENT_MODULES, isReplayed } from "../../plugin/events/index.js";
import { claudeErrorType } from "../../plugin/events/stop-failure.js";

describe("test's scenarios", () => {
  it("every event the generated plugin replays can be fired offline", () => {
    expect([...EVENT_MODULES.keys()].filter((event) => isReplayed(event) && !SCENARIOS[event])).toEqual([]);
  });

  it("each StopFailure error type test offers is the one the plugin derives from OpenCode's error", () => {
    const types = EVENT_MODULES.get("StopFailure")!.flatMap((module) => module.matchValues ?? []);
    expect(types.length).toBeGreaterThan(5);
    for (const type of types) expect([type, claudeErrorType(opencodeError(type, "text"))]).toEqual([type, type]);
  });

  it.each([
    [
      "prompt",
      "UserPromptSubmit, SessionStart: the prompt typed; UserPromptExpansion: the prompt the /command expands to; Stop, StopFailure: the prompt of the turn that ended; SubagentStart, SubagentStop: the task's prompt",
    ],
    ["output", "PreToolUse, PostToolUse, PostToolBatch: the tool's result text; PostToolUseFailure: what the failed Bash command printed"],
    [
      "tool",
      "PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, PermissionRequest, Notification: a Claude tool name (Bash, Edit, mcp__server__tool) or an OpenCode tool id (bash, edit)",
    ],
    ["trigger", "PreCompact, PostCompact: auto (default) or manual"],
  ] as const)("test --help for --%s: the events whose scenario takes it, grouped by what it means", (flag, help) => {
    expect(flagHelp(flag)).toBe(help);
  });

  it("--stop-hook-active: the events whose scenario takes it", () => {
    expect(stopHookActiveEvents()).toEqual(["Stop", "SubagentStop"]);
    expect(stopHookActiveHelp()).toBe("Stop, SubagentStop: the turn that ended is the continuation a Stop hook's block started (stop_hook_active: true)");
  });

  it.each([
    [{ source: "fork" }, ["prompt", "lastMessage"], "Stop does not take --source (it takes --prompt, --last-message)"],
    [{ prompt: "x" }, ["prompt"], undefined],
    [{ reason: "other" }, [], "Stop does not take --reason (it takes no flags)"],
  ] as const)("unusedFlag(%j, %j)", (options, takes, message) => {
    expect(unusedFlag("Stop", options, takes)).toBe(message);
  });

  it.each([
    ["manual", undefined],
    ["sometimes", "--trigger sometimes: expected manual or auto"],
    ["never", "--trigger never: not here (test fires manual or auto)"],
  ])("notOneOf(--trigger %s)", (value, message) => {
    expect(notOneOf("trigger", value, ["manual", "auto"], { values: ["never"], why: "not here" })).toBe(message);
  });
});
