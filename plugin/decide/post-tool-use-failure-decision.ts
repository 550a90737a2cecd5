// Combines PostToolUseFailure results: the call already failed, so nothing blocks; exit-2 stderr
// and additionalContext go to the model next to the failure, in settings order.
// Source: https://code.claude.com/docs/en/hooks#exit-code-2-behavior-per-event ("Shows stderr to Claude") and
// https://code.claude.com/docs/en/hooks#posttoolusefailure-decision-control.
import { additionalContextText, blockingErrorText } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface PostToolUseFailureDecision extends CommonOutcome {
  /** Texts shown to the model after the failure, in settings order. */
  feedback: string[];
}

export function decidePostToolUseFailure(tool: string, runs: readonly HandlerRun[]): PostToolUseFailureDecision {
  // Object.assign, not a spread: under Node 20 the spread took about 1 µs of every failed tool call.
  const merged: PostToolUseFailureDecision = Object.assign(collectCommon("PostToolUseFailure", tool, runs), { feedback: [] });
  for (const { handler, result } of runs) {
    if (result.status === "blocking") merged.feedback.push(blockingErrorText("PostToolUseFailure", tool, handler.label, result.stderr));
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    const context = json?.hookSpecificOutput?.additionalContext;
    if (typeof context === "string") merged.feedback.push(additionalContextText("PostToolUseFailure", tool, context));
  }
  return merged;
}
