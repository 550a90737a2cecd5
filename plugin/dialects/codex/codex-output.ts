// One finished Codex hook process read by Codex's rules, into the HookResult the runners return:
// exit 0 with JSON must match the event's strict schema (an unknown field, a wrong type or a field
// "unsupported" on the event FAILS the hook, and the action proceeds); exit 0 with text is context on
// SessionStart and UserPromptSubmit and ignored elsewhere; exit 2 blocks with its stderr, whatever
// stdout says, and only when stderr is not empty; any other exit, a crash or a timeout fails the hook
// (fail open). A success keeps the validated JSON for the dialect's decisions (decide/codex-*.ts).
// Source: openai/codex codex-rs/hooks/src/schema.rs (`deny_unknown_fields` wires), engine/output_parser.rs,
// events/pre_tool_use.rs (exit codes); https://developers.openai.com/codex/hooks. Pure.
import type { HookJson } from "../../protocol/hook-json.js";
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";

type Check = (value: unknown) => boolean;
const string: Check = (v) => typeof v === "string";
const boolean: Check = (v) => typeof v === "boolean";
const anyValue: Check = () => true;
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v);
/** HookEventNameWire: any event Codex has an output schema for (which one is checked after). */
const eventName = oneOf("PreToolUse", "PermissionRequest", "PostToolUse", "SessionStart", "UserPromptSubmit", "Stop");

type Shape = Record<string, Check>;
const object =
  (shape: Shape, required: readonly string[] = []): Check =>
  (v) =>
    typeof v === "object" && v !== null && !Array.isArray(v) && fits(v as Record<string, unknown>, shape, required);

const UNIVERSAL: Shape = { continue: boolean, stopReason: string, suppressOutput: boolean, systemMessage: string };
const specific = (shape: Shape) => object({ hookEventName: eventName, ...shape }, ["hookEventName"]);

/** The output schema of each event Codex has one for (serde wires, all `deny_unknown_fields`). */
const SCHEMAS: Record<string, Shape> = {
  PreToolUse: {
    ...UNIVERSAL,
    decision: oneOf("approve", "block"),
    reason: string,
    hookSpecificOutput: specific({
      permissionDecision: oneOf("allow", "deny", "ask"),
      permissionDecisionReason: string,
      updatedInput: anyValue,
      additionalContext: string,
    }),
  },
  PermissionRequest: {
    ...UNIVERSAL,
    hookSpecificOutput: specific({
      decision: object({ behavior: oneOf("allow", "deny"), updatedInput: anyValue, updatedPermissions: anyValue, message: string, interrupt: boolean }, [
        "behavior",
      ]),
    }),
  },
  PostToolUse: {
    ...UNIVERSAL,
    decision: oneOf("block"),
    reason: string,
    hookSpecificOutput: specific({ additionalContext: string, updatedMCPToolOutput: anyValue }),
  },
  SessionStart: { ...UNIVERSAL, hookSpecificOutput: specific({ additionalContext: string }) },
  UserPromptSubmit: { ...UNIVERSAL, decision: oneOf("block"), reason: string, hookSpecificOutput: specific({ additionalContext: string }) },
  Stop: { ...UNIVERSAL, decision: oneOf("block"), reason: string },
};

function fits(value: Record<string, unknown>, shape: Shape, required: readonly string[]): boolean {
  for (const key of required) if (!(key in value)) return false;
  // serde reads `null` as an absent Option; a key outside the shape fails the whole output.
  return Object.entries(value).every(([key, field]) => Object.hasOwn(shape, key) && (field === null || shape[key]!(field)));
}

const nonEmpty = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

/** Why Codex refuses a well-formed output on this event (output_parser.rs `unsupported_*`), if it does. */
function unsupported(event: string, json: HookJson): string | undefined {
  const out = json.hookSpecificOutput;
  if (event === "PreToolUse" || event === "PermissionRequest") {
    if (json.continue === false) return `${event} hook returned unsupported continue:false`;
    if (json.stopReason != null) return `${event} hook returned unsupported stopReason`;
    if (json.suppressOutput === true) return `${event} hook returned unsupported suppressOutput`;
  }
  if (event === "PreToolUse") {
    const usesSpecific = out != null && (out.permissionDecision != null || out.permissionDecisionReason != null || out.updatedInput != null);
    if (usesSpecific) {
      if (out.updatedInput != null && out.permissionDecision !== "allow") return "PreToolUse hook returned updatedInput without permissionDecision:allow";
      if (out.permissionDecision === "allow" && out.updatedInput == null) return "PreToolUse hook returned unsupported permissionDecision:allow";
      if (out.permissionDecision === "ask") return "PreToolUse hook returned unsupported permissionDecision:ask";
      if (out.permissionDecision === "deny" && !nonEmpty(out.permissionDecisionReason))
        return "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason";
      if (out.permissionDecision == null && out.permissionDecisionReason != null)
        return "PreToolUse hook returned permissionDecisionReason without permissionDecision";
      return undefined;
    }
    if (json.decision === "approve") return "PreToolUse hook returned unsupported decision:approve";
    if (json.decision === "block" && !nonEmpty(json.reason)) return "PreToolUse hook returned decision:block without a non-empty reason";
    if (json.decision == null && json.reason != null) return "PreToolUse hook returned reason without decision";
  }
  if (event === "PermissionRequest") {
    const decision = out?.decision as Record<string, unknown> | undefined;
    if (decision?.updatedInput != null) return "PermissionRequest hook returned unsupported updatedInput";
    if (decision?.updatedPermissions != null) return "PermissionRequest hook returned unsupported updatedPermissions";
    if (decision?.interrupt === true) return "PermissionRequest hook returned unsupported interrupt:true";
  }
  if (event === "PostToolUse") {
    if (json.suppressOutput === true) return "PostToolUse hook returned unsupported suppressOutput";
    if (json.decision === "block" && !nonEmpty(json.reason)) return "PostToolUse hook returned decision:block without a non-empty reason";
    if (json.decision == null && json.continue !== false && json.reason != null) return "PostToolUse hook returned reason without decision";
  }
  if ((event === "UserPromptSubmit" || event === "Stop") && json.decision === "block" && !nonEmpty(json.reason))
    return `${event} hook returned decision:block without a non-empty reason`;
  return undefined;
}

/** How Codex names an event in "hook returned invalid ... JSON output" (its 0.171.0 binary's texts). */
const INVALID_NAME: Record<string, string> = {
  PreToolUse: "pre-tool-use",
  PostToolUse: "post-tool-use",
  PermissionRequest: "permission-request",
  SessionStart: "session start",
  SubagentStart: "subagent start",
  UserPromptSubmit: "user prompt submit",
  Stop: "stop hook",
  SubagentStop: "subagent stop hook",
  Interrupt: "interrupt hook",
};

/** What an exit 2 without stderr lacked, per event (its 0.171.0 binary's texts). */
const EXIT_2_LACKS: Record<string, string> = {
  PostToolUse: "feedback",
  PermissionRequest: "a denial reason",
  Stop: "a continuation prompt",
  SubagentStop: "a continuation prompt",
};

/** Events whose plain stdout becomes context for the model (the rest ignore it). */
const TEXT_IS_CONTEXT = new Set(["SessionStart", "UserPromptSubmit"]);

/** updatedMCPToolOutput on a tool that is not an MCP tool is refused where the call is known (decide/codex-tool-decisions.ts). */
export function decodeCodexResult(event: string, outcome: ProcessOutcome): HookResult {
  if (outcome.timedOut) return { status: "cancelled" };
  if (outcome.spawnError !== undefined) return { status: "error", message: `failed to run: ${outcome.spawnError}` };
  if (outcome.signal !== undefined || outcome.exitCode === undefined) return { status: "error", message: "hook exited without a status code" };
  if (outcome.exitCode === 2) {
    const reason = outcome.stderr.trim();
    // Codex reads no stdout on exit 2; without a reason on stderr nothing is blocked.
    return reason !== ""
      ? { status: "blocking", stderr: reason }
      : { status: "error", message: `${event} hook exited with code 2 but did not write ${EXIT_2_LACKS[event] ?? "a blocking reason"} to stderr` };
  }
  if (outcome.exitCode !== 0) return { status: "error", message: `hook exited with code ${outcome.exitCode}` };
  const trimmed = outcome.stdout.trim();
  if (trimmed === "") return { status: "success" };
  const invalid: HookResult = { status: "error", message: `hook returned invalid ${INVALID_NAME[event] ?? kebab(event)} JSON output` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    if (/^[[{]/.test(trimmed)) return invalid;
    return TEXT_IS_CONTEXT.has(event) ? { status: "success", text: trimmed } : { status: "success" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    if (/^[[{]/.test(trimmed)) return invalid;
    return TEXT_IS_CONTEXT.has(event) ? { status: "success", text: trimmed } : { status: "success" };
  }
  const shape = SCHEMAS[event];
  // Events without an output schema (SessionEnd, Interrupt, ...) read only the universal fields.
  if (!fits(parsed as Record<string, unknown>, shape ?? UNIVERSAL, [])) return invalid;
  const json = parsed as HookJson;
  const why = unsupported(event, json);
  if (why !== undefined) return { status: "error", message: why };
  // Seen in Codex 0.171.0: another event's hookSpecificOutput completes the hook with no effect (docs/other-agents.md).
  if (json.hookSpecificOutput && json.hookSpecificOutput.hookEventName !== event) {
    const { hookSpecificOutput: _ignored, ...rest } = json;
    return { status: "success", json: rest };
  }
  return { status: "success", json };
}

/**
 * A finished async hook: its decisions have no effect, and only its context reaches the model, as a
 * developer message at the next request (plain stdout where that is context, and additionalContext).
 * Source: openai/codex codex-rs/hooks/src/engine/command_runner.rs (schedule_async_hook keeps Context,
 * Warning and Error entries), core/src/hook_runtime.rs (drain_async_hook_results records Context only).
 */
export function codexBackgroundContext(_event: string, result: HookResult): string[] {
  if (result.status !== "success") return [];
  const context = result.json?.hookSpecificOutput?.additionalContext;
  return [...(result.text !== undefined ? [result.text] : []), ...(typeof context === "string" && context.trim() !== "" ? [context] : [])];
}

function kebab(event: string): string {
  return event.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
}
