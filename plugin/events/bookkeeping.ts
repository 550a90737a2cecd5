// Listeners that keep the runtime's picture of OpenCode current, for the events that read it:
// OpenCode's config (MCP server names, permission mode), which sessions are subagents, how a
// compaction was asked for, and the call state of calls that failed (they never reach an after-hook).
// They alone write a session's SessionFacts (session-state.ts): event modules read them.
import { claudeAgentName, DEFAULT_AGENT_TYPE } from "../../schema/agents.js";
import { tellUser } from "../opencode/inject.js";
import { observed, type SessionState, takePendingWake } from "../session-state.js";
import { wake } from "./background-results.js";
import { defineListener } from "./define-event.js";

export const readConfig = defineListener({
  name: "read OpenCode's config",
  channel: "config",
  handle({ input }, runtime) {
    runtime.mcpServers = Object.keys((input.mcp as Record<string, unknown> | undefined) ?? {});
    runtime.mcp.servers = (input.mcp as typeof runtime.mcp.servers | undefined) ?? {};
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    runtime.models = {
      ...(text(input.model) ? { model: text(input.model) } : {}),
      ...(text(input.small_model) ? { small_model: text(input.small_model) } : {}),
    };
    runtime.permissionMode = permissionMode(input.permission, process.argv);
    runtime.shell = text(input.shell);
  },
});

/**
 * Claude's `permission_mode`: `bypassPermissions` when OpenCode asks for nothing (`permission:
 * "allow"`, which OpenCode hands plugins as `{"*": "allow"}`, with no rule that asks or denies, or
 * `opencode run --auto`), else `default`.
 */
export function permissionMode(permission: unknown, argv: readonly string[]): "bypassPermissions" | "default" {
  if (argv.some((arg) => arg === "--auto" || arg === "--yolo" || arg === "--dangerously-skip-permissions")) return "bypassPermissions";
  if (permission === "allow") return "bypassPermissions";
  if (typeof permission !== "object" || permission === null) return "default";
  const rules = Object.entries(permission as Record<string, unknown>);
  const allowsAll = rules.some(([key, value]) => key === "*" && value === "allow");
  return allowsAll && rules.every(([, value]) => value === "allow") ? "bypassPermissions" : "default";
}

/** Child sessions are subagents; OpenCode titles them "<description> (@<agent> subagent)". Hooks get the agent under Claude's name. */
export const trackSession = defineListener({
  name: "track the session",
  channel: "session.created",
  handle({ input }, runtime) {
    const info = input.info;
    const session = observed(runtime.sessions.get(info.id));
    session.created = true;
    if (info.parentID) {
      session.parentID = info.parentID;
      const agent = /\(@([^)]+) subagent\)\s*$/.exec(info.title ?? "")?.[1];
      session.agentType = agent === undefined ? DEFAULT_AGENT_TYPE : claudeAgentName(agent);
    }
  },
});

/** A compaction part says whether the compaction was asked for (`/compact`) or automatic. */
export const trackCompaction = defineListener({
  name: "track how a compaction was asked for",
  channel: "message.part.updated",
  handle({ input }, runtime) {
    if (input.part.type === "compaction") observed(runtime.sessions.get(input.part.sessionID)).compactTrigger = input.part.auto ? "auto" : "manual";
  },
});

/** PostCompact takes the trigger of the compaction that ended; the next compaction's part sets it again. */
export function takeCompactTrigger(session: SessionState): "manual" | "auto" | undefined {
  const trigger = session.compactTrigger;
  observed(session).compactTrigger = undefined;
  return trigger;
}

/** A failed call never reaches tool.execute.after: release its state here. */
export const releaseFailedCall = defineListener({
  name: "release the state of a failed call",
  channel: "message.part.updated",
  handle({ input }, runtime) {
    if (input.part.type === "tool" && input.part.state.status === "error") runtime.takeCallState(input.part.callID);
  },
});

/** What the plugin noticed at load (settings changed since convert) is shown once, at the first prompt. */
export const showNotice = defineListener({
  name: "show the notice of changed settings",
  channel: "chat.message",
  handle(_call, runtime) {
    const notice = runtime.notice;
    if (notice === undefined) return;
    runtime.notice = undefined;
    tellUser(runtime, notice, "warning");
  },
});

/** The model of a session's prompt: what a prompt hook's `sonnet` or `opus` stands for. */
export const rememberModel = defineListener({
  name: "remember the session's model",
  channel: "chat.message",
  handle({ input, output }, runtime) {
    const model = (output.message as { model?: { providerID?: unknown; modelID?: unknown } }).model ?? input.model;
    if (typeof model?.providerID === "string" && typeof model.modelID === "string")
      observed(runtime.sessions.get(input.sessionID)).model = { providerID: model.providerID, modelID: model.modelID };
  },
});

/** Whether OpenCode is running a turn for the session: an asyncRewake that comes meanwhile waits for its next request. */
export const trackBusy = defineListener({
  name: "track whether the session is busy",
  channel: "session.status",
  handle({ input }, runtime) {
    observed(runtime.sessions.get(input.sessionID)).busy = input.status.type !== "idle";
  },
});

/**
 * An idle session runs no turn (OpenCode 1.18.33 may send no idle session.status before
 * session.idle); an asyncRewake text the ended turn did not take wakes it now.
 */
export const trackIdle = defineListener({
  name: "note that the session is idle",
  channel: "session.idle",
  handle({ input }, runtime) {
    const session = runtime.sessions.peek(input.sessionID);
    if (!session) return;
    observed(session).busy = false;
    const pending = takePendingWake(session);
    if (pending?.length && !runtime.disposing) wake(runtime, session.id, pending);
  },
});
