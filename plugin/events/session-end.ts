// SessionEnd: when a session is deleted (`session.deleted`, reason `other`), and for every main
// session still open when OpenCode shuts down (`dispose`, which `opencode run` awaits: reason
// `other` for the end of a one-shot run, as for Claude's -p; `prompt_input_exit` when the TUI or a
// server exits). All SessionEnd hooks share Claude's short budget (compile.ts). Output is ignored.
// Source: https://code.claude.com/docs/en/hooks#sessionend.
import { decideIgnored } from "../decide/ignored-decision.js";
import type { Runtime } from "../runtime.js";
import { sessionSlot, wasStarted } from "../session-state.js";
import type { Channel, ChannelCall } from "./channels.js";
import { defineEvent } from "./define-event.js";
import type { EventScenario } from "./scenario.js";

interface EndFiring {
  sessionID: string;
  reason: "other" | "prompt_input_exit";
}

function sessionEnd<C extends Channel>(channel: C, firings: (call: ChannelCall<C>, runtime: Runtime) => EndFiring[]) {
  return defineEvent<C, EndFiring, ReturnType<typeof decideIgnored>>({
    name: "SessionEnd",
    channel,
    freshTranscript: true,
    firings,
    session: (firing) => firing.sessionID,
    matchValue: (firing) => firing.reason,
    matchValues: ["other", "prompt_input_exit"],
    input: (firing) => ({ reason: firing.reason }),
    decide: (runs) => decideIgnored("SessionEnd", runs),
    apply() {},
  });
}

/** SessionEnd ran for the session. */
const ended = sessionSlot(() => false);

function ending(runtime: Runtime, sessionID: string, reason: EndFiring["reason"]): EndFiring[] {
  const session = runtime.sessions.get(sessionID);
  if (session.parentID || ended.get(session)) return [];
  ended.set(session, true);
  return [{ sessionID, reason }];
}

export default sessionEnd("session.deleted", ({ input }, runtime) => ending(runtime, input.info.id, "other"));

/** Main sessions this process started or resumed and did not end. */
export const sessionEndAtExit = sessionEnd("dispose", (_call, runtime) =>
  runtime.sessions
    .all()
    .filter((session) => wasStarted(session) || session.created || session.id === runtime.currentSession)
    .flatMap((session) => ending(runtime, session.id, runtime.oneShotRun ? "other" : "prompt_input_exit")),
);

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const sessionEndDocs = {
  event: "SessionEnd",
  channel: "`session.deleted`, and OpenCode's shutdown (`dispose`, which `opencode run` awaits)",
  exact: [
    "all hooks share Claude's budget (1.5 s, raised to the largest SessionEnd timeout up to 60 s, `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS`)",
    "output ignored",
  ],
  differs: ["`reason` is `other` (deleted session, end of `opencode run`) or `prompt_input_exit` (the TUI or server exits)"],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const sessionEndScenario: EventScenario = {
  event: "SessionEnd",
  happens: "session.deleted of the session (reason other); prompt_input_exit: the plugin's dispose as the TUI exits, for the session it created",
  flags: { reason: "other (default, a deleted session) or prompt_input_exit (OpenCode exits)" },
  checks: [{ flag: "reason", oneOf: "matcher values", never: { why: "OpenCode ends no session this way" } }],
  subject: (options) => `reason ${options.reason ?? "other"}`,
  calls: (options) =>
    (options.reason ?? "other") === "other"
      ? [{ channel: "session.deleted", title: "New session" }]
      : [{ channel: "session.created", title: "New session" }, { channel: "dispose" }],
};
