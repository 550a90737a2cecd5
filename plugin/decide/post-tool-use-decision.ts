// Combines PostToolUse results: the tool already ran, so nothing blocks; exit-2 stderr,
// `decision: "block"` reasons and additionalContext all go to the model next to the result, and
// the last updatedToolOutput in settings order replaces what the model sees.
// Source: https://code.claude.com/docs/en/hooks#posttooluse-decision-control, https://code.claude.com/docs/en/hooks-guide#combine-results-from-multiple-hooks.
import { additionalContextText, blockingErrorText, feedbackText } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface PostToolUseDecision extends CommonOutcome {
  /** Texts appended after the tool result, in settings order. */
  feedback: string[];
  /** Set (possibly to a falsy value) when a hook replaced the output. */
  updatedToolOutput?: { value: unknown };
  /** The feedback texts are final (another agent's own wording): appended as they are, not in Claude's <system-reminder>. */
  verbatim?: boolean;
}

export function decidePostToolUse(tool: string, runs: readonly HandlerRun[]): PostToolUseDecision {
  // Object.assign, not a spread: under Node 20 the spread took about 1 µs of every tool call.
  const merged: PostToolUseDecision = Object.assign(collectCommon("PostToolUse", tool, runs), { feedback: [] });
  for (const { handler, result } of runs) {
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    if (result.status === "blocking") {
      const reason = json?.decision === "block" && json.reason ? json.reason : undefined;
      merged.feedback.push(reason ? feedbackText("PostToolUse", tool, reason) : blockingErrorText("PostToolUse", tool, handler.label, result.stderr));
    } else if (json?.decision === "block") {
      merged.feedback.push(feedbackText("PostToolUse", tool, json.reason || "Blocked by hook"));
    }
    const specific = json?.hookSpecificOutput;
    if (!specific) continue;
    if (typeof specific.additionalContext === "string") {
      merged.feedback.push(additionalContextText("PostToolUse", tool, specific.additionalContext));
    }
    if (specific.updatedToolOutput !== undefined) merged.updatedToolOutput = { value: specific.updatedToolOutput };
    else if (specific.updatedMCPToolOutput !== undefined) merged.updatedToolOutput = { value: specific.updatedMCPToolOutput };
  }
  return merged;
}
