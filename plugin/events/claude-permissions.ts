// Claude's permission rules in the plugin (convert --permissions): after PreToolUse (Claude runs its
// hooks before the permission check, and a hook's block wins), a matching deny rule blocks the call
// with Claude's message, whatever the hooks said (a hook's `allow` never lifts a deny rule); a
// matching ask rule keeps OpenCode's prompt for the user even after a hook's `allow`; an allow rule
// answers OpenCode's permission prompt for the call, as a PreToolUse `allow` does, unless a deny or
// ask rule matched or a hook asked. What decided is logged with its file:line:col.
// Source: https://code.claude.com/docs/en/permissions#extend-permissions-with-hooks; Claude's denial
// text as 2.1.273 prints it: https://github.com/anthropics/claude-code/issues/94690.
import { replyPermission } from "../opencode/inject.js";
import { decidePermission, type Verdict } from "../permissions/evaluate.js";
import { claudeCalls } from "../tools/resolve-call.js";
import { defineListener, HookBlock } from "./define-event.js";
import { type ToolHookContext, toolContext } from "./define-tool-event.js";
import { askTheUser } from "./ask-user.js";
import { opencodeAction } from "../permissions/opencode-evaluate.js";
import { permissionTarget } from "../tools/permission-target.js";
import { subcommands } from "../match/bash-command.js";

/** Claude's message for a call a deny rule blocks: the model reads it and goes on. */
export function deniedMessage(toolName: string, toolInput: Record<string, unknown>): string {
  const command = toolInput.command;
  return toolName === "Bash" && typeof command === "string"
    ? `Permission to use Bash with command ${command} has been denied.`
    : `Permission to use ${toolName} has been denied.`;
}

const shown = (verdict: Verdict) => `permissions.${verdict.decision} ${verdict.rule.text} at ${verdict.rule.file}:${verdict.rule.line}:${verdict.rule.column}`;

export const enforcePermissionRules = defineListener({
  name: "enforce Claude's permission rules",
  channel: "tool.execute.before",
  handle(call, runtime) {
    const rules = runtime.permissions;
    if (!rules) return;
    const context = toolContext(call, runtime);
    const verdicts = claudeCalls(context.tool, context.args, runtime.directory, runtime.mcpServers)
      .filter((claude) => !claude.unreadable)
      .map((claude) => ({ claude, verdict: decidePermission(rules, { ...claude, projectDir: runtime.directory }) }));
    const denied = verdicts.find(({ verdict }) => verdict?.decision === "deny");
    const state = runtime.callState(context.callID);
    if (denied) {
      runtime.log("info", `${context.tool} (${context.callID}) denied by ${shown(denied.verdict!)}`);
      state.blocked = true;
      throw new HookBlock(deniedMessage(denied.claude.toolName, denied.claude.toolInput));
    }
    const asked = verdicts.find(({ verdict }) => verdict?.decision === "ask");
    if (asked) {
      // An ask rule prompts even when a PreToolUse hook allowed the call: OpenCode's prompt stays the user's.
      runtime.log("info", `${context.tool} (${context.callID}) asked by ${shown(asked.verdict!)}`);
      state.allowed = false;
      // OpenCode asks where its permission config (with Claude's rules: opencode-permissions.ts) says so;
      // where its globs miss the call (`timeout 5 git push`), the plugin asks as for a PreToolUse `ask`,
      // which also tells the model why under `opencode run` (it rejects every prompt, ending the turn).
      if (!runtime.oneShotRun && opencodeAsks(context, asked.claude.mcpServer !== undefined)) return;
      runtime.log("info", `${context.tool} (${context.callID}): OpenCode's permission config would not ask; asking as a PreToolUse ask does`);
      return askTheUser(context, asked.claude.mcpServer, `the permissions ask rule ${asked.verdict!.rule.text}`);
    }
    const allowed = verdicts.length > 0 && verdicts.every(({ verdict }) => verdict?.decision === "allow") ? verdicts[0]!.verdict : undefined;
    if (allowed && !state.hookAsked) state.ruleAllowed = shown(allowed);
  },
});

export const answerRuleAllowedPermission = defineListener({
  name: "answer the permission prompt of a call a permissions allow rule allows",
  channel: "permission.asked",
  syncInOneShotRun: true,
  async handle({ input }, runtime) {
    const callID = input.tool?.callID;
    const state = callID ? runtime.peekCallState(callID) : undefined;
    if (!state?.ruleAllowed || state.allowed || state.answered) return;
    state.answered = true;
    runtime.log("info", `${input.permission} for ${callID} allowed by ${state.ruleAllowed}; answering the permission prompt`);
    await replyPermission(runtime, input, "once");
  },
});

/**
 * Whether OpenCode itself will ask about the call, by the permission config the plugin wrote (what
 * it cannot tell counts as asked: a compound command, a call without an exact pattern, no config seen).
 */
function opencodeAsks({ runtime, tool, args }: ToolHookContext, mcp: boolean): boolean {
  const config = runtime.opencodePermission;
  if (!config) return true;
  if (tool === "bash" && (subcommands(String(args.command ?? ""))?.length ?? 0) !== 1) return true;
  const target = permissionTarget(tool, args, {
    directory: runtime.directory,
    worktree: runtime.worktree ?? runtime.directory,
    mcp,
    ...(runtime.shell ? { shell: runtime.shell } : {}),
  });
  if (target.kind !== "rule" || !target.exact) return true;
  return opencodeAction(config, target.permission, target.pattern) === "ask";
}
