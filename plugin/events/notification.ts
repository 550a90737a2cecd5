// Notification, Claude's two kinds that OpenCode has a moment for:
// - `permission_prompt` on `permission.asked`, when the prompt really waits for the user (not for a
//   call PreToolUse allowed or PermissionRequest answered: registered after both);
// - `idle_prompt` when a main session has waited for the user for 60 s (Claude's threshold;
//   HOOKS2OPENCODE_IDLE_NOTIFICATION_MS changes it): a timer from `session.idle`, cancelled when
//   the session gets busy again.
// Output and exit code are ignored, as in Claude. Source: https://code.claude.com/docs/en/hooks#notification.
import { decideIgnored } from "../decide/ignored-decision.js";
import type { Runtime } from "../runtime.js";
import { awaitedTurn, type SessionState, sessionSlot } from "../session-state.js";
import { stopGuard } from "../stop/stop-loop.js";
import { claudeCalls } from "../tools/resolve-call.js";
import type { ChannelCall } from "./channels.js";
import { defineEvent, defineListener, fireFirings } from "./define-event.js";
import type { EventScenario } from "./scenario.js";
import { askPermission, INPUT, NEEDS_TOOL, TOOL } from "./scenario-parts.js";

interface NoticeFiring {
  sessionID: string;
  type: "permission_prompt" | "idle_prompt";
  message: string;
}

const IDLE_NOTICE_MS = 60_000;

/** The timer of a main session's idle_prompt notification; a forgotten session's is cleared. */
const idleTimer = sessionSlot<ReturnType<typeof setTimeout> | undefined>(
  () => undefined,
  (timer) => clearTimeout(timer),
);

/** The session is busy again, or OpenCode is closing: no idle_prompt notification for the wait that ended. */
export function cancelIdleNotice(session: SessionState): void {
  const timer = idleTimer.get(session);
  if (!timer) return;
  clearTimeout(timer);
  idleTimer.set(session, undefined);
}

function notification<C extends "permission.asked" | "session.idle">(channel: C, firings: (call: ChannelCall<C>, runtime: Runtime) => NoticeFiring[]) {
  return defineEvent<C, NoticeFiring, ReturnType<typeof decideIgnored>>({
    name: "Notification",
    channel,
    firings,
    session: (firing) => firing.sessionID,
    matchValue: (firing) => firing.type,
    matchValues: ["permission_prompt", "idle_prompt"],
    input: (firing) => ({ message: firing.message, notification_type: firing.type }),
    decide: (runs) => decideIgnored("Notification", runs),
    apply() {},
  });
}

export default notification("permission.asked", ({ input }, runtime) => {
  const state = input.tool ? runtime.peekCallState(input.tool.callID) : undefined;
  if (state?.allowed || state?.answered) return [];
  const [call] = claudeCalls(state?.tool ?? input.permission, state?.args ?? {}, runtime.directory, runtime.mcpServers);
  return [{ sessionID: input.sessionID, type: "permission_prompt", message: `Claude needs your permission to use ${call?.toolName ?? input.permission}` }];
});

export const idleNotification = notification("session.idle", (call, runtime) => {
  const session = runtime.sessions.get(call.input.sessionID);
  if (session.parentID) return [];
  const previous = idleTimer.get(session);
  if (previous) clearTimeout(previous);
  const delay = Number(process.env.HOOKS2OPENCODE_IDLE_NOTIFICATION_MS ?? IDLE_NOTICE_MS);
  const timer = setTimeout(
    () => {
      idleTimer.set(session, undefined);
      // A Stop loop that is still going is not waiting for the user.
      if (stopGuard(session).busy || awaitedTurn(session) || runtime.disposing) return;
      const firing: NoticeFiring = { sessionID: session.id, type: "idle_prompt", message: "Claude is waiting for your input" };
      void fireFirings(idleNotification, [firing], call, runtime).catch((error: unknown) => runtime.log("error", `Notification failed: ${String(error)}`));
    },
    Number.isFinite(delay) && delay >= 0 ? delay : IDLE_NOTICE_MS,
  );
  idleTimer.set(session, timer);
  timer.unref?.();
  return [];
});

export const cancelIdleNotification = defineListener({
  name: "cancel the idle notification of a busy session",
  channel: "session.status",
  handle({ input }, runtime) {
    if (input.status.type !== "idle") cancelIdleNotice(runtime.sessions.get(input.sessionID));
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const notificationDocs = {
  event: "Notification",
  channel: "`permission.asked` (`permission_prompt`) and a timer after `session.idle` (`idle_prompt`, 60 s; `HOOKS2OPENCODE_IDLE_NOTIFICATION_MS`)",
  exact: ["`message`, `notification_type` (matcher)", "output ignored"],
  differs: ["only these two types happen in OpenCode"],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const notificationScenario: EventScenario = {
  event: "Notification",
  happens: "permission.asked for the tool call (notification_type permission_prompt)",
  flags: { tool: TOOL, input: INPUT },
  checks: [NEEDS_TOOL],
  calls: askPermission,
};
