// ConfigChange -> the live plugin's settings watcher (`settings.changed`, raised by
// live/watch-settings.ts; the generated plugin is converted ahead of time and has no such channel).
// A settings or skill file changed mid-session: the hooks in force before the change run; exit 2 or
// `decision: "block"` keeps the change from applying, except for managed (policy) settings; `reason`
// is never shown; systemMessage and continue are discarded. session_id is the session the user
// prompted last: nothing fires before the first prompt (the change then applies unasked).
// Source: https://code.claude.com/docs/en/hooks#configchange.
import { eventInfo } from "../../schema/events.js";
import { type CommonOutcome, collectCommon } from "../decide/common.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { SettingsChange } from "./channels.js";
import { defineEvent } from "./define-event.js";

interface ChangeFiring extends SettingsChange {
  sessionID: string;
}

export interface ConfigChangeDecision extends CommonOutcome {
  blocked: boolean;
}

export function decideConfigChange(runs: readonly HandlerRun[]): ConfigChangeDecision {
  const { notices, notRun } = collectCommon("ConfigChange", "", runs);
  const blocked = runs.some(({ result }) => result.status === "blocking" || (result.status === "success" && result.json?.decision === "block"));
  return { systemMessages: [], notices, ...(notRun ? { notRun } : {}), blocked };
}

export default defineEvent<"settings.changed", ChangeFiring, ConfigChangeDecision>({
  name: "ConfigChange",
  channel: "settings.changed",
  firings: ({ input }, runtime) => (runtime.currentSession ? [{ ...input, sessionID: runtime.currentSession }] : []),
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.source,
  matchValues: eventInfo("ConfigChange").values!,
  input: (firing) => ({ source: firing.source, file_path: firing.file }),
  decide: (runs) => decideConfigChange(runs),
  apply(fired, call) {
    // Managed settings apply whatever a hook says (Claude ignores a block for policy_settings).
    if (call.input.source !== "policy_settings" && fired.some(({ decision }) => decision.blocked)) call.output.blocked = true;
  },
});
