// Decides, per hook, what the generated plugin does with it: translated (replayed as Claude would),
// degraded (replayed, with a named difference) or dropped (not replayed, with the reason). Pure.
import type { MergedHooks } from "../schema/merge-sources.js";
import { eventInfo } from "../schema/events.js";
import type { HookEntry } from "../schema/types.js";
import type { PluginHandler } from "../plugin/config.js";
import { handlerLabel } from "../plugin/compile.js";
import { isReplayed, NOT_REPLAYED } from "../plugin/events/index.js";
import { compileMatcher } from "../plugin/match/compile-matcher.js";
import { compileIfRule } from "../plugin/match/if-rule.js";
import { APPLY_PATCH, CLAUDE_ONLY_TOOLS, TOOL_TABLE } from "../plugin/tools/table.js";

export type Status = "translated" | "degraded" | "dropped";

export interface ReportRow {
  status: Status;
  entry: HookEntry;
  label: string;
  /** How it is degraded, or why it is dropped. */
  notes: string[];
  /** Tool events: the OpenCode tools the matcher fires on. */
  firesOn?: string;
}

export interface Classification {
  rows: ReportRow[];
  handlers: PluginHandler[];
}

const SUPPORTED_TYPES = new Set(["command", "http"]);

export function classify(merged: MergedHooks): Classification {
  const rows: ReportRow[] = [];
  const handlers: PluginHandler[] = [];
  for (const entry of merged.entries) {
    const row = classifyEntry(entry);
    if (merged.disableAllHooks?.value) {
      row.status = "dropped";
      row.notes = [`disableAllHooks is true in ${merged.disableAllHooks.file}`];
    }
    rows.push(row);
    if (row.status !== "dropped") {
      handlers.push({
        event: entry.event,
        ...(entry.matcher !== undefined ? { matcher: entry.matcher } : {}),
        source: entry.source,
        where: entry.where,
        hook: entry.handler,
      });
    }
  }
  return { rows, handlers };
}

function classifyEntry(entry: HookEntry): ReportRow {
  const hook = entry.handler;
  const row: ReportRow = { status: "translated", entry, label: handlerLabel(hook), notes: [] };
  const drop = (reason: string) => {
    row.status = "dropped";
    row.notes = [reason];
    return row;
  };
  if (!isReplayed(entry.event)) return drop(NOT_REPLAYED[entry.event]);
  if (!SUPPORTED_TYPES.has(hook.type)) return drop(`${hook.type} hooks are not supported yet (command and http are)`);
  const info = eventInfo(entry.event);
  if (typeof hook.if === "string") {
    if (!info.toolEvent) return drop(`Claude Code never runs a hook with "if" on ${entry.event}`);
    const rule = compileIfRule(hook.if);
    if (!rule.ok) return drop(`"if": ${rule.error}`);
  }
  if (info.toolEvent) {
    const reach = toolReach(entry.matcher);
    if (reach.opencode.length === 0 && !reach.others) {
      return drop(`matcher "${entry.matcher}" names only tools OpenCode does not have (${reach.claudeOnly.join(", ")})`);
    }
    row.firesOn = reach.others ? [...reach.opencode, reach.others].join(", ") : reach.opencode.join(", ");
    if (reach.claudeOnly.length > 0) degrade(row, `no OpenCode counterpart for ${reach.claudeOnly.join(", ")}`);
  }
  if (hook.async === true || hook.asyncRewake === true) {
    degrade(row, "async: runs in the background; its output is not delivered to the model");
  }
  if (hook.shell === "powershell") degrade(row, "shell powershell: runs with pwsh, which must be on PATH");
  if (typeof hook.statusMessage === "string") degrade(row, "statusMessage is not shown (OpenCode has no hook spinner)");
  if (hook.type === "http" && entry.source !== "user") {
    degrade(row, "http: allowedHttpHookUrls / httpHookAllowedEnvVars policies are not applied");
  }
  return row;
}

function degrade(row: ReportRow, note: string): void {
  row.status = "degraded";
  row.notes.push(note);
}

/** Which OpenCode tools a tool-event matcher fires on, and which Claude-only tools it names. */
function toolReach(matcher: string | undefined): { opencode: string[]; claudeOnly: string[]; others?: string } {
  const compiled = compileMatcher(matcher);
  if (!compiled.ok) return { opencode: [], claudeOnly: [] };
  const test = compiled.matcher;
  if (test.kind === "all") return { opencode: ["every tool"], claudeOnly: [] };
  const opencode = TOOL_TABLE.filter((tool) => test.test(tool.claude)).map((tool) => tool.opencode);
  if (test.test("Edit") || test.test("Write")) opencode.push(APPLY_PATCH);
  const claudeOnly = test.kind === "exact" ? (test.names ?? []).filter((name) => CLAUDE_ONLY_TOOLS.includes(name)) : [];
  const mcp = test.kind === "exact" ? (test.names ?? []).some((name) => name.startsWith("mcp__")) : /mcp/.test(matcher ?? "");
  const unknown = test.kind === "exact" ? (test.names ?? []).some((name) => !name.startsWith("mcp__") && !CLAUDE_ONLY_TOOLS.includes(name) && !TOOL_TABLE.some((tool) => tool.claude === name)) : false;
  const others = mcp ? "MCP tools" : unknown ? "custom tools" : test.kind === "regex" ? "matching MCP/custom tools" : undefined;
  return { opencode, claudeOnly, ...(others ? { others } : {}) };
}
