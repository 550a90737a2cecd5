// What the report says of Codex CLI's hooks (dialect-report.ts): why an event or hook is not
// replayed, which OpenCode tools a tool hook fires on, and the Claude-style tool names Codex has no
// tool for. Read from the dialect's own matcher and tool table. Pure.
import type { AgentHook } from "../../schema/dialects/agent-hooks.js";
import { CODEX } from "../dialects/codex/codex-dialect.js";
import { CODEX_MATCHER_ALIASES, CODEX_TOOL_OF } from "../dialects/codex/codex-tools.js";
import type { DialectReport } from "./dialect-report.js";
import { channelsOf } from "./classify.js";

/** Claude-style tool names a Codex matcher may name that Codex has no tool for: OpenCode's read, glob, grep, ... fire no Codex hook. */
const NO_CODEX_TOOL = ["Read", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Task", "Agent", "TodoWrite", "NotebookEdit", "MultiEdit"];

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PermissionRequest"]);

export const CODEX_REPORT: DialectReport = {
  notReplayed: {
    PermissionRequest: "Codex's PermissionRequest (hookSpecificOutput.decision.behavior) is not replayed yet; its hooks do not run",
    Interrupt: "OpenCode reports an interrupt only as an aborted message (no hook channel before it); Codex's Interrupt hooks do not run",
  },
  droppedBecause(hook, read) {
    if (read.disabledIn) return `hooks = false in [features] of ${read.disabledIn}: Codex runs no hook`;
    if (hook.type === "prompt" || hook.type === "agent") return `Codex skips ${hook.type} hooks itself (with a warning)`;
    if (hook.type !== "command") return `Codex's ${hook.type} hooks are not replayed yet`;
    if (hook.async) return "async Codex hooks are not replayed (what Codex 0.171.0 does with them is unverified)";
    return undefined;
  },
  firesOn: (hook, engine) => (TOOL_EVENTS.has(hook.event) ? toolsOf(hook) : channelsOf(engine).join(", ")),
  remarks(hook) {
    if (!TOOL_EVENTS.has(hook.event)) return [];
    const compiled = CODEX.compileMatcher(hook.event, hook.matcher);
    if (!compiled.ok) return [];
    if (compiled.matcher.kind === "all")
      return [
        "OpenCode's read, glob, grep, webfetch, websearch, task and todowrite have no Codex tool: this hook does not fire on them (Codex reads and searches through Bash)",
      ];
    const aliases = Object.values(CODEX_MATCHER_ALIASES).flat();
    const named = NO_CODEX_TOOL.filter((name) => compiled.matcher.test(name) && !aliases.includes(name));
    return named.length > 0 ? [`matches ${named.join(", ")}, which Codex has no tool for: OpenCode's tools of that kind fire no Codex hook`] : [];
  },
};

/** The OpenCode tools a Codex tool hook fires on: those with a Codex tool its matcher (or an alias) names, and MCP tools. */
function toolsOf(hook: AgentHook): string {
  const compiled = CODEX.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return "nothing";
  const tools = Object.entries(CODEX_TOOL_OF)
    .filter(([, codex]) => compiled.matcher.test(codex))
    .map(([opencode]) => opencode);
  const mcp = compiled.matcher.kind === "all" || (hook.matcher ?? "").startsWith("mcp__") ? ["MCP tools"] : [];
  return [...tools, ...mcp].join(", ") || "nothing (no Codex tool matches)";
}
