// Where a finished async hook's output goes (decide/background-decision.ts): context is held for
// the session's next prompt or model request, which places it after the latest messages (Claude
// delivers it on the next turn: https://code.claude.com/docs/en/hooks#async-hooks; model-request.ts);
// an asyncRewake block starts a new turn when the session is idle, else it joins its next request.
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import { backgroundDelivery } from "../decide/background-decision.js";
import { DIALECT_OF } from "../dialects/index.js";
import type { HookResult, ProcessOutcome } from "../protocol/decode-result.js";
import { additionalContextText, systemReminder } from "../protocol/messages.js";
import type { Runtime } from "../runtime.js";
import { addAsyncContext, addPendingWake } from "../session-state.js";
import { continueSession } from "./continue-session.js";

export function deliverBackgroundResult(
  runtime: Runtime,
  sessionID: string,
  event: EventName,
  compiled: CompiledHandler,
  result: HookResult,
  outcome: ProcessOutcome | undefined,
): void {
  runtime.log("debug", `async hook [${compiled.label}] finished: ${result.status}`);
  const session = runtime.sessions.get(sessionID);
  if (compiled.dialect) {
    // Another agent's async hook: its own rules say what reaches the model (Codex: its context, as written).
    for (const text of DIALECT_OF[compiled.dialect].background?.(compiled.agentEvent ?? event, result) ?? []) addAsyncContext(session, text);
    return;
  }
  const rewakes = compiled.handler.type === "command" && compiled.handler.asyncRewake === true;
  const delivery = backgroundDelivery(result, outcome, rewakes);
  for (const text of delivery.context) addAsyncContext(session, systemReminder(additionalContextText(event, undefined, text)));
  if (delivery.wake === undefined) return;
  const text = systemReminder(`${event} async hook [${compiled.label}] reported:\n${delivery.wake}`);
  if (session.busy || runtime.disposing) {
    // The running turn's next request takes it (model-request.ts); if the turn ends first, its idle wakes it.
    addPendingWake(session, text);
    return;
  }
  wake(runtime, sessionID, [text], compiled.label);
}

/** A new turn with the texts of asyncRewake hooks as the user's next message. */
export function wake(runtime: Runtime, sessionID: string, texts: readonly string[], label = "asyncRewake"): void {
  runtime.log("info", `asyncRewake hook [${label}] wakes session ${sessionID}`);
  void runtime.track(
    continueSession(runtime, sessionID, texts.join("\n")).catch((error: unknown) => runtime.log("error", `asyncRewake failed: ${String(error)}`)),
  );
}
