// SessionStart, where OpenCode lets its `source` be told apart:
// - `startup` (`fork` for a session OpenCode titled "(fork #N)") from `session.created`;
// - `resume` from the first prompt of a session this process did not create (opencode run -s/-c,
//   or an old session opened in the TUI);
// - `compact` from `session.compacted`.
// Plain stdout and additionalContext are held for the session's next prompt (a synthetic part before
// the typed text, see deliverSessionContext) or, when the next model request comes first (after a
// compaction), pinned to that request. Exit 2 is shown to the user, never blocks. Variables exported
// through CLAUDE_ENV_FILE reach later bash calls (env-file.ts). Source: https://code.claude.com/docs/en/hooks#sessionstart.
import { type ContextDecision, contextText, decideContext } from "../decide/context-decision.js";
import { envFileFor, exportedBy } from "../env-file.js";
import { addContextPart, type PromptOutput, tellUser } from "../opencode/inject.js";
import { isContinuation } from "../opencode/session-messages.js";
import type { Runtime } from "../runtime.js";
import { addStartContext, dueWork, exportEnv, markStarted, takeAsyncContext, takeStartContext } from "../session-state.js";
import type { Channel } from "./channels.js";
import { defineEvent, defineListener, type EventModule } from "./define-event.js";
import type { EventScenario } from "./scenario.js";
import { TYPED, typedPrompt } from "./scenario-parts.js";

type Source = "startup" | "resume" | "compact" | "fork";

interface StartFiring {
  sessionID: string;
  source: Source;
  model?: string;
}

function sessionStart<C extends Channel>(
  channel: C,
  firings: EventModule<C, StartFiring, ContextDecision>["firings"],
): EventModule<C, StartFiring, ContextDecision> {
  return defineEvent<C, StartFiring, ContextDecision>({
    name: "SessionStart",
    channel,
    dueBeforeNextRequest: true,
    freshTranscript: true,
    firings,
    session: (firing) => firing.sessionID,
    matchValue: (firing) => firing.source,
    matchValues: ["startup", "resume", "compact", "fork"],
    input: (firing) => ({ source: firing.source, ...(firing.model ? { model: firing.model } : {}) }),
    env: async (firing, runtime) => ({ CLAUDE_ENV_FILE: await envFileFor(runtime, firing.sessionID) }),
    decide: (runs, firing) => decideContext("SessionStart", runs, { qualifier: firing.source, plainStdout: true, blocks: false }),
    async apply(fired, _call, runtime) {
      for (const { firing, decision, ran } of fired) if (ran) await applyStart(runtime, firing.sessionID, decision);
    },
  });
}

/** Context for the session's next prompt, user-facing errors, title, watch paths, exported variables. */
export async function applyStart(runtime: Runtime, sessionID: string, decision: ContextDecision): Promise<void> {
  const session = runtime.sessions.get(sessionID);
  addStartContext(
    session,
    decision.context.map((text) => contextText(decision, text)),
  );
  for (const error of decision.userErrors) tellUser(runtime, error, "warning");
  if (decision.sessionTitle) void runtime.client.session?.update?.({ path: { id: sessionID }, body: { title: decision.sessionTitle } })?.catch(() => {});
  for (const watched of decision.watchPaths) runtime.watchPaths.add(watched);
  exportEnv(session, await exportedBy(await envFileFor(runtime, sessionID), runtime.hookEnv(sessionID)));
}

export default sessionStart("session.created", ({ input }, runtime) => {
  const session = runtime.sessions.get(input.info.id);
  if (input.info.parentID || !markStarted(session)) return [];
  const model = (input.info as { model?: { id?: string } }).model?.id;
  return [{ sessionID: input.info.id, source: /\(fork #\d+\)$/.test(input.info.title) ? "fork" : "startup", ...(model ? { model } : {}) }];
});

export const resumedSession = sessionStart("chat.message", ({ input, output }, runtime) => {
  const session = runtime.sessions.get(input.sessionID);
  const parts = output.parts as unknown as Parameters<typeof isContinuation>[0];
  if (session.created || session.parentID || isContinuation(parts) || !markStarted(session)) return [];
  return [{ sessionID: input.sessionID, source: "resume", ...(input.model ? { model: input.model.modelID } : {}) }];
});

export const compactedSession = sessionStart("session.compacted", ({ input }, runtime) =>
  runtime.sessions.get(input.sessionID).parentID ? [] : [{ sessionID: input.sessionID, source: "compact" }],
);

/**
 * The next prompt of a session carries the context its SessionStart / SubagentStart hooks gave, and
 * that of async hooks that finished since the last request: before the typed text, so after the
 * messages that were latest when they finished.
 */
export const deliverSessionContext = defineListener({
  name: "add SessionStart and async hook context to the prompt",
  channel: "chat.message",
  async handle({ input, output }, runtime) {
    const session = runtime.sessions.get(input.sessionID);
    if (!session.parentID) runtime.currentSession = input.sessionID;
    await dueWork(session);
    const texts = [...takeStartContext(session), ...takeAsyncContext(session)];
    for (const text of [...texts].reverse()) addContextPart(output as unknown as PromptOutput, text, "session-context", "start");
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const sessionStartDocs = {
  event: "SessionStart",
  channel:
    "`session.created` (`startup`, or `fork` for a forked session), the first prompt of a session this process did not create (`resume`), `session.compacted` (`compact`)",
  exact: [
    "plain stdout and additionalContext reach the session's first prompt (before the typed text) or, after a compaction, the next model request",
    "exit 2 is shown, never blocks",
    "`sessionTitle`",
    "`watchPaths` for FileChanged",
    "`CLAUDE_ENV_FILE`: variables a hook exports there reach every later bash call (OpenCode's `shell.env`)",
  ],
  differs: [
    "never `clear` (OpenCode starts a new session instead)",
    "`initialUserMessage` and `reloadSkills` are not used",
    "the env file is sourced once by `/bin/sh`, so only exported variables carry over",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const sessionStartScenario: EventScenario = {
  event: "SessionStart",
  happens: "session.created (resume: the first prompt of a session this OpenCode did not create), then the first prompt; then shell.env of a later bash call",
  flags: { source: "startup (default), resume or fork", prompt: TYPED },
  checks: [{ flag: "source", oneOf: ["startup", "resume", "fork"], never: { values: ["compact", "clear"], why: "needs a real OpenCode session" } }],
  calls(options) {
    const source = options.source ?? "startup";
    const created = source === "resume" ? [] : [{ channel: "session.created", title: source === "fork" ? "A session (fork #1)" : "New session" } as const];
    return [...created, { channel: "chat.message", text: typedPrompt(options) }, { channel: "shell.env" }];
  },
};
