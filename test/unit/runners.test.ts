// The runner table: one module per Claude handler type, each registered under its own type, and
// convert's report reads the same table (a type without a runner cannot be reported as translated).
import { describe, expect, it } from "vitest";
import { classify } from "../../plugin/load/classify.js";
import { HANDLER_TYPES } from "../../schema/handlers.js";
import { RUNNERS } from "../../plugin/run/runners/index.js";
import type { Handler } from "../../schema/types.js";

const entry = (handler: Handler) => ({ event: "PostToolUse" as const, matcher: "Edit", handler, source: "project" as const, where: "s.json:1:1" });

describe("runner table", () => {
  it("has one runner per handler type of the field table, under its own type", () => {
    expect(Object.keys(RUNNERS).sort()).toEqual([...HANDLER_TYPES].sort());
    for (const [type, runner] of Object.entries(RUNNERS)) expect(runner.type).toBe(type);
  });

  it("is what convert reports: a runner's differences degrade the hook, its remarks are notes", () => {
    const rows = classify({
      entries: [
        entry({ type: "command", command: "fmt" }),
        entry({ type: "command", command: "fmt", shell: "powershell" }),
        entry({ type: "mcp_tool", server: "s", tool: "t" }),
      ],
    }).rows;
    expect(rows.map((row) => [row.status, row.notes])).toEqual([
      ["translated", []],
      ["degraded", ["shell powershell: runs with pwsh, which must be on PATH"]],
      ["degraded", RUNNERS.mcp_tool.differences!({ type: "mcp_tool", server: "s", tool: "t" })],
    ]);
  });
});
