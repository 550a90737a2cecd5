// A `prompt` or `agent` hook's answer, `{ "ok": bool, "reason"?: string, "impossible"?: bool }`, read
// into the HookResult the decisions already consume, per Claude's rules for `ok: false`: on Stop and
// SubagentStop the reason is fed back (unless `impossible`), on PreToolUse the call is denied and on
// the prompt and batch events what comes next is stopped (the turn ends, as `continue: false`),
// unless `continueOnBlock` feeds the reason back instead; PostToolUseFailure gets it as the tool
// error; PermissionRequest is not affected. An answer of another shape is a non-blocking error.
// Pure. Source: https://code.claude.com/docs/en/hooks#prompt-based-hooks.
import type { EventName } from "../../schema/events.js";
import type { HookResult } from "./decode-result.js";

export interface Judgement {
  ok: boolean;
  reason?: string;
  impossible?: boolean;
}

export function parseJudgement(text: string): Judgement | { error: string } {
  const trimmed = text.trim();
  // Models wrap JSON in a code fence, or say a word before it: the first object in the text counts.
  const start = trimmed.indexOf("{");
  const end = trimmed.lastIndexOf("}");
  const shape = `expected {"ok": true} or {"ok": false, "reason": "..."}`;
  if (start < 0 || end < start) return { error: `the model did not answer with JSON (${shape}): ${trimmed.slice(0, 200)}` };
  let value: unknown;
  try {
    value = JSON.parse(trimmed.slice(start, end + 1));
  } catch {
    return { error: `the model's answer is not valid JSON (${shape}): ${trimmed.slice(0, 200)}` };
  }
  const answer = value as Partial<Record<keyof Judgement, unknown>> | null;
  if (typeof answer !== "object" || answer === null || typeof answer.ok !== "boolean") return { error: `the model's answer has no boolean "ok" (${shape})` };
  return {
    ok: answer.ok,
    ...(typeof answer.reason === "string" ? { reason: answer.reason } : {}),
    ...(answer.impossible === true ? { impossible: true } : {}),
  };
}

/** Events where `ok: false` ends what comes next unless `continueOnBlock` is set. */
const ENDS_THE_TURN: ReadonlySet<EventName> = new Set(["PreToolUse", "PostToolUse", "PostToolBatch", "UserPromptSubmit", "UserPromptExpansion"]);

export function judgementResult(event: EventName, judgement: Judgement, options: { continueOnBlock: boolean; honoursImpossible: boolean }): HookResult {
  if (judgement.ok || event === "PermissionRequest") return { status: "success" };
  const reason = judgement.reason?.trim() || "the hook's model answered ok: false without a reason";
  if (event === "Stop" || event === "SubagentStop")
    return options.honoursImpossible && judgement.impossible ? { status: "success" } : { status: "blocking", stderr: reason };
  if (ENDS_THE_TURN.has(event) && !options.continueOnBlock) return { status: "blocking", stderr: reason, json: { continue: false, stopReason: reason } };
  return { status: "blocking", stderr: reason };
}
