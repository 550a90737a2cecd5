// What happens on OpenCode's `dispose` (awaited, also at the end of `opencode run`) and on the
// `shell.env` hook. A one-shot `opencode run` exits at the first idle, before a Stop hook could
// send the agent back to work; but it awaits dispose, and the instance still runs turns then
// (measured with 1.18.33): so dispose first waits for the work the plugin started (Stop loops,
// their continuation turns, event hooks), then SessionEnd runs, then the private files go. In the
// TUI or a server, OpenCode is closing for real: no new turn starts, and waiting turns are let go.
import { endAwaitedTurn, exportedEnv } from "../session-state.js";
import { defineListener } from "./define-event.js";
import { cancelIdleNotice } from "./notification.js";

export const finishStartedWork = defineListener({
  name: "finish the work started before shutdown",
  channel: "dispose",
  async handle(_call, runtime) {
    runtime.log("debug", `shutting down${runtime.oneShotRun ? " at the end of opencode run: finishing started work first" : ""}`);
    if (runtime.oneShotRun) await runtime.settle();
    runtime.disposing = true;
    for (const session of runtime.sessions.all()) {
      endAwaitedTurn(session);
      cancelIdleNotice(session);
    }
  },
});

export const closeRuntime = defineListener({
  name: "remove transcripts and env files, close MCP connections",
  channel: "dispose",
  handle(_call, runtime) {
    runtime.mcp.closeAll();
    runtime.files.remove();
    runtime.closed = true;
  },
});

/** Variables SessionStart / FileChanged hooks exported through CLAUDE_ENV_FILE, for bash calls. */
export const exportHookEnv = defineListener({
  name: "give bash the CLAUDE_ENV_FILE variables",
  channel: "shell.env",
  handle({ input, output }, runtime) {
    if (!input.sessionID) return;
    const session = runtime.sessions.peek(input.sessionID);
    const parent = session?.parentID ? runtime.sessions.peek(session.parentID) : undefined;
    Object.assign(output.env, parent && exportedEnv(parent), session && exportedEnv(session));
  },
});

export const forgetDeletedSession = defineListener({
  name: "forget a deleted session",
  channel: "session.deleted",
  async handle({ input }, runtime) {
    await runtime.transcripts.remove(input.info.id);
    runtime.sessions.forget(input.info.id);
  },
});
