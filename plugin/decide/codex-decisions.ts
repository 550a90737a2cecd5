// Codex CLI's events (agent-decisions.ts) and its merges of its hooks' results (codex-output.ts read
// each one), into the decisions the event modules apply for Claude's hooks too. PreToolUse: any block blocks,
// the model sees Codex's text with the FIRST reason in settings order; otherwise the last updatedInput
// rewrites the call (no permission is answered: Codex's `allow` exists only to carry the rewrite).
// PostToolUse: a block, or continue:false, REPLACES the tool's output with the reasons of all hooks,
// joined with a blank line (Codex does not append them, and goes on to the model);
// updatedMCPToolOutput replaces an MCP tool's result. additionalContext of both is a message of its
// own at the next model request, as written (Codex records a developer message; not the tool result).
// PermissionRequest: any deny wins, else an allow.
// Source: openai/codex codex-rs/hooks/src/events/pre_tool_use.rs, post_tool_use.rs; https://developers.openai.com/codex/hooks.
import type { HookJson } from "../protocol/hook-json.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import { collectCommon } from "./common.js";
import type { ContextDecision } from "./context-decision.js";
import { decideIgnored } from "./ignored-decision.js";
import type { StopDecision } from "./stop-decision.js";
import type { PostToolUseDecision } from "./post-tool-use-decision.js";
import type { PreToolUseDecision } from "./pre-tool-use-decision.js";
import type { PermissionRequestDecision } from "./permission-request-decision.js";
import type { AgentEvents } from "./agent-events.js";

/** Codex's events carry Claude's names; those not here are reported (plugin/load/codex-report.ts). */
export const CODEX_EVENTS: AgentEvents = {
  PreToolUse: { PreToolUse: (runs, call) => decideCodexPreToolUse(call!, runs) },
  PermissionRequest: { PermissionRequest: (runs, call) => decideCodexPermissionRequest(call!, runs) },
  PostToolUse: { PostToolUse: (runs, call) => decideCodexPostToolUse(call!, runs) },
  SessionStart: { SessionStart: (runs) => decideCodexContext("SessionStart", runs) },
  UserPromptSubmit: { UserPromptSubmit: (runs) => decideCodexContext("UserPromptSubmit", runs) },
  SubagentStart: { SubagentStart: (runs) => decideCodexContext("SubagentStart", runs) },
  Stop: { Stop: (runs) => decideCodexTurnEnd("Stop", runs) },
  SubagentStop: { SubagentStop: (runs) => decideCodexTurnEnd("SubagentStop", runs) },
  // Codex reads only the universal fields there, and nothing of them changes what happens.
  PreCompact: { PreCompact: (runs) => ({ ...decideIgnored("PreCompact", runs), blocks: [], texts: [] }) },
  PostCompact: { PostCompact: (runs) => decideIgnored("PostCompact", runs) },
  SessionEnd: { SessionEnd: (runs) => decideIgnored("SessionEnd", runs) },
};

/** What the model sees of a denied call (https://developers.openai.com/codex/hooks; openai/codex#32573, PR #20527). */
export function codexDeniedText(call: Pick<ClaudeCall, "toolName" | "toolInput">, reason: string): string {
  if (call.toolName === "Bash" || call.toolName === "apply_patch")
    return `Command blocked by PreToolUse hook: ${reason}. Command: ${String(call.toolInput.command ?? "")}`;
  return `Tool call blocked by PreToolUse hook: ${reason}. Tool: ${call.toolName}`;
}

function jsonOf(run: HandlerRun): HookJson | undefined {
  return run.result.status === "success" ? run.result.json : undefined;
}

export function decideCodexPreToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PreToolUseDecision {
  const merged: PreToolUseDecision = { ...collectCommon("PreToolUse", call.toolName, runs), denyMessages: [], reasons: [], additionalContext: [] };
  let reason: string | undefined;
  let updatedInput: Record<string, unknown> | undefined;
  for (const run of runs) {
    if (run.result.status === "blocking") reason ??= run.result.stderr;
    const json = jsonOf(run);
    const specific = json?.hookSpecificOutput;
    if (typeof specific?.additionalContext === "string") (merged.ownMessages ??= []).push(specific.additionalContext);
    if (specific?.permissionDecision === "deny") reason ??= String(specific.permissionDecisionReason).trim();
    else if (json?.decision === "block" && specific?.permissionDecision === undefined) reason ??= String(json.reason).trim();
    if (specific?.permissionDecision === "allow" && specific.updatedInput !== undefined) updatedInput = specific.updatedInput as Record<string, unknown>;
  }
  if (reason !== undefined) {
    merged.decision = "deny";
    merged.denyMessages.push(codexDeniedText(call, reason));
  } else if (updatedInput !== undefined) {
    merged.updatedInput = updatedInput;
  }
  return merged;
}

/** Codex's text for a deny without a message (output_parser.rs permission_request_decision). */
export const CODEX_DEFAULT_DENIAL = "PermissionRequest hook denied approval";

/**
 * PermissionRequest: `hookSpecificOutput.decision` allow or deny (its message, else Codex's default),
 * or exit 2 with stderr (a deny); any deny wins, else an allow approves this one call (no rule is
 * remembered: Codex refuses updatedPermissions). No decision leaves the prompt to the user.
 * Source: openai/codex codex-rs/hooks/src/events/permission_request.rs (resolve_permission_request_decision).
 */
export function decideCodexPermissionRequest(call: ClaudeCall, runs: readonly HandlerRun[]): PermissionRequestDecision {
  const merged: PermissionRequestDecision = collectCommon("PermissionRequest", call.toolName, runs);
  let allowed = false;
  for (const { result } of runs) {
    const decision =
      result.status === "success" ? (result.json?.hookSpecificOutput?.decision as { behavior?: string; message?: unknown } | undefined) : undefined;
    const denial =
      result.status === "blocking"
        ? result.stderr
        : decision?.behavior === "deny"
          ? (typeof decision.message === "string" && decision.message.trim()) || CODEX_DEFAULT_DENIAL
          : undefined;
    if (denial !== undefined) {
      merged.answer = { behavior: "deny", message: denial, interrupt: false, updatedPermissions: [] };
      return merged;
    }
    if (decision?.behavior === "allow") allowed = true;
  }
  if (allowed) merged.answer = { behavior: "allow", message: "", interrupt: false, updatedPermissions: [] };
  return merged;
}

export function decideCodexPostToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseDecision {
  // continue:false replaces the output here; it does not stop the session (the model is called again).
  const { stop: _notAStop, ...common } = collectCommon("PostToolUse", call.toolName, runs);
  const merged: PostToolUseDecision = { ...common, feedback: [] };
  // Every hook's feedback, joined with a blank line (post_tool_use.rs join_text_chunks).
  const replacement: string[] = [];
  for (const run of runs) {
    if (run.result.status === "blocking") replacement.push(run.result.stderr);
    const json = jsonOf(run);
    if (!json) continue;
    if (json.decision === "block") replacement.push(String(json.reason).trim());
    else if (json.continue === false) replacement.push(json.stopReason ?? "");
    const specific = json.hookSpecificOutput;
    if (typeof specific?.additionalContext === "string") (merged.ownMessages ??= []).push(specific.additionalContext);
    if (specific?.updatedMCPToolOutput != null) {
      if (call.mcpServer !== undefined) merged.updatedToolOutput = { value: specific.updatedMCPToolOutput };
      else merged.notices.push(`PostToolUse:${call.toolName} hook error: [${run.handler.label}]: PostToolUse hook returned unsupported updatedMCPToolOutput`);
    }
  }
  if (replacement.length > 0) merged.updatedToolOutput = { value: replacement.join("\n\n") };
  return merged;
}

/**
 * SessionStart, UserPromptSubmit, SubagentStart: plain stdout (SessionStart, UserPromptSubmit) and
 * additionalContext are context, each as Codex hands it to the model (a developer message of the
 * text alone, so no Claude wrapping); on UserPromptSubmit `decision: "block"` or exit 2 with stderr
 * drops the prompt. Exit 2 elsewhere fails the hook (codex-output.ts).
 * Source: https://developers.openai.com/codex/hooks; openai/codex codex-rs/hooks/src/events/user_prompt_submit.rs, session_start.rs.
 */
export function decideCodexContext(event: "SessionStart" | "UserPromptSubmit" | "SubagentStart", runs: readonly HandlerRun[]): ContextDecision {
  const merged: ContextDecision = { ...collectCommon(event, "", runs), context: [], blocks: [], userErrors: [], watchPaths: [], verbatim: true };
  for (const run of runs) {
    const { result } = run;
    if (result.status === "blocking") {
      if (event === "UserPromptSubmit") merged.blocks.push(result.stderr);
      else merged.notices.push(`${event} hook error: [${run.handler.label}]: exit 2 does not block ${event}`);
      continue;
    }
    if (result.status !== "success") continue;
    if (result.text !== undefined) merged.context.push(result.text);
    const json = result.json;
    if (event === "UserPromptSubmit" && json?.decision === "block") merged.blocks.push(String(json.reason).trim());
    const context = json?.hookSpecificOutput?.additionalContext;
    if (typeof context === "string" && context.trim() !== "") merged.context.push(context);
  }
  // continue:false is Codex's universal stop: on a prompt it ends the turn as a block does.
  if (event !== "UserPromptSubmit") delete merged.stop;
  return merged;
}

/**
 * Stop and SubagentStop: `decision: "block"` with its reason, or exit 2 with stderr, sends the agent
 * back with the reasons as one user message, each hook's in a `<hook_prompt>` element (XML-escaped),
 * as Codex records it; Codex has no cap on such loops (cap 0). `continue: false` ends the turn.
 * Source: https://developers.openai.com/codex/hooks; openai/codex codex-rs/hooks/src/events/stop.rs (HookPromptItem).
 */
export function decideCodexTurnEnd(event: "Stop" | "SubagentStop", runs: readonly HandlerRun[]): StopDecision {
  const merged: StopDecision = { ...collectCommon(event, "", runs), blocks: [], context: [], cap: 0 };
  const fragments: string[] = [];
  runs.forEach((run, index) => {
    const { result } = run;
    const json = jsonOf(run);
    const reason = result.status === "blocking" ? result.stderr : json?.decision === "block" ? String(json.reason).trim() : undefined;
    if (reason === undefined) return;
    merged.blocks.push({ label: run.handler.label, reason });
    const id = `${event === "Stop" ? "stop" : "subagent_stop"}:${index}:${run.handler.where.replace(/:\d+:\d+$/, "")}`;
    fragments.push(`<hook_prompt hook_run_id="${xml(id).replaceAll('"', "&quot;")}">${xml(reason)}</hook_prompt>`);
  });
  if (fragments.length > 0) merged.prompt = fragments.join("\n");
  return merged;
}

function xml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
