// Gemini CLI's events (agent-decisions.ts) and its merges of its hooks' outputs (gemini-output.ts read
// each one), into the decisions the engine's event modules apply for Claude's hooks too. Gemini first merges every output of an event
// into one (hookAggregator.ts mergeWithOrDecision: any deny/block wins, else ask; ALL reasons,
// stopReasons, systemMessages and additionalContexts joined with "\n"; hookSpecificOutput
// shallow-merged, so the last tool_input wins), then reads the one "effective reason"
// (stopReason, else reason, else "No reason provided"), and shows the model its own texts:
// `Tool execution blocked: <reason>`, `Agent execution stopped by hook: <reason>`, additional
// context as `<hook_context>…</hook_context>` with `<` and `>` escaped.
// Source: google-gemini/gemini-cli packages/core/src/hooks/hookAggregator.ts, types.ts
// (DefaultHookOutput), scheduler/hook-utils.ts, core/coreToolHookTriggers.ts, core/client.ts. Pure.
import { type GeminiOutput, geminiOutputOf } from "../dialects/gemini/gemini-output.js";
import { geminiRequired } from "../dialects/gemini/gemini-tools.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import type { AgentEvents } from "./agent-events.js";
import { type CommonOutcome, collectCommon } from "./common.js";
import type { ContextDecision } from "./context-decision.js";
import type { PostToolUseDecision } from "./post-tool-use-decision.js";
import type { PreToolUseDecision } from "./pre-tool-use-decision.js";
import type { StopDecision } from "./stop-decision.js";

/**
 * Gemini's events that have an OpenCode moment; the others are reported (plugin/load/gemini-report.ts).
 * AfterTool rides PostToolUse only: Gemini fires it after every call, a shell command that exits
 * non-zero included (not an error to Gemini); after a tool error it is not replayed yet (the report says why).
 */
export const GEMINI_EVENTS: AgentEvents = {
  BeforeTool: { PreToolUse: (runs, call) => decideGeminiBeforeTool(call!, runs) },
  AfterTool: { PostToolUse: (runs, call) => decideGeminiAfterTool(call!, runs) },
  BeforeAgent: { UserPromptSubmit: (runs) => decideGeminiBeforeAgent(runs) },
  AfterAgent: { Stop: (runs) => decideGeminiAfterAgent(runs) },
  SessionStart: { SessionStart: (runs) => decideGeminiSessionStart(runs) },
  SessionEnd: { SessionEnd: (runs) => decideGeminiAdvisory("SessionEnd", runs) },
  PreCompress: { PreCompact: (runs) => decideGeminiAdvisory("PreCompress", runs) },
  Notification: { Notification: (runs) => decideGeminiAdvisory("Notification", runs) },
};

/** The outputs of one event merged as Gemini merges them (BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart). */
export interface GeminiMerged {
  continue: boolean;
  decision: "allow" | "ask" | "deny" | "block" | undefined;
  reason?: string;
  stopReason?: string;
  systemMessage?: string;
  suppressOutput: boolean;
  additionalContext?: string;
  hookSpecificOutput: Record<string, unknown>;
  clearContext: boolean;
}

export function mergeGeminiOutputs(outputs: readonly GeminiOutput[]): GeminiMerged | undefined {
  if (outputs.length === 0) return undefined;
  const merged: GeminiMerged = { continue: true, decision: undefined, suppressOutput: false, hookSpecificOutput: {}, clearContext: false };
  const reasons: string[] = [];
  const stopReasons: string[] = [];
  const systemMessages: string[] = [];
  const contexts: string[] = [];
  let blocked = false;
  let asked = false;
  for (const output of outputs) {
    if (output.continue === false) {
      merged.continue = false;
      if (output.stopReason) stopReasons.push(String(output.stopReason));
    }
    if (output.decision === "block" || output.decision === "deny") {
      blocked = true;
      merged.decision = output.decision;
    } else if (output.decision === "ask") {
      asked = true;
      if (!blocked) merged.decision = "ask";
    }
    if (output.reason) reasons.push(String(output.reason));
    if (output.systemMessage) systemMessages.push(String(output.systemMessage));
    if (output.suppressOutput) merged.suppressOutput = true;
    const specific = output.hookSpecificOutput;
    if (typeof specific === "object" && specific !== null) {
      const { clearContext, ...rest } = specific as Record<string, unknown>;
      if (clearContext === true) merged.clearContext = true;
      Object.assign(merged.hookSpecificOutput, rest);
      if (typeof rest.additionalContext === "string") contexts.push(rest.additionalContext);
    }
  }
  if (!blocked && !asked && merged.continue) merged.decision = "allow";
  if (reasons.length > 0) merged.reason = reasons.join("\n");
  if (stopReasons.length > 0) merged.stopReason = stopReasons.join("\n");
  if (systemMessages.length > 0) merged.systemMessage = systemMessages.join("\n");
  if (contexts.length > 0) merged.additionalContext = contexts.join("\n");
  return merged;
}

/** getEffectiveReason: the reason Gemini shows for a block or a stop. */
export function effectiveReason(merged: GeminiMerged): string {
  return merged.stopReason || merged.reason || "No reason provided";
}

/** getAdditionalContext, wrapped: `<` and `>` escaped so a hook cannot close the tag. */
export function hookContextText(context: string): string {
  return `<hook_context>${context.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</hook_context>`;
}

const isBlocking = (merged: GeminiMerged) => merged.decision === "deny" || merged.decision === "block";

/** What every event shares: failures for the log, and the one merged systemMessage for the user (unless suppressOutput). */
function common(event: string, tool: string, runs: readonly HandlerRun[], merged: GeminiMerged | undefined): CommonOutcome {
  const {
    stop: _gemini,
    systemMessages: _each,
    ...failures
  } = collectCommon(
    event,
    tool,
    runs.map(({ handler, result }) => ({ handler, result: withoutJson(result) })),
  );
  const shown = merged?.systemMessage !== undefined && !merged.suppressOutput ? [merged.systemMessage] : [];
  return { ...failures, systemMessages: shown };
}

/** The failures alone: Gemini's JSON is read here, not by Claude's collectCommon. */
function withoutJson(result: HandlerRun["result"]): HandlerRun["result"] {
  return result.status === "success" ? { status: "success" } : result;
}

function outputsOf(runs: readonly HandlerRun[]): GeminiOutput[] {
  return runs.flatMap(({ result }) => geminiOutputOf(result) ?? []);
}

/** BeforeTool: stop, block, ask, then the rewrite (scheduler/hook-utils.ts evaluateBeforeToolHook, in that order). */
export function decideGeminiBeforeTool(call: ClaudeCall, runs: readonly HandlerRun[]): PreToolUseDecision {
  const merged = mergeGeminiOutputs(outputsOf(runs));
  const decision: PreToolUseDecision = { ...common("BeforeTool", call.toolName, runs, merged), denyMessages: [], reasons: [], additionalContext: [] };
  if (!merged) return decision;
  if (!merged.continue) {
    decision.stop = { reason: `Agent execution stopped by hook: ${effectiveReason(merged)}` };
    return decision;
  }
  if (isBlocking(merged)) {
    decision.decision = "deny";
    decision.denyMessages.push(`Tool execution blocked: ${effectiveReason(merged)}`);
    return decision;
  }
  if (merged.decision === "ask") decision.decision = "ask";
  const rewrite = merged.hookSpecificOutput.tool_input;
  if (typeof rewrite === "object" && rewrite !== null && !Array.isArray(rewrite)) {
    // Gemini rebuilds the call from the hook's object alone and validates it against the tool's schema.
    const missing = geminiRequired(call.toolName).find((key) => !Object.hasOwn(rewrite, key));
    if (missing !== undefined) {
      decision.decision = "deny";
      decision.denyMessages.push(`Tool parameter modification by hook failed validation: params must have required property '${missing}'`);
      return decision;
    }
    decision.updatedInput = rewrite as Record<string, unknown>;
  }
  return decision;
}

/**
 * AfterTool on a call that ran: a stop or a block replaces what the model gets with the reason (as
 * Gemini's error result does); additional context is appended to the result as Gemini appends it
 * ("\n\n<hook_context>…</hook_context>", or a text part after an MCP tool's parts). `output` is
 * OpenCode's result the hooks were handed, which the appended text is built on.
 */
export function decideGeminiAfterTool(call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseDecision {
  const merged = mergeGeminiOutputs(outputsOf(runs));
  const decision: PostToolUseDecision = { ...common("AfterTool", call.toolName, runs, merged), feedback: [] };
  if (!merged) return decision;
  if (!merged.continue) {
    decision.stop = { reason: effectiveReason(merged) };
    decision.updatedToolOutput = { value: effectiveReason(merged) };
    return decision;
  }
  if (isBlocking(merged)) {
    decision.updatedToolOutput = { value: effectiveReason(merged) };
    return decision;
  }
  // Appended after a blank line, as it is (coreToolHookTriggers.ts), not in Claude's <system-reminder>.
  if (merged.additionalContext !== undefined) {
    decision.feedback.push(hookContextText(merged.additionalContext));
    decision.verbatim = true;
  }
  if (merged.hookSpecificOutput.tailToolCallRequest !== undefined)
    decision.notices.push(`AfterTool:${call.toolName} hook asked for a tail tool call (tailToolCallRequest), which OpenCode cannot make; ignored`);
  return decision;
}

/** A ContextDecision with texts that are final (no <system-reminder> around them). */
function contextDecision(base: CommonOutcome): ContextDecision {
  return { ...base, context: [], blocks: [], userErrors: [], watchPaths: [], verbatim: true };
}

/** BeforeAgent: a stop or a block drops the prompt with the reason; context goes after the prompt as <hook_context> (client.ts). */
export function decideGeminiBeforeAgent(runs: readonly HandlerRun[]): ContextDecision {
  const merged = mergeGeminiOutputs(outputsOf(runs));
  const decision = contextDecision(common("BeforeAgent", "", runs, merged));
  if (!merged) return decision;
  if (!merged.continue) decision.stop = { reason: effectiveReason(merged) };
  else if (isBlocking(merged)) decision.blocks.push(effectiveReason(merged));
  else if (merged.additionalContext !== undefined) decision.context.push(hookContextText(merged.additionalContext));
  return decision;
}

/** SessionStart: context only (`continue` and `decision` are ignored), as <hook_context> before the first prompt. */
export function decideGeminiSessionStart(runs: readonly HandlerRun[]): ContextDecision {
  const merged = mergeGeminiOutputs(outputsOf(runs));
  const decision = contextDecision(common("SessionStart", "", runs, merged));
  if (merged?.additionalContext !== undefined) decision.context.push(hookContextText(merged.additionalContext));
  return decision;
}

/**
 * AfterAgent: a block sends the agent back with the effective reason as the next user message,
 * exactly, with no cap on how often (client.ts); a stop ends the turn with the reason.
 */
export function decideGeminiAfterAgent(runs: readonly HandlerRun[]): StopDecision {
  const merged = mergeGeminiOutputs(outputsOf(runs));
  // cap 0: Gemini has none (client.ts sendMessageStream retries for as long as AfterAgent denies).
  const decision: StopDecision = { ...common("AfterAgent", "", runs, merged), blocks: [], context: [], cap: 0 };
  if (!merged) return decision;
  if (merged.clearContext) decision.notices.push("AfterAgent hook asked to clear the context (clearContext), which OpenCode cannot do; ignored");
  if (!merged.continue) {
    decision.stop = { reason: effectiveReason(merged) };
    return decision;
  }
  if (isBlocking(merged)) {
    const reason = effectiveReason(merged);
    decision.blocks.push({ label: runs.find(({ result }) => isBlockingOutput(geminiOutputOf(result)))?.handler.label ?? "AfterAgent", reason });
    decision.prompt = reason;
  }
  return decision;
}

function isBlockingOutput(output: GeminiOutput | undefined): boolean {
  return output?.decision === "deny" || output?.decision === "block";
}

/** SessionEnd, PreCompress, Notification: only systemMessage matters, the last one written (mergeSimple). */
export function decideGeminiAdvisory(event: string, runs: readonly HandlerRun[]): CommonOutcome {
  const outputs = outputsOf(runs);
  const last = outputs.findLast((output) => "systemMessage" in output);
  const suppressed = outputs.findLast((output) => "suppressOutput" in output)?.suppressOutput;
  const {
    stop: _none,
    systemMessages: _each,
    ...failures
  } = collectCommon(
    event,
    "",
    runs.map(({ handler, result }) => ({ handler, result: withoutJson(result) })),
  );
  return { ...failures, systemMessages: last?.systemMessage && !suppressed ? [String(last.systemMessage)] : [] };
}
