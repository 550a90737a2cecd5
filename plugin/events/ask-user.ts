// The part of PreToolUse that answers `ask`: Claude puts the call to the user. OpenCode 1.18.33 has
// no way for a plugin to ask about the running call (no route raises a prompt, and a run reads its
// session's permission rules once, when it starts: docs/opencode-observed.md §14). So the call is
// not run now, and the model reads why and what to do; the plugin appends a session rule that asks
// for that call (PATCH /session/{id} appends rules; the last matching one wins); and once that rule
// holds (ask-rules.ts), the same call goes on and OpenCode itself asks the user, whose answer (or a
// PermissionRequest hook's) decides. Where OpenCode would not ask (`opencode run`, a call it asks
// nothing about, an earlier "Always allow"), the call never runs: a guard that asks never fails open.
// Source: https://code.claude.com/docs/en/hooks#pretooluse-decision-control.
import { addPendingRule, armSavedRules, type AskRule, noteSessionRules, type RuleTarget, sessionAsks } from "../opencode/ask-rules.js";
import { type PermissionRule, sameRule } from "../match/opencode-permission-rules.js";
import { fetchMessages } from "../opencode/session-messages.js";
import type { Runtime } from "../runtime.js";
import { sessionSlot } from "../session-state.js";
import { type PermissionTarget, permissionTarget } from "../tools/permission-target.js";
import { defineListener, HookBlock } from "./define-event.js";
import type { ToolHookContext } from "./define-tool-event.js";

/** Rules the plugin added so that OpenCode asks about calls a PreToolUse hook answered `ask` for. */
const askRules = sessionSlot<AskRule[]>(() => []);

/** Returns when OpenCode will ask the user about the call; otherwise the call is not run (throws the block). */
export async function askTheUser(context: ToolHookContext, mcpServer: string | undefined, asker = "a PreToolUse hook"): Promise<void> {
  const { runtime, sessionID, callID, tool } = context;
  const log = (what: string) => runtime.log("info", `${asker} asked for ${tool} (${callID}): ${what}`);
  const block = (why: string) => {
    runtime.callState(callID).blocked = true;
    return new HookBlock(`This call needs the user's approval (${asker} asked for it), ${why}`);
  };
  const refuse = (why: string) => {
    log(`not run, ${why}`);
    return block(`but ${why}: it was not run. Tell the user, who can run it themselves.`);
  };
  if (runtime.oneShotRun) throw refuse("`opencode run` cannot ask the user (it rejects every permission prompt)");
  const target = await targetOf(context, mcpServer !== undefined);
  if (target.kind === "never") throw refuse(target.why);
  const always = runtime.alwaysAllowed.covering(target);
  if (always)
    throw refuse(
      `OpenCode would not ask: the user answered "Always allow" for ${always.permission} ${JSON.stringify(always.pattern)} (until OpenCode restarts)`,
    );
  const rule = askRules.get(runtime.sessions.get(sessionID)).find((each) => sameRule(each, target));
  const described = `the session rule ${target.permission} ${JSON.stringify(target.pattern)}${target.exact ? "" : " (the exact pattern cannot be told)"}`;
  if (rule?.state === "armed" && (await stillAsks(runtime, sessionID, target))) return log(`${described} makes OpenCode ask the user`);
  if (rule?.state !== "pending" && rule?.state !== "saved") {
    const error = await addRule(runtime, sessionID, target);
    if (error) throw refuse(`OpenCode could not be set to ask about it (${described}: ${error})`);
    log(`not run now; added ${described}: OpenCode asks from the session's next turn`);
  }
  throw block(
    "and OpenCode cannot ask the user in the middle of a turn: it was not run. Do not retry it in this turn. Tell the user what you want to run and why, and end your turn. When the user replies, make exactly the same call again: OpenCode will then ask them to approve or reject it.",
  );
}

/** What OpenCode's tool asks for this call (the task tool asks nothing for an agent the user named with @). */
async function targetOf(context: ToolHookContext, mcp: boolean): Promise<PermissionTarget> {
  const { runtime, tool, args, sessionID } = context;
  const target = permissionTarget(tool, args, {
    directory: runtime.directory,
    // OpenCode hands plugins its worktree; the offline `test` has only the project folder.
    worktree: runtime.worktree ?? runtime.directory,
    mcp,
    ...(runtime.shell ? { shell: runtime.shell } : {}),
  });
  if (target.kind !== "rule" || tool !== "task") return target;
  const lastUser = (await fetchMessages(runtime.client, sessionID)).findLast((message) => message.info.role === "user");
  if (lastUser?.parts.some((part) => part.type === "agent") === false) return target;
  return { kind: "never", why: "OpenCode asks no permission for a subagent the user named with @ (or whose prompt it cannot read)" };
}

/** Appends the rule to the session's (OpenCode merges, never replaces), pending until OpenCode is seen to hold it; the error, if any. */
async function addRule(runtime: Runtime, sessionID: string, target: RuleTarget): Promise<string | undefined> {
  const session = runtime.sessions.get(sessionID);
  // Pending before the request: OpenCode publishes session.updated before it answers.
  askRules.set(session, addPendingRule(askRules.get(session), target));
  const rule = { permission: target.permission, pattern: target.pattern, action: "ask" as const };
  const send = async () =>
    (await runtime.client.session?.update?.({ path: { id: sessionID }, body: { permission: [rule] } })) as { error?: unknown } | undefined;
  const answer = await send().catch((error: unknown) => ({ error }));
  if (answer && !answer.error) return undefined;
  askRules.set(
    session,
    askRules.get(session).filter((each) => !sameRule(each, rule)),
  );
  const error = answer?.error as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : JSON.stringify(answer?.error ?? "no session API");
}

/** Read again: the rule is still there and still decides (another client may have replaced or outdone it). */
async function stillAsks(runtime: Runtime, sessionID: string, target: RuleTarget): Promise<boolean> {
  try {
    const answer = await runtime.client.session?.get?.({ path: { id: sessionID } });
    const rules = (answer?.data as { permission?: PermissionRule[] } | undefined)?.permission;
    return Array.isArray(rules) && sessionAsks(rules, target);
  } catch {
    return false;
  }
}

/** OpenCode saved (or dropped) the session's rules: first on session.updated, so it sees them in publish order. */
export const trackSessionRules = defineListener({
  name: "note which of the plugin's permission rules OpenCode holds",
  channel: "session.updated",
  handle({ input }, runtime) {
    const session = runtime.sessions.peek(input.sessionID);
    if (!session || askRules.get(session).length === 0) return;
    askRules.set(session, noteSessionRules(askRules.get(session), input.info.permission ?? []));
  },
});

/** A run of the session ended: the next one reads every saved rule. First on session.idle, for the same reason. */
export const armSessionRules = defineListener({
  name: "arm the permission rules OpenCode saved before the session went idle",
  channel: "session.idle",
  handle({ input }, runtime) {
    const session = runtime.sessions.peek(input.sessionID);
    if (session && askRules.get(session).length > 0) askRules.set(session, armSavedRules(askRules.get(session)));
  },
});

/** What an "Always allow" answer to a prompt would allow, then whether it was given. */
export const trackAlwaysOffers = defineListener({
  name: "remember what a permission prompt's Always allow would allow",
  channel: "permission.asked",
  handle({ input }, runtime) {
    runtime.alwaysAllowed.offered(input);
  },
});

export const trackAlwaysAnswers = defineListener({
  name: "remember the Always allow answers",
  channel: "permission.replied",
  handle({ input }, runtime) {
    runtime.alwaysAllowed.answered(input.requestID, input.reply);
  },
});
