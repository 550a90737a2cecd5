// Stop -> `session.idle` of a main session. OpenCode does not wait for events, so the loop is
// driven from here: when the idle shows a finished turn (stop/stop-guard.ts decides, once per turn,
// never after Esc or an error), the Stop hooks run; a block (exit 2, `decision: "block"`) or
// additionalContext sends the agent back to work with the feedback as its next user message
// (promptAsync); the run after that one gets `stop_hook_active: true`; Claude's cap on consecutive
// blocks ends a hook that always blocks. `opencode run` exits at the first idle, but it awaits the
// plugin's dispose, and the instance still runs turns then: shutdown.ts waits for the loop there.
// Sources: https://code.claude.com/docs/en/hooks#stop-decision-control, https://code.claude.com/docs/en/hooks-guide#stop-hook-hits-the-block-cap;
// docs/opencode-observed.md §9 (idle, dispose) and §10 (promptAsync).
import { decideStop, type StopDecision, turnEndVerdict } from "../decide/stop-decision.js";
import type { MessageWithParts } from "../opencode/client.js";
import { tellUser } from "../opencode/inject.js";
import { fetchMessages, lastAssistantText, turnEnd } from "../opencode/session-messages.js";
import type { Runtime } from "../runtime.js";
import { awaitedTurn, endAwaitedTurn, sessionSlot } from "../session-state.js";
import { blockCap } from "../stop/stop-guard.js";
import { claimStop, continuationDone, stopDecided, stopGuard, stopTurnEnded, userPrompted } from "../stop/stop-loop.js";
import { type ChannelCall, shared } from "./channels.js";
import { continueSession } from "./continue-session.js";
import { byFiring, defineEvent, defineListener } from "./define-event.js";
import { isContinuation } from "../opencode/session-messages.js";
import type { EventScenario } from "./scenario.js";
import { LAST_MESSAGE, LOOP, TURN_PROMPT } from "./scenario-parts.js";

interface StopFiring {
  sessionID: string;
  messages: MessageWithParts[];
  active: boolean;
  /** When the turn was read: a prompt typed after it is a newer turn. */
  readAt: number;
}

/** When the user last typed a prompt (a Stop run that began before it must not send them back). */
const promptedAt = sessionSlot(() => 0);

/** One fetch of the session's messages per idle, for every module that reads them. */
export function idleMessages(call: ChannelCall<"session.idle">, runtime: Runtime): Promise<MessageWithParts[]> {
  return shared(call, `messages:${call.input.sessionID}`, () => fetchMessages(runtime.client, call.input.sessionID));
}

export default defineEvent<"session.idle", StopFiring, StopDecision>({
  name: "Stop",
  channel: "session.idle",
  freshTranscript: true,
  async firings(call, runtime) {
    const sessionID = call.input.sessionID;
    const session = runtime.sessions.get(sessionID);
    if (session.parentID || awaitedTurn(session)) return [];
    if (!claimStop(session)) return [];
    let messages: MessageWithParts[] = [];
    try {
      messages = await idleMessages(call, runtime);
    } finally {
      if (stopTurnEnded(session, turnEnd(messages)) !== "evaluate") messages = [];
    }
    return messages.length > 0 ? [{ sessionID, messages, active: stopGuard(session).active, readAt: Date.now() }] : [];
  },
  session: (firing) => firing.sessionID,
  input: (firing) => {
    const last = lastAssistantText(firing.messages);
    return { stop_hook_active: firing.active, ...(last !== undefined ? { last_assistant_message: last } : {}) };
  },
  decide: (runs) => decideStop("Stop", runs),
  apply(fired, _call, runtime) {
    for (const [firing, decisions] of byFiring(fired)) {
      const session = runtime.sessions.get(firing.sessionID);
      // Claude's hooks and other agents' (plugin/dialects/) decide together: one continuation at most.
      const claudeCap = blockCap(process.env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP);
      const verdict = turnEndVerdict("Stop", decisions, claudeCap);
      const cap = verdict.cap;
      const action = stopDecided(session, verdict.keepsGoing, cap);
      for (const reason of verdict.stopReasons) tellUser(runtime, reason, "info");
      // Another agent's own cap (Copilot's 8) is not Claude's setting: the variable is named only when it set the cap.
      if (action === "capped") {
        const setting = cap === claudeCap ? ` (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=${cap})` : "";
        tellUser(runtime, `Stop hooks blocked ${cap} times in a row; the turn ends here${setting}.`, "warning");
      }
      if (action !== "continue") continue;
      // OpenCode is closing, or the user typed a new prompt while the hooks ran: start no turn.
      if (runtime.closingForGood || promptedAt.get(session) > firing.readAt) {
        continuationDone(session);
        continue;
      }
      const lastUser = firing.messages.findLast((message) => message.info.role === "user");
      void runtime.track(
        sendBack(runtime, firing.sessionID, verdict.text, lastUser).catch((error: unknown) =>
          runtime.log("error", `Stop continuation failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
        ),
      );
    }
  },
});

/** The continuation turn; the idle that ends it evaluates Stop again (after finishAwaitedTurn). */
async function sendBack(runtime: Runtime, sessionID: string, text: string, like: MessageWithParts | undefined): Promise<void> {
  const started = await continueSession(runtime, sessionID, text, like);
  if (!started) continuationDone(runtime.sessions.get(sessionID));
}

/** Before Stop looks at an idle: a turn the plugin started is over when an idle shows a newer prompt. */
export const finishAwaitedTurn = defineListener({
  name: "notice the end of a continuation turn",
  channel: "session.idle",
  async handle(call, runtime) {
    const session = runtime.sessions.peek(call.input.sessionID);
    const awaited = session && awaitedTurn(session);
    if (!session || !awaited) return;
    const messages = await idleMessages(call, runtime);
    const lastUser = messages.findLast((message) => message.info.role === "user");
    if (!lastUser || lastUser.info.time.created < awaited.since) return;
    continuationDone(session);
    endAwaitedTurn(session, awaited);
  },
});

/** A prompt the user typed (not our continuation) ends the Stop loop's count. */
export const resetStopLoop = defineListener({
  name: "reset the Stop loop on a user prompt",
  channel: "chat.message",
  handle({ input, output }, runtime) {
    const parts = output.parts as unknown as Parameters<typeof isContinuation>[0];
    if (isContinuation(parts)) return;
    const session = runtime.sessions.get(input.sessionID);
    userPrompted(session);
    promptedAt.set(session, Date.now());
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const stopDocs = {
  event: "Stop",
  channel: "`session.idle` of a main session",
  exact: [
    'exit 2 / `decision: "block"` / additionalContext send the agent back to work with the reason as its next message',
    "the next run has `stop_hook_active: true`",
    "8 consecutive blocks (`CLAUDE_CODE_STOP_HOOK_BLOCK_CAP`, `0` disables) end the loop, a continuation that ran a tool resets the count",
    "`continue: false` ends it",
    "no run after Esc",
    "one run per finished turn however many idle events OpenCode sends",
  ],
  differs: [
    "the continuation is a visible user message",
    "`background_tasks` and `session_crons` are not sent (OpenCode has neither). In `opencode run` the loop runs while `run` shuts down, and the plugin prints the continuations' final text as `run` would (stdout, default or `--format json`)",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const stopScenario: EventScenario = {
  event: "Stop",
  happens: "session.idle after a finished turn",
  flags: { prompt: TURN_PROMPT, lastMessage: LAST_MESSAGE },
  stopHookActive: LOOP,
  calls: (options) => [{ turn: { prompt: options.prompt, lastMessage: options.lastMessage } }, { channel: "session.idle" }],
};
