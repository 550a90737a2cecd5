// Copilot CLI's events (agent-decisions.ts), each spelling (camelCase and PascalCase) on the engine
// event it rides, and its merges of its hooks' results (copilot-output.ts read each one) into the
// decisions Claude's event modules apply. preToolUse: any deny blocks, and the model sees Copilot's text for the
// first one in order (`Denied by preToolUse hook: <reason>`; exit 2: `... hook exited with code 2`; a
// crash: `Denied by preToolUse hook from "<file>" (hook errored)`); `ask` asks; `allow` allows; the last
// `modifiedArgs` (or Claude's nested `updatedInput`) rewrites the call; top-level `decision: "block"` is
// ignored. postToolUse: the last `modifiedResult` replaces the result; every `additionalContext`
// (top-level only), joined by a blank line and capped at 10 KB, follows Copilot's guidance line.
// sessionStart, userPromptSubmitted and subagentStart: top-level `additionalContext` only (a separate
// user message; a `<system_reminder>` appended to the prompt; before the subagent's prompt); nothing blocks. agentStop: `decision: "block"` sends
// the agent back with `reason` as the next user message, at most 8 times in a row; subagentStop the
// same for a subagent, and its last `modifiedResponse` is the answer the parent reads. permissionRequest:
// top-level `behavior`, the later hook wins. postToolUseFailure: additionalContext and exit 2's stdout
// go next to the failure. sessionEnd,
// preCompact, notification (permission prompts) and errorOccurred (a failed model call) are observed
// only here: their additionalContext is not delivered.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("preToolUse decision control",
// "postToolUse output"); the texts as Copilot CLI 1.0.102 shows them to the model. Pure.
import { HOOK_ERRORED } from "../dialects/copilot/copilot-output.js";
import { runtimeNameOf } from "../dialects/copilot/copilot-tools.js";
import type { HookJson } from "../protocol/hook-json.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import type { AgentEvents } from "./agent-events.js";
import type { BlockAndContextDecision } from "./block-and-context-decision.js";
import { type CommonOutcome, collectCommon } from "./common.js";
import type { ContextDecision } from "./context-decision.js";
import type { PermissionRequestDecision } from "./permission-request-decision.js";
import type { PostToolUseDecision } from "./post-tool-use-decision.js";
import type { PostToolUseFailureDecision } from "./post-tool-use-failure-decision.js";
import type { PermissionDecision, PreToolUseDecision } from "./pre-tool-use-decision.js";
import type { StopDecision } from "./stop-decision.js";

/** Consecutive agentStop continuations Copilot allows before it ends the turn anyway ("Runaway guard"). */
export const COPILOT_STOP_CAP = 8;

const tool = {
  PreToolUse: { PreToolUse: (runs, call) => decideCopilotPreToolUse(call!, runs) },
  PostToolUse: { PostToolUse: (runs, call) => decideCopilotPostToolUse(call!, runs) },
  PermissionRequest: { PermissionRequest: (runs, call) => decideCopilotPermissionRequest(call!, runs) },
  PostToolUseFailure: { PostToolUseFailure: (runs, call) => decideCopilotFailure(call!, runs) },
} satisfies AgentEvents;
const lifecycle = {
  SessionStart: { SessionStart: (runs) => decideCopilotContext("sessionStart", runs) },
  UserPromptSubmit: { UserPromptSubmit: (runs) => decideCopilotContext("userPromptSubmitted", runs) },
  Stop: { Stop: (runs) => decideCopilotStop(runs) },
  SubagentStop: { SubagentStop: (runs) => decideCopilotStop(runs, "subagentStop") },
  SessionEnd: { SessionEnd: (runs) => decideCopilotObserved("sessionEnd", runs) },
  PreCompact: { PreCompact: (runs) => decideCopilotPreCompact(runs) },
  SubagentStart: { SubagentStart: (runs) => decideCopilotContext("subagentStart", runs) },
  Notification: { Notification: (runs) => decideCopilotObserved("notification", runs) },
  ErrorOccurred: { StopFailure: (runs) => decideCopilotObserved("errorOccurred", runs) },
} satisfies AgentEvents;

/** Both spellings of each replayed event; the others are reported (plugin/load/copilot-report.ts). */
export const COPILOT_EVENTS: AgentEvents = {
  preToolUse: tool.PreToolUse,
  PreToolUse: tool.PreToolUse,
  postToolUse: tool.PostToolUse,
  PostToolUse: tool.PostToolUse,
  permissionRequest: tool.PermissionRequest,
  PermissionRequest: tool.PermissionRequest,
  postToolUseFailure: tool.PostToolUseFailure,
  PostToolUseFailure: tool.PostToolUseFailure,
  sessionStart: lifecycle.SessionStart,
  SessionStart: lifecycle.SessionStart,
  userPromptSubmitted: lifecycle.UserPromptSubmit,
  UserPromptSubmit: lifecycle.UserPromptSubmit,
  agentStop: lifecycle.Stop,
  Stop: lifecycle.Stop,
  subagentStop: lifecycle.SubagentStop,
  SubagentStop: lifecycle.SubagentStop,
  sessionEnd: lifecycle.SessionEnd,
  SessionEnd: lifecycle.SessionEnd,
  preCompact: lifecycle.PreCompact,
  PreCompact: lifecycle.PreCompact,
  subagentStart: lifecycle.SubagentStart,
  notification: lifecycle.Notification,
  Notification: lifecycle.Notification,
  errorOccurred: lifecycle.ErrorOccurred,
  ErrorOccurred: lifecycle.ErrorOccurred,
};

function jsonOf(run: HandlerRun): HookJson | undefined {
  return run.result.status === "success" || run.result.status === "blocking" ? run.result.json : undefined;
}

/** The file a hook came from (`where` is `file:line:col`). */
function fileOf(where: string): string {
  return where.replace(/:\d+:\d+$/, "");
}

/** A field at the top level, else in Claude's nested hookSpecificOutput (both are read on preToolUse). */
function field(json: HookJson, top: string, nested: string): unknown {
  return json[top] ?? json.hookSpecificOutput?.[nested];
}

export function copilotDeniedText(reason: string): string {
  return `Denied by preToolUse hook: ${reason}`;
}

export function decideCopilotPreToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PreToolUseDecision {
  const { stop: _notRead, ...common } = collectCommon("preToolUse", call.toolName, runs);
  const merged: PreToolUseDecision = { ...common, systemMessages: [], denyMessages: [], reasons: [], additionalContext: [] };
  let decision: PermissionDecision | undefined;
  let modified: unknown;
  for (const run of runs) {
    if (run.result.status === "blocking") {
      const why = run.result.stderr;
      merged.denyMessages.push(why === HOOK_ERRORED ? `Denied by preToolUse hook from "${fileOf(run.handler.where)}" ${HOOK_ERRORED}` : copilotDeniedText(why));
      decision = "deny";
      continue;
    }
    const json = jsonOf(run);
    if (!json) continue;
    const said = field(json, "permissionDecision", "permissionDecision");
    const reason = field(json, "permissionDecisionReason", "permissionDecisionReason");
    if (said === "deny") {
      merged.denyMessages.push(copilotDeniedText(typeof reason === "string" ? reason : "").trimEnd());
      decision = "deny";
    } else if (said === "ask" && decision !== "deny") decision = "ask";
    else if (said === "allow" && decision === undefined) decision = "allow";
    if ((said === "ask" || said === "allow") && typeof reason === "string" && reason !== "") merged.reasons.push(reason);
    const rewrite = field(json, "modifiedArgs", "updatedInput");
    if (rewrite !== undefined && rewrite !== null) modified = rewrite;
  }
  if (decision) merged.decision = decision;
  // Copilot stops at a denial: the first one is what the model reads.
  merged.denyMessages.splice(1);
  if (decision !== "deny" && modified !== undefined) merged.updatedInput = rewriteOf(call, modified);
  return merged;
}

/** A rewrite in Copilot's shape, as the call's mapping reads it: apply_patch's arguments are its patch text. */
function rewriteOf(call: ClaudeCall, modified: unknown): Record<string, unknown> {
  if (call.mapping?.opencode === "apply_patch")
    return { patchText: typeof modified === "string" ? modified : String((modified as Record<string, unknown>).patchText ?? "") };
  return typeof modified === "object" && !Array.isArray(modified) ? (modified as Record<string, unknown>) : {};
}

/** What the model reads of a permissionRequest deny that gives no `message`. */
export const COPILOT_DEFAULT_DENIAL = "Denied by permissionRequest hook";

/**
 * permissionRequest: top-level `behavior` allow or deny, with `message` and `interrupt` (a deny that
 * also stops the turn); exit 2 is a deny (copilot-output.ts merges `behavior: "deny"` into stdout). The
 * LAST hook with a behavior answers (Copilot: later wins). No behavior leaves the prompt to the user.
 */
export function decideCopilotPermissionRequest(call: ClaudeCall, runs: readonly HandlerRun[]): PermissionRequestDecision {
  const merged: PermissionRequestDecision = collectCommon("permissionRequest", call.toolName, runs);
  delete merged.stop;
  for (const run of runs) {
    const json = jsonOf(run);
    if (json?.behavior !== "allow" && json?.behavior !== "deny") continue;
    const message = typeof json.message === "string" && json.message !== "" ? json.message : json.behavior === "deny" ? COPILOT_DEFAULT_DENIAL : "";
    merged.answer = { behavior: json.behavior, message, interrupt: json.behavior === "deny" && json.interrupt === true, updatedPermissions: [] };
  }
  return merged;
}

/** The cap Copilot puts on the joined additionalContext of postToolUse hooks. */
export const POST_TOOL_CONTEXT_CAP = 10 * 1024;

export function copilotGuidanceText(toolName: string, context: readonly string[]): string {
  const joined = context.join("\n\n");
  const capped = Buffer.byteLength(joined) > POST_TOOL_CONTEXT_CAP ? Buffer.from(joined).subarray(0, POST_TOOL_CONTEXT_CAP).toString() : joined;
  return `Tool "${toolName}" succeeded. Additional guidance from postToolUse hooks:\n${capped}`;
}

export function decideCopilotPostToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseDecision {
  // Copilot reads no continue:false or systemMessage from a postToolUse hook.
  const { stop: _notRead, ...common } = collectCommon("postToolUse", call.toolName, runs);
  const merged: PostToolUseDecision = { ...common, systemMessages: [], feedback: [] };
  const context: string[] = [];
  for (const run of runs) {
    const json = jsonOf(run);
    if (!json) continue;
    const result = json.modifiedResult as Record<string, unknown> | undefined;
    if (result && typeof result === "object" && typeof result.textResultForLlm === "string") {
      if (result.resultType === "success") merged.updatedToolOutput = { value: result.textResultForLlm };
      else merged.notices.push(`postToolUse:${call.toolName} hook [${run.handler.label}]: a modifiedResult that is not a success is not replayed`);
    }
    // Only the top-level field: a nested hookSpecificOutput.additionalContext is ignored by Copilot.
    if (typeof json.additionalContext === "string" && json.additionalContext !== "") context.push(json.additionalContext);
  }
  if (context.length > 0) {
    merged.feedback.push(copilotGuidanceText(runtimeNameOf(call) ?? call.toolName, context));
    merged.verbatim = true;
  }
  return merged;
}

/**
 * postToolUseFailure: the call already failed, nothing blocks; each hook's top-level
 * `additionalContext`, and the stdout of a hook that exits 2, reach the model next to the failure.
 */
export function decideCopilotFailure(call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseFailureDecision {
  const { stop: _notRead, ...common } = collectCommon("postToolUseFailure", call.toolName, runs);
  const merged: PostToolUseFailureDecision = { ...common, systemMessages: [], feedback: [] };
  for (const run of runs) {
    // Exit 2: its stdout as it is (copilot-output.ts), not a JSON field of it.
    if (run.result.status === "blocking") {
      if (run.result.stderr !== "") merged.feedback.push(run.result.stderr);
      continue;
    }
    const context = jsonOf(run)?.additionalContext;
    if (typeof context === "string" && context !== "") merged.feedback.push(context);
  }
  return merged;
}

/** Events with nothing to apply (sessionEnd, preCompact): Copilot reads no output there; errors are logged. */
export function decideCopilotObserved(agentEvent: string, runs: readonly HandlerRun[]): CommonOutcome {
  const { notices, notRun } = collectCommon(agentEvent, "", runs);
  for (const { handler, result } of runs) if (result.status === "blocking") notices.push(`${agentEvent} hook error: [${handler.label}]: ${result.stderr}`);
  return { systemMessages: [], notices, ...(notRun ? { notRun } : {}) };
}

/** preCompact is a notification: it neither blocks nor adds to the summary. */
function decideCopilotPreCompact(runs: readonly HandlerRun[]): BlockAndContextDecision {
  return { ...decideCopilotObserved("preCompact", runs), blocks: [], texts: [] };
}

/** The text Copilot appends to the prompt for a userPromptSubmitted hook's additionalContext. */
export function copilotPromptReminder(context: string): string {
  return `<system_reminder>\n${context}\n</system_reminder>`;
}

/** sessionStart, userPromptSubmitted and subagentStart: each hook's top-level additionalContext, as Copilot places it. */
export function decideCopilotContext(event: "sessionStart" | "userPromptSubmitted" | "subagentStart", runs: readonly HandlerRun[]): ContextDecision {
  const { notices, notRun } = collectCommon(event, "", runs);
  const merged: ContextDecision = {
    systemMessages: [],
    notices,
    ...(notRun ? { notRun } : {}),
    context: [],
    blocks: [],
    userErrors: [],
    watchPaths: [],
    verbatim: true,
  };
  for (const run of runs) {
    const context = jsonOf(run)?.additionalContext;
    if (typeof context === "string" && context !== "") merged.context.push(event === "userPromptSubmitted" ? copilotPromptReminder(context) : context);
  }
  return merged;
}

/**
 * agentStop and subagentStop: a block sends the (sub)agent back with the reasons as its next user
 * message. subagentStop's `modifiedResponse` (the last one; later wins) is the answer the parent gets
 * when the subagent is not sent back.
 */
export function decideCopilotStop(runs: readonly HandlerRun[], event: "agentStop" | "subagentStop" = "agentStop"): StopDecision {
  const { notices, notRun } = collectCommon(event, "", runs);
  const merged: StopDecision = { systemMessages: [], notices, ...(notRun ? { notRun } : {}), blocks: [], context: [], cap: COPILOT_STOP_CAP };
  for (const run of runs) {
    const json = jsonOf(run);
    if (event === "subagentStop" && typeof json?.modifiedResponse === "string") merged.response = json.modifiedResponse;
    if (json?.decision !== "block") continue;
    merged.blocks.push({ label: run.handler.label, reason: typeof json.reason === "string" ? json.reason : "" });
  }
  if (merged.blocks.length > 0) merged.prompt = merged.blocks.map((block) => block.reason).join("\n\n");
  return merged;
}
