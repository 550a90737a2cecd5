// Notification, Claude's two kinds that OpenCode has a moment for:
// - `permission_prompt` on `permission.asked`, when the prompt really waits for the user (not for a
//   call PreToolUse allowed or PermissionRequest answered: registered after both);
// - `idle_prompt` when a main session has waited for the user for 60 s (Claude's threshold;
//   HOOKS2OPENCODE_IDLE_NOTIFICATION_MS changes it): a timer from `session.idle`, cancelled when
//   the session gets busy again.
// Output and exit code are ignored, as in Claude. Source: https://code.claude.com/docs/en/hooks#notification.
import { decideIgnored } from "../decide/ignored-decision.js";
import type { Runtime } from "../runtime.js";
import { claudeCalls } from "../tools/resolve-call.js";
import type { ChannelCall } from "./channels.js";
import { defineEvent, defineListener, fireFirings } from "./define-event.js";

interface NoticeFiring {
  sessionID: string;
  type: "permission_prompt" | "idle_prompt";
  message: string;
}

const IDLE_NOTICE_MS = 60_000;

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
  if (session.idleTimer) clearTimeout(session.idleTimer);
  const delay = Number(process.env.HOOKS2OPENCODE_IDLE_NOTIFICATION_MS ?? IDLE_NOTICE_MS);
  session.idleTimer = setTimeout(
    () => {
      session.idleTimer = undefined;
      // A Stop loop that is still going is not waiting for the user.
      if (session.stop.busy || session.awaitedTurn || runtime.disposing) return;
      const firing: NoticeFiring = { sessionID: session.id, type: "idle_prompt", message: "Claude is waiting for your input" };
      void fireFirings(idleNotification, [firing], call, runtime).catch((error: unknown) => runtime.log("error", `Notification failed: ${String(error)}`));
    },
    Number.isFinite(delay) && delay >= 0 ? delay : IDLE_NOTICE_MS,
  );
  session.idleTimer.unref?.();
  return [];
});

export const cancelIdleNotification = defineListener({
  name: "track whether the session is busy, and cancel the idle notification of a busy one",
  channel: "session.status",
  handle({ input }, runtime) {
    const session = runtime.sessions.get(input.sessionID);
    session.busy = input.status.type !== "idle";
    if (input.status.type !== "idle" && session.idleTimer) {
      clearTimeout(session.idleTimer);
      session.idleTimer = undefined;
    }
  },
});
