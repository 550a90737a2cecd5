// Events whose hook output Claude discards (Notification, SessionEnd, StopFailure; PostCompact has
// no decision control): only failures are reported, to the log. `systemMessage` and `continue`
// are discarded too. Source: https://code.claude.com/docs/en/hooks#other-exit-codes, https://code.claude.com/docs/en/hooks#decision-control.
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export function decideIgnored(event: string, runs: readonly HandlerRun[]): CommonOutcome {
  const { notices, notRun } = collectCommon(event, "", runs);
  for (const { handler, result } of runs) {
    if (result.status === "blocking") notices.push(`${event} hook error: [${handler.label}]: ${result.stderr || "No stderr output"}`);
  }
  return { notices, systemMessages: [], ...(notRun ? { notRun } : {}) };
}
