// Fields every event's merge collects the same way: continue:false, systemMessage, error notices.
import type { HandlerRun } from "../run/run-handlers.js";

export interface CommonOutcome {
  /** Set when any hook said `continue: false`: Claude stops after the hooks run. */
  stop?: { reason: string };
  /** `systemMessage` values: shown to the user, not the model. */
  systemMessages: string[];
  /** Non-blocking errors and timeouts, for the log. */
  notices: string[];
  /** Hooks whose command could not be run at all: logged as errors and shown, not just noted. */
  notRun?: string[];
  /** Another agent's context that reaches the model as a message of its own at the session's next request, as written (Codex's developer message). */
  ownMessages?: string[];
}

export function collectCommon(event: string, tool: string, runs: readonly HandlerRun[]): CommonOutcome {
  const outcome: CommonOutcome = { systemMessages: [], notices: [] };
  const heading = tool ? `${event}:${tool}` : event;
  for (const { handler, result } of runs) {
    if (result.status === "error" && result.notRun) (outcome.notRun ??= []).push(`${heading} hook error: [${handler.label}]: ${result.message}`);
    else if (result.status === "error") outcome.notices.push(`${heading} hook error: [${handler.label}]: ${result.message}`);
    if (result.status === "cancelled") outcome.notices.push(`${heading} hook cancelled after ${handler.timeoutMs / 1000}s: [${handler.label}]`);
    const json = "json" in result ? result.json : undefined;
    if (!json) continue;
    if (json.systemMessage) outcome.systemMessages.push(json.systemMessage);
    if (json.continue === false && !outcome.stop) outcome.stop = { reason: json.stopReason ?? "" };
  }
  return outcome;
}
