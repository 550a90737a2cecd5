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
  /** Another agent's next user message, worded as that agent words it; absent: Claude's (continuationText). */
  prompt?: string;
  /** Another agent's cap on consecutive continuations (0: none); absent: Claude's. */
  cap?: number;
  /** SubagentStop: the subagent's answer as the parent gets it, when it is not sent back (Copilot's modifiedResponse). */
  response?: string;
}

/** What one turn end does, from the decisions of every agent whose hooks ran on it. */
export interface TurnEndVerdict {
  keepsGoing: boolean;
  /** The next user message: each agent's that goes on, in order, one after another. */
  text: string;
  /** The cap on consecutive continuations: the lowest of the agents that go on (0: none). */
  cap: number;
  /** `continue: false` reasons, for the user. */
  stopReasons: string[];
}

/** Several agents' hooks on one turn end decide together: any that goes on sends the agent back, unless one stops it. */
export function turnEndVerdict(event: "Stop" | "SubagentStop", decisions: readonly StopDecision[], claudeCap: number): TurnEndVerdict {
  const stopped = decisions.filter((decision) => decision.stop);
  const going = stopped.length > 0 ? [] : decisions.filter(keepsGoing);
  const caps = going.map((decision) => decision.cap ?? claudeCap).filter((cap) => cap > 0);
  return {
    keepsGoing: going.length > 0,
    text: going.map((decision) => decision.prompt ?? continuationText(event, decision)).join("\n\n"),
    cap: caps.length > 0 ? Math.min(...caps) : 0,
    stopReasons: stopped.map((decision) => decision.stop!.reason).filter(Boolean),
  };
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
  return !decision.stop && (decision.blocks.length > 0 || decision.context.length > 0 || decision.prompt !== undefined);
}

/** The next instruction the agent gets: the feedback of the blocking hooks, then any context. */
export function continuationText(event: "Stop" | "SubagentStop", decision: StopDecision): string {
  const parts = decision.blocks.length > 0 ? [stopFeedbackText(event, decision.blocks)] : [];
  for (const context of decision.context) parts.push(systemReminder(context));
  return parts.join("\n\n");
}
