// A handler type's facts are its rows in schema/handlers.ts: compile.ts reads its label, its
// de-duplication key and its default timeout there, and the events take it by its row (asksModel).
// Claude Code 2.1.332: https://code.claude.com/docs/en/hooks#hook-handler-fields and its bundle.
import { describe, expect, it } from "vitest";
import { compileHandlers } from "../../plugin/compile.js";
import type { PluginHandler } from "../../plugin/config.js";
import { RUNNERS } from "../../plugin/run/runners/index.js";
import { eventInfo } from "../../schema/events.js";
import { HANDLER_FIELDS, HANDLER_TYPES } from "../../schema/handlers.js";

const compiled = (event: PluginHandler["event"], handler: unknown) =>
  compileHandlers({ generator: "test", handlers: [{ event, source: "project", where: "s.json:1:1", handler } as PluginHandler] }).get(event)?.[0];

describe("a handler type's row, as compile reads it", () => {
  it.each([
    ["Stop", { type: "command", command: "lint", args: ["--fix", "a b"] }, "lint --fix a b", '["command","bash","lint",["--fix","a b"],""]', 600_000],
    [
      "PreToolUse",
      { type: "command", command: "x", shell: "powershell", if: "Bash(rm *)", timeout: 5 },
      "x",
      '["command","powershell","x",null,"Bash(rm *)"]',
      5000,
    ],
    ["UserPromptSubmit", { type: "http", url: "http://127.0.0.1/hook" }, "http://127.0.0.1/hook", '["http","http://127.0.0.1/hook",""]', 30_000],
    [
      "SessionStart",
      { type: "mcp_tool", server: "memory", tool: "recall", input: { a: 1 } },
      "memory/recall",
      '["mcp_tool","memory","recall",{"a":1},""]',
      600_000,
    ],
    ["Stop", { type: "prompt", prompt: "Done?" }, "Done?", '["prompt","Done?",""]', 30_000],
    ["Stop", { type: "agent", prompt: "Check the tests" }, "Check the tests", '["agent","Check the tests",""]', 60_000],
    ["SessionEnd", { type: "command", command: "bye" }, "bye", '["command","bash","bye",null,""]', 1500],
  ])("%s %j: label %j, key %s, %d ms", (event, handler, label, key, timeoutMs) => {
    expect(compiled(event as PluginHandler["event"], handler)).toMatchObject({ label, key, timeoutMs });
  });

  it("a type no row names (a hand-edited plugin) compiles as before: read as a prompt hook, the event's timeout", () => {
    expect(compiled("Stop", { type: "shell", prompt: "p" })).toMatchObject({ label: "p", key: '["shell","p",""]', timeoutMs: 600_000 });
  });

  it("every type has its fields, its facts and its runner; the events that take every type take them all", () => {
    expect(Object.keys(HANDLER_FIELDS)).toEqual(HANDLER_TYPES);
    expect(Object.keys(RUNNERS).sort()).toEqual([...HANDLER_TYPES].sort());
    expect(eventInfo("Stop").types).toEqual(["command", "http", "mcp_tool", "prompt", "agent"]);
    expect(eventInfo("Notification").types).toEqual(["command", "http", "mcp_tool"]);
    expect(eventInfo("PermissionRequest").types).toEqual(["command", "http", "mcp_tool", "prompt"]);
  });
});
