// Where the parts of a decision that are not the model's business go: the OpenCode log (non-blocking
// hook errors, timeouts) and a toast for systemMessage; continue:false aborts the session loop.
// Another agent's own-message context waits for the session's next request (model-request.ts).
import type { CommonOutcome } from "../decide/common.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import type { Runtime } from "../runtime.js";
import { addAsyncContext } from "../session-state.js";

export function reportCommon(runtime: Runtime, sessionID: string, outcome: CommonOutcome): void {
  for (const text of outcome.ownMessages ?? []) addAsyncContext(runtime.sessions.get(sessionID), text);
  for (const notice of outcome.notices) runtime.log("warn", notice);
  for (const error of outcome.notRun ?? []) {
    runtime.log("error", error);
    runtime.toast(error, "error");
  }
  for (const message of outcome.systemMessages) {
    // Over 10,000 characters: a preview and the file holding it all, as Claude shows it.
    const shown = spillLongText(message);
    runtime.log("info", shown);
    runtime.toast(shown, "warning");
  }
  if (outcome.stop) {
    runtime.log("info", `hook asked to stop (continue: false)${outcome.stop.reason ? `: ${outcome.stop.reason}` : ""}`);
    try {
      void runtime.client.session?.abort?.({ path: { id: sessionID } })?.catch(() => {});
    } catch {
      // Best effort: the tool is blocked either way.
    }
  }
}
