// Cursor's events (agent-decisions.ts) and its merges of its hooks' results (cursor-output.ts read
// each one), into the decisions the event modules apply for Claude's hooks too. First each result
// becomes the JSON Cursor acts on: exit 2 is a block (`permission: "deny"` on the permission events,
// `continue: false` on beforeSubmitPrompt and sessionStart, nothing elsewhere); a failure blocks the
// same way only when the hook is `failClosed`, and invalid output always does on a permission event.
// Then Cursor's merge, in settings order: `permission` deny > ask > allow, `user_message`,
// `agent_message` and `additional_context` joined with `\n\n---\n\n`, `continue` AND-ed, any other
// field: the last one wins. What the model sees is Cursor's wording (I2/io0 in its runtime).
// preToolUse `ask` is not enforced and `allow` grants nothing (Cursor's own approval still asks);
// beforeShellExecution `ask` makes OpenCode ask the user, as Cursor forces its prompt.
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (executeAllAndMerge and its merge, the tool
// executors' preToolUse and pre/post execution hooks, the hooks adapter); https://cursor.com/docs/hooks.
import { CURSOR_DEFAULT_LOOP_LIMIT, CURSOR_PERMISSION_EVENTS } from "../../schema/dialects/cursor/events.js";
import { INVALID_JSON, INVALID_RESPONSE } from "../dialects/cursor/cursor-output.js";
import { rewritableKeys } from "../dialects/cursor/cursor-tools.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import type { AgentEvents } from "./agent-events.js";
import type { BlockAndContextDecision } from "./block-and-context-decision.js";
import type { CommonOutcome } from "./common.js";
import type { ContextDecision } from "./context-decision.js";
import type { PostToolUseDecision } from "./post-tool-use-decision.js";
import type { PostToolUseFailureDecision } from "./post-tool-use-failure-decision.js";
import type { PreToolUseDecision } from "./pre-tool-use-decision.js";
import type { StopDecision } from "./stop-decision.js";

/** The fields of Cursor's hook output the merges read. */
export interface CursorJson {
  permission?: "allow" | "deny" | "ask";
  user_message?: string;
  agent_message?: string;
  updated_input?: Record<string, unknown>;
  additional_context?: string;
  continue?: boolean;
  env?: Record<string, string>;
  followup_message?: string;
  updated_mcp_tool_output?: unknown;
  [field: string]: unknown;
}

const pre = (event: string) => (runs: readonly HandlerRun[], call: ClaudeCall | undefined) => decideCursorBefore(event, call!, runs);
const post = (event: string) => (runs: readonly HandlerRun[], call: ClaudeCall | undefined) => decideCursorAfter(event, call!, runs);

/** Cursor's replayed events and the engine event each rides on; the rest are reported (plugin/load/cursor-report.ts). */
export const CURSOR_EVENTS: AgentEvents = {
  preToolUse: { PreToolUse: pre("preToolUse") },
  beforeShellExecution: { PreToolUse: pre("beforeShellExecution") },
  beforeMCPExecution: { PreToolUse: pre("beforeMCPExecution") },
  // Before the task tool makes the subagent: a deny (or ask) keeps it from starting.
  subagentStart: { PreToolUse: pre("subagentStart") },
  postToolUse: { PostToolUse: post("postToolUse") },
  afterShellExecution: { PostToolUse: post("afterShellExecution") },
  afterMCPExecution: { PostToolUse: post("afterMCPExecution") },
  afterFileEdit: { PostToolUse: post("afterFileEdit") },
  // Cursor reads the file, then asks beforeReadFile with its content: a deny replaces what was read.
  beforeReadFile: { PostToolUse: post("beforeReadFile") },
  postToolUseFailure: { PostToolUseFailure: (runs) => decideCursorFailure(runs) },
  beforeSubmitPrompt: { UserPromptSubmit: (runs) => decideCursorContext("beforeSubmitPrompt", runs) },
  sessionStart: { SessionStart: (runs) => decideCursorContext("sessionStart", runs) },
  stop: { Stop: (runs) => decideCursorStop("stop", runs) },
  subagentStop: { SubagentStop: (runs) => decideCursorStop("subagentStop", runs) },
  // Observed only: the answer that ends the turn (Cursor fires it after each answer).
  afterAgentResponse: { Stop: (runs) => ({ ...common("afterAgentResponse", runs), blocks: [], context: [] }) },
  sessionEnd: { SessionEnd: (runs) => common("sessionEnd", runs) },
  preCompact: { PreCompact: (runs) => decideCursorPreCompact(runs) },
};

const AGENT_NOTE = "Agent note: Do not suggest workarounds to the blocked tool.";
const SETTINGS_NOTE = "To view or modify configured hooks, go to Cursor Settings > Hooks.";
const FAIL_CLOSED = "Tool blocked because this hook is configured to fail closed (block when it fails).";

/** Cursor's io0: the agent note, once. */
export function withAgentNote(text: string): string {
  return text.includes(AGENT_NOTE) ? text : `${text}\n\n${AGENT_NOTE}`;
}

/** Cursor's I2: what the model sees when a before-execution hook blocks. */
export function blockedByHookText(what: string, message: string | undefined): string {
  const said = message ? `${what} was blocked by a hook: ${message}` : `${what} was blocked by a hook.`;
  return withAgentNote(`${said}\n\n${SETTINGS_NOTE}`);
}

/** Cursor's block response for a step (AH): what a block means on it, if anything. */
function blockOf(event: string, message: string): CursorJson | undefined {
  if (CURSOR_PERMISSION_EVENTS.has(event)) return { permission: "deny", user_message: message };
  if (event === "beforeSubmitPrompt" || event === "sessionStart") return { continue: false, user_message: message };
  return event === "stop" ? {} : undefined;
}

/** The JSON Cursor acts on for one hook's run, if any. */
function actedOn(event: string, run: HandlerRun): CursorJson | undefined {
  const { handler, result } = run;
  const command = handler.label;
  const failClosed = handler.agentOptions?.failClosed === true;
  const closed = (detail: string) => (failClosed ? blockOf(event, `${FAIL_CLOSED} Hook "${command}" ${detail}`) : undefined);
  switch (result.status) {
    case "success":
      return result.json as CursorJson | undefined;
    case "blocking":
      return blockOf(event, result.stderr || `Hook "${command}" blocked this action (exit code 2) but provided no reason.`);
    case "cancelled":
      return closed(`execution failed: Hook script timed out after ${handler.timeoutMs}ms`);
    case "error": {
      const invalid = result.message === INVALID_JSON || result.message === INVALID_RESPONSE;
      if (!invalid) return closed(result.message);
      if (failClosed) return blockOf(event, `${FAIL_CLOSED} Hook "${command}" ${result.message}`);
      if (!CURSOR_PERMISSION_EVENTS.has(event)) return undefined;
      return blockOf(
        event,
        result.message === INVALID_JSON
          ? `Hook "${command}" returned invalid JSON. The command was blocked for safety.`
          : `Hook "${command}" returned an invalid response for this hook step. The command was blocked for safety.`,
      );
    }
  }
}

const JOINED_CONTEXT = new Set(["sessionStart", "beforeSubmitPrompt", "preToolUse", "postToolUse", "postToolUseFailure"]);
const RANK = { allow: 1, ask: 2, deny: 3 } as const;

function join(a: string | undefined, b: string | undefined): string | undefined {
  const parts = [a?.trim(), b?.trim()].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join("\n\n---\n\n") : undefined;
}

/** Cursor's merge of the JSON its hooks returned, in settings order. */
export function mergeCursor(event: string, results: readonly CursorJson[]): CursorJson | undefined {
  if (results.length <= 1) return results[0];
  const merged: CursorJson = {};
  for (const result of results) {
    for (const [key, value] of Object.entries(result)) {
      if (value === undefined) continue;
      if (key === "permission" && CURSOR_PERMISSION_EVENTS.has(event)) {
        const now = merged.permission;
        const next = value as keyof typeof RANK;
        if (RANK[next] !== undefined && (now === undefined || RANK[next] > RANK[now])) merged.permission = next;
      } else if (
        key === "user_message" ||
        key === "agent_message" ||
        (key === "additional_context" && JOINED_CONTEXT.has(event) && typeof value === "string")
      ) {
        const joined = join(merged[key] as string | undefined, value as string);
        if (joined === undefined) delete merged[key];
        else merged[key] = joined;
      } else if (key === "continue" && typeof value === "boolean") {
        merged.continue = merged.continue === undefined ? value : merged.continue && value;
      } else if (key === "env" && event === "sessionStart" && typeof value === "object" && value !== null) {
        merged.env = { ...merged.env, ...(value as Record<string, string>) };
      } else {
        merged[key] = value;
      }
    }
  }
  return merged;
}

function mergedOf(event: string, runs: readonly HandlerRun[]): CursorJson | undefined {
  return mergeCursor(
    event,
    runs.flatMap((run) => {
      const json = actedOn(event, run);
      return json ? [json] : [];
    }),
  );
}

/** Failures that did not block, for the log (Cursor logs them and goes on). */
function common(event: string, runs: readonly HandlerRun[]): CommonOutcome {
  const notices: string[] = [];
  for (const { handler, result } of runs) {
    if (result.status === "error") notices.push(`${event} hook error: [${handler.label}]: Hook "${handler.label}" ${result.message}`);
    if (result.status === "cancelled") notices.push(`${event} hook timed out after ${handler.timeoutMs / 1000}s: [${handler.label}]`);
  }
  return { systemMessages: [], notices };
}

/** preToolUse and the before-execution events, on PreToolUse. */
export function decideCursorBefore(event: string, call: ClaudeCall, runs: readonly HandlerRun[]): PreToolUseDecision {
  const merged = mergedOf(event, runs);
  const decision: PreToolUseDecision = { ...common(event, runs), denyMessages: [], reasons: [], additionalContext: [] };
  if (!merged) return decision;
  // subagentStart's ask is a deny (Cursor's runtime).
  if (merged.permission === "deny" || (event === "subagentStart" && merged.permission === "ask")) {
    decision.decision = "deny";
    decision.denyMessages.push(deniedText(event, call, merged.user_message));
    return decision;
  }
  // Only beforeShellExecution's ask makes Cursor ask; preToolUse's and beforeMCPExecution's are not enforced.
  if (merged.permission === "ask" && event === "beforeShellExecution") decision.decision = "ask";
  if (event === "subagentStart" && typeof merged.additional_context === "string") decision.additionalContext.push(merged.additional_context);
  if (event !== "preToolUse") return decision;
  if (typeof merged.additional_context === "string") decision.additionalContext.push(merged.additional_context);
  const rewrite = rewriteOf(call, merged.updated_input);
  if (rewrite) decision.updatedInput = rewrite;
  return decision;
}

/** What the model sees of a call a before hook denied. */
function deniedText(event: string, call: ClaudeCall, message: string | undefined): string {
  if (event === "beforeShellExecution") return blockedByHookText("Command execution", message);
  if (event === "beforeMCPExecution") return blockedByHookText("MCP tool execution", message);
  // Cursor's backend words a refused subagent; its user_message is what the hook said.
  if (event === "subagentStart") return withAgentNote(message || "Subagent blocked by subagentStart hook");
  if (call.mcpServer !== undefined) return blockedByHookText("MCP tool execution", message || "MCP tool blocked by preToolUse hook");
  return withAgentNote(message || `${call.toolName} blocked by preToolUse hook`);
}

/** `updated_input` as Cursor applies it: only the tool's rewritable keys, of the right type, over the call's input. */
function rewriteOf(call: ClaudeCall, updated: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!updated || call.fromPatch) return undefined;
  const keys = rewritableKeys(call);
  if (keys === "all") return { ...call.toolInput, ...updated };
  const kept = Object.entries(updated).filter(
    ([key, value]) => keys.includes(key) && (key === "timeout" ? typeof value === "number" && value >= 0 : typeof value === "string"),
  );
  // Only these keys: the tool's mapping keeps every other argument OpenCode had (cursor-tools.ts).
  if (kept.length === 0 || !call.mapping) return undefined;
  return Object.fromEntries(kept);
}

/** postToolUse and the after-execution events (and beforeReadFile, which Cursor asks after the read), on PostToolUse. */
export function decideCursorAfter(event: string, call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseDecision {
  const merged = mergedOf(event, runs);
  const decision: PostToolUseDecision = { ...common(event, runs), feedback: [] };
  if (!merged) return decision;
  if (event === "beforeReadFile" && merged.permission === "deny") decision.updatedToolOutput = { value: blockedByHookText("File read", merged.user_message) };
  if (event !== "postToolUse") return decision;
  if (typeof merged.additional_context === "string") decision.feedback.push(merged.additional_context);
  if (call.mcpServer !== undefined && merged.updated_mcp_tool_output !== undefined) {
    const content = mcpContent(merged.updated_mcp_tool_output);
    if (content) decision.updatedToolOutput = { value: content };
  }
  return decision;
}

/** updated_mcp_tool_output as Cursor reads it: a string, or `{content: [...]}` whose items become text. */
function mcpContent(value: unknown): Array<{ type: "text"; text: string }> | undefined {
  if (typeof value === "string") return [{ type: "text", text: value }];
  if (typeof value !== "object" || value === null || !Array.isArray((value as { content?: unknown }).content)) return undefined;
  return ((value as { content: unknown[] }).content ?? []).map((item) => {
    const record = item as Record<string, unknown>;
    return record && record.type === "text" && "text" in record ? { type: "text", text: String(record.text) } : { type: "text", text: JSON.stringify(item) };
  });
}

export function decideCursorFailure(runs: readonly HandlerRun[]): PostToolUseFailureDecision {
  const merged = mergedOf("postToolUseFailure", runs);
  const decision: PostToolUseFailureDecision = { ...common("postToolUseFailure", runs), feedback: [] };
  if (typeof merged?.additional_context === "string") decision.feedback.push(merged.additional_context);
  return decision;
}

/** beforeSubmitPrompt (continue: false blocks the prompt) and sessionStart (which cannot be blocked here). */
export function decideCursorContext(event: "beforeSubmitPrompt" | "sessionStart", runs: readonly HandlerRun[]): ContextDecision {
  const merged = mergedOf(event, runs);
  const decision: ContextDecision = { ...common(event, runs), context: [], blocks: [], userErrors: [], watchPaths: [], verbatim: true };
  if (!merged) return decision;
  if (merged.continue === false) {
    const reason = merged.user_message ?? "";
    if (event === "beforeSubmitPrompt") decision.blocks.push(reason);
    else decision.userErrors.push(`sessionStart hook stopped the session (continue: false), which OpenCode cannot refuse: ${reason}`);
  }
  if (typeof merged.additional_context === "string") decision.context.push(merged.additional_context);
  if (event === "sessionStart" && merged.env && Object.keys(merged.env).length > 0)
    decision.notices.push(
      `sessionStart hook set env (${Object.keys(merged.env).join(", ")}), which later Cursor hooks would see; hooks2opencode does not pass it on`,
    );
  return decision;
}

/** stop and subagentStop: `followup_message` is the next user message; each script's loop_limit caps its follow-ups (null: none). */
export function decideCursorStop(event: "stop" | "subagentStop", runs: readonly HandlerRun[]): StopDecision {
  const decision: StopDecision = { ...common(event, runs), blocks: [], context: [] };
  let cap: number | undefined;
  let followUp: string | undefined;
  for (const run of runs) {
    const json = actedOn(event, run);
    if (typeof json?.followup_message !== "string") continue;
    followUp = json.followup_message;
    const limit = run.handler.agentOptions?.loop_limit;
    cap = limit === null ? 0 : typeof limit === "number" ? limit : CURSOR_DEFAULT_LOOP_LIMIT;
  }
  if (followUp !== undefined && followUp.trim() !== "") {
    decision.prompt = followUp;
    decision.cap = cap ?? CURSOR_DEFAULT_LOOP_LIMIT;
  }
  return decision;
}

/** preCompact: its `user_message` is shown to the user; nothing stops the compaction. */
export function decideCursorPreCompact(runs: readonly HandlerRun[]): BlockAndContextDecision {
  const merged = mergedOf("preCompact", runs);
  const decision: BlockAndContextDecision = { ...common("preCompact", runs), blocks: [], texts: [] };
  if (typeof merged?.user_message === "string" && merged.user_message.trim() !== "") decision.systemMessages.push(merged.user_message);
  return decision;
}
