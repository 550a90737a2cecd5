// Starts a new turn in a session (a Stop or SubagentStop continuation, an asyncRewake wake) and
// waits for it: the session's awaited turn, which the idle that ends it resolves (stop.ts).
import type { MessageWithParts, PromptBody } from "../opencode/client.js";
import { printLikeRun } from "../opencode/run-output.js";
import { OWN_PART } from "../opencode/session-messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import type { Runtime } from "../runtime.js";
import { awaitTurn, endAwaitedTurn } from "../session-state.js";

/**
 * Starts a new turn with `text` as the user's next message and resolves when it is over: when an
 * idle shows a finished turn begun after it (see `finishAwaitedTurn`), or at once if OpenCode did
 * not take the prompt. A fire-and-forget prompt keeps no HTTP request open for a turn that may run
 * for minutes; but while a one-shot `opencode run` shuts down, OpenCode interrupts turns started in
 * the background, and only a turn run by a request of its own completes (measured with 1.18.33).
 */
export async function continueSession(runtime: Runtime, sessionID: string, text: string, like?: MessageWithParts): Promise<boolean> {
  const session = runtime.client.session;
  // Called as methods: the SDK's methods read `this`.
  const send = runtime.oneShotRun ? session?.prompt?.bind(session) : session?.promptAsync?.bind(session);
  if (!send) return false;
  const info = like?.info.role === "user" ? like.info : undefined;
  const body: PromptBody = {
    parts: [{ type: "text", text: spillLongText(text), metadata: { [OWN_PART]: "stop-continuation" } }],
    ...(info ? { agent: info.agent, model: { providerID: info.model.providerID, modelID: info.model.modelID } } : {}),
  };
  const state = runtime.sessions.get(sessionID);
  const over = awaitTurn(state);
  runtime.log("info", `continuing session ${sessionID} with: ${text.split("\n")[0]}`);
  const answer = await send({ path: { id: sessionID }, body }).catch((error: unknown) => ({ error }));
  if (runtime.oneShotRun && !answer?.error) printLikeRun((answer as { data?: MessageWithParts }).data, process.argv);
  if (answer?.error) {
    runtime.log("warn", `could not continue session ${sessionID}: ${String((answer.error as Error)?.message ?? JSON.stringify(answer.error))}`);
    endAwaitedTurn(state);
    return false;
  }
  await over;
  return true;
}
