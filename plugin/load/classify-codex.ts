// Decides, per Codex CLI hook, what the generated plugin does with it (translated, degraded, dropped
// with the reason), and the handlers it embeds with the `codex` dialect. Pure; the Codex side of
// classify.ts, read from the same tables the runtime uses (the dialect's matcher and tool table).
import type { CodexHook, CodexHooks } from "../../schema/dialects/codex/read-codex-hooks.js";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { EventName } from "../../schema/events.js";
import type { HookEntry } from "../../schema/types.js";
import type { PluginHandler } from "../config.js";
import { DIALECT_TOOL_DECISIONS } from "../decide/dialect-decisions.js";
import { CODEX } from "../dialects/codex/codex-dialect.js";
import { CODEX_MATCHER_ALIASES, CODEX_TOOL_OF } from "../dialects/codex/codex-tools.js";
import type { ReportRow } from "./classify.js";

/** Why each Codex event hooks2opencode does not replay yet is not replayed. */
const NOT_YET: Partial<Record<CodexHook["event"], string>> = {
  PermissionRequest: "Codex's PermissionRequest (hookSpecificOutput.decision.behavior) is not replayed yet; its hooks do not run",
  Interrupt: "OpenCode reports an interrupt only as an aborted message (no hook channel before it); Codex's Interrupt hooks do not run",
};

/** Claude-style tool names a Codex matcher may name that Codex has no tool for: OpenCode's read, glob, grep, ... fire no Codex hook. */
const NO_CODEX_TOOL = ["Read", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Task", "Agent", "TodoWrite", "NotebookEdit", "MultiEdit"];

export interface CodexClassification {
  rows: ReportRow[];
  handlers: PluginHandler[];
  /** Hooks on an event Claude has no name for (Interrupt): said as findings, located. */
  diagnostics: Diagnostic[];
}

export function classifyCodex(read: CodexHooks): CodexClassification {
  const result: CodexClassification = { rows: [], handlers: [], diagnostics: [] };
  for (const hook of read.hooks) {
    if (hook.event === "Interrupt") {
      const [file, line, column] = splitWhere(hook.where);
      result.diagnostics.push({
        code: "codex-not-replayed",
        severity: "warning",
        file,
        line,
        column,
        message: `Interrupt hook not replayed: ${NOT_YET.Interrupt}`,
      });
      continue;
    }
    const entry: HookEntry = {
      event: hook.event as EventName,
      ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
      handler: {
        type: "command",
        command: hook.command ?? "",
        ...(hook.timeout !== undefined ? { timeout: hook.timeout } : {}),
        ...(hook.statusMessage !== undefined ? { statusMessage: hook.statusMessage } : {}),
      },
      source: hook.layer,
      where: hook.where,
      dialect: "codex",
    };
    const dropped = droppedBecause(hook, read.disabledIn);
    const label = hook.type === "command" ? (hook.command ?? "") : `${hook.type} hook`;
    if (dropped) {
      result.rows.push({ status: "dropped", entry, label, notes: [dropped], remarks: [] });
      continue;
    }
    const channels = [hook.event === "PreToolUse" ? "tool.execute.before" : "tool.execute.after"];
    result.rows.push({ status: "translated", entry, label, notes: [], remarks: remarks(hook), firesOn: firesOn(hook), channels });
    result.handlers.push({
      event: entry.event,
      ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
      source: hook.layer,
      where: hook.where,
      handler: entry.handler,
      dialect: "codex",
    });
  }
  return result;
}

function droppedBecause(hook: CodexHook, disabledIn: string | undefined): string | undefined {
  if (disabledIn) return `hooks = false in [features] of ${disabledIn}: Codex runs no hook`;
  if (hook.type === "prompt" || hook.type === "agent") return `Codex skips ${hook.type} hooks itself (with a warning)`;
  if (hook.type !== "command") return `Codex's ${hook.type} hooks are not replayed yet`;
  if (hook.async) return "async Codex hooks are not replayed (what Codex 0.171.0 does with them is unverified)";
  if (NOT_YET[hook.event]) return NOT_YET[hook.event];
  if (!DIALECT_TOOL_DECISIONS.codex[hook.event as EventName])
    return `Codex's ${hook.event} is not replayed yet (hooks2opencode replays Codex's PreToolUse and PostToolUse)`;
  return undefined;
}

/** The OpenCode tools a Codex tool hook fires on: those with a Codex tool its matcher (or an alias) names, and MCP tools. */
function firesOn(hook: CodexHook): string {
  const compiled = CODEX.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return "nothing";
  const tools = Object.entries(CODEX_TOOL_OF)
    .filter(([, codex]) => compiled.matcher.test(codex))
    .map(([opencode]) => opencode);
  const mcp = compiled.matcher.kind === "all" || (hook.matcher ?? "").startsWith("mcp__") ? ["MCP tools"] : [];
  return [...tools, ...mcp].join(", ") || "nothing (no Codex tool matches)";
}

function remarks(hook: CodexHook): string[] {
  const compiled = CODEX.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return [];
  const named = NO_CODEX_TOOL.filter((name) => compiled.matcher.test(name) && !Object.values(CODEX_MATCHER_ALIASES).flat().includes(name));
  if (compiled.matcher.kind === "all")
    return [
      "OpenCode's read, glob, grep, webfetch, websearch, task and todowrite have no Codex tool: this hook does not fire on them (Codex reads and searches through Bash)",
    ];
  return named.length > 0 ? [`matches ${named.join(", ")}, which Codex has no tool for: OpenCode's tools of that kind fire no Codex hook`] : [];
}

function splitWhere(where: string): [string, number, number] {
  const match = /^(.*):(\d+):(\d+)$/.exec(where);
  return match ? [match[1]!, Number(match[2]), Number(match[3])] : [where, 1, 1];
}
