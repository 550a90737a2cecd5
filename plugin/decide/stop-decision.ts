// Combines the results of Stop and SubagentStop hooks: exit 2 or `decision: "block"` keeps the
// agent working with the reason as its next instruction; additionalContext keeps it working too,
// without the "hook feedback" label. A hook whose script is missing (exit 2, nothing on stdout,
// "no such file" on stderr) is a non-blocking error, so a typo cannot trap the agent in a loop.
// Source: https://code.claude.com/docs/en/hooks#stop-decision-control; the missing-script case: Claude Code 2.1.332 bundle.
import { additionalContextText, stopFeedbackText, systemReminder } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface StopDecision extends CommonOutcome {
  /** Each blocking hook's label and reason, in settings order. */
  blocks: Array<{ label: string; reason: string }>;
  /** additionalContext values: the agent continues with them. */
  context: string[];
}

const MISSING_SCRIPT = /no such file|can't open/i;

export function decideStop(event: "Stop" | "SubagentStop", runs: readonly HandlerRun[]): StopDecision {
  const merged: StopDecision = { ...collectCommon(event, "", runs), blocks: [], context: [] };
  for (const { handler, result } of runs) {
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    if (result.status === "blocking") {
      if (!json && MISSING_SCRIPT.test(result.stderr)) {
        merged.notices.push(`${event} hook error: [${handler.label}]: the hook script is missing (${result.stderr.split("\n")[0]}); not blocking`);
        continue;
      }
      const reason = json?.decision === "block" && json.reason ? json.reason : result.stderr || "No stderr output";
      merged.blocks.push({ label: handler.label, reason });
    } else if (json?.decision === "block") {
      merged.blocks.push({ label: handler.label, reason: json.reason || "Blocked by hook" });
    }
    const context = json?.hookSpecificOutput?.additionalContext;
    if (typeof context === "string") merged.context.push(additionalContextText(event, undefined, context));
  }
  return merged;
}

/** Whether the agent keeps working; `continue: false` wins over any block. */
export function keepsGoing(decision: StopDecision): boolean {
  return !decision.stop && (decision.blocks.length > 0 || decision.context.length > 0);
}

/** The next instruction the agent gets: the feedback of the blocking hooks, then any context. */
export function continuationText(event: "Stop" | "SubagentStop", decision: StopDecision): string {
  const parts = decision.blocks.length > 0 ? [stopFeedbackText(event, decision.blocks)] : [];
  for (const context of decision.context) parts.push(systemReminder(context));
  return parts.join("\n\n");
}
