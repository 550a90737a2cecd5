// What a finished `async` or `asyncRewake` hook gives the model. Decisions have no effect (the
// action went ahead long ago); an async hook's `additionalContext` and `systemMessage` reach the
// model on the session's next turn; an asyncRewake hook that exits 2 wakes the model with its
// stderr (or its stdout when stderr is empty). Pure. Source: https://code.claude.com/docs/en/hooks#async-hooks.
import type { HookResult, ProcessOutcome } from "../protocol/decode-result.js";

export interface BackgroundDelivery {
  /** For the model's next turn. */
  context: string[];
  /** Wakes the model: a new turn when the session is idle, else its next request. */
  wake?: string;
}

export function backgroundDelivery(result: HookResult, outcome: ProcessOutcome | undefined, rewakes: boolean): BackgroundDelivery {
  if (rewakes && result.status === "blocking") {
    const text = (result.stderr || outcome?.stdout || "").trim();
    return { context: [], ...(text ? { wake: text } : {}) };
  }
  const json = "json" in result ? result.json : undefined;
  if (!json) return { context: [] };
  const additional = json.hookSpecificOutput?.additionalContext;
  return {
    context: [
      ...(typeof additional === "string" && additional.trim() ? [additional] : []),
      ...(typeof json.systemMessage === "string" && json.systemMessage.trim() ? [json.systemMessage] : []),
    ],
  };
}
