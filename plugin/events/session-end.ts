// SessionEnd: when a session is deleted (`session.deleted`, reason `other`), and for every main
// session still open when OpenCode shuts down (`dispose`, which `opencode run` awaits: reason
// `other` for the end of a one-shot run, as for Claude's -p; `prompt_input_exit` when the TUI or a
// server exits). All SessionEnd hooks share Claude's short budget (compile.ts). Output is ignored.
// Source: https://code.claude.com/docs/en/hooks#sessionend.
import { decideIgnored } from "../decide/ignored-decision.js";
import type { Runtime } from "../runtime.js";
import type { Channel, ChannelCall } from "./channels.js";
import { defineEvent } from "./define-event.js";

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

function ending(runtime: Runtime, sessionID: string, reason: EndFiring["reason"]): EndFiring[] {
  const session = runtime.sessions.get(sessionID);
  if (session.parentID || session.ended) return [];
  session.ended = true;
  return [{ sessionID, reason }];
}

export default sessionEnd("session.deleted", ({ input }, runtime) => ending(runtime, input.info.id, "other"));

/** Main sessions this process started or resumed and did not end. */
export const sessionEndAtExit = sessionEnd("dispose", (_call, runtime) =>
  runtime.sessions
    .all()
    .filter((session) => session.started || session.created || session.id === runtime.currentSession)
    .flatMap((session) => ending(runtime, session.id, runtime.oneShotRun ? "other" : "prompt_input_exit")),
);
