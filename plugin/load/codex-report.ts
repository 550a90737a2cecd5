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
    Interrupt: "OpenCode reports an interrupt only as an aborted message (no hook channel before it); Codex's Interrupt hooks do not run",
  },
  droppedBecause(hook, read) {
    if (read.disabledIn) return `hooks = false in [features] of ${read.disabledIn}: Codex runs no hook`;
    if (hook.type === "prompt" || hook.type === "agent") return `Codex skips ${hook.type} hooks itself (with a warning)`;
    if (hook.type !== "command" && hook.type !== "mcp_tool") return `Codex's ${hook.type} hooks are not replayed yet`;
    return undefined;
  },
  firesOn: (hook, engine) => (TOOL_EVENTS.has(hook.event) ? toolsOf(hook) : channelsOf(engine).join(", ")),
  remarks(hook) {
    const own = [...(hook.async ? [ASYNC_REMARK] : []), ...(hook.mcp ? [MCP_REMARK(hook.mcp.server)] : [])];
    if (!TOOL_EVENTS.has(hook.event)) return own;
    return [...own, ...toolRemarks(hook)];
  },
};

/** Where an mcp_tool hook's server comes from in OpenCode. */
const MCP_REMARK = (server: string) =>
  `mcp_tool: calls the tool on OpenCode's MCP server "${server}" (its own connection; Codex uses its own config's server of that name) and reads its text as Codex reads a command's stdout`;

/** What an async Codex hook does, as Codex 0.171.0 runs it (command_runner.rs schedule_async_hook). */
const ASYNC_REMARK =
  "async: runs in the background and decides nothing; its context reaches the model as a message of its own at the session's next request, as Codex delivers it";

/** What a tool hook's matcher names that Codex has no tool for. */
function toolRemarks(hook: AgentHook): string[] {
  const compiled = CODEX.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return [];
  if (compiled.matcher.kind === "all")
    return [
      "OpenCode's read, glob, grep, webfetch, websearch, task and todowrite have no Codex tool: this hook does not fire on them (Codex reads and searches through Bash)",
    ];
  const aliases = Object.values(CODEX_MATCHER_ALIASES).flat();
  const named = NO_CODEX_TOOL.filter((name) => compiled.matcher.test(name) && !aliases.includes(name));
  return named.length > 0 ? [`matches ${named.join(", ")}, which Codex has no tool for: OpenCode's tools of that kind fire no Codex hook`] : [];
}

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
