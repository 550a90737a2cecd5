// PermissionRequest -> the `permission.asked` event (OpenCode's permission.ask hook never fires in
// 1.18.33). The hooks see the call in Claude's names (from the call's state, kept by PreToolUse);
// the first decision in settings order answers OpenCode's prompt through its reply endpoint: allow
// (`always` when the hook adds an allow rule), deny with its message (a reject with feedback, so
// the model reads the message and the loop goes on) and `interrupt` (the turn is aborted too). No
// decision leaves the prompt to the user. A call PreToolUse allowed never gets here (Claude shows
// it no prompt). `opencode run` (in-process, or attached to `opencode serve`) rejects every prompt
// itself within milliseconds (docs/opencode-observed.md §7), so under `run` and `serve` the command
// hooks run synchronously inside the event handler, before `run` can see the event (OpenCode does
// nothing else meanwhile). In the TUI the prompt waits for the user, and the hooks run as usual.
// Another agent's hooks (Codex's PermissionRequest) get the call in that agent's names; a prompt
// gets one answer: a deny of any agent's hooks, else the first answer.
// Source: https://code.claude.com/docs/en/hooks#permissionrequest-decision-control; first decision wins: Claude Code 2.1.332 bundle.
import { decidePermissionRequest, type PermissionRequestDecision, remembersAllow } from "../decide/permission-request-decision.js";
import { abortSession, replyPermission } from "../opencode/inject.js";
import type { Runtime } from "../runtime.js";
import { type ClaudeCall, claudeCalls } from "../tools/resolve-call.js";
import { type AgentFiring, agentFirings } from "./agent-firings.js";
import type { ChannelCall } from "./channels.js";
import { defineEvent, type Fired } from "./define-event.js";
import type { EventScenario } from "./scenario.js";
import { askPermission, INPUT, NEEDS_TOOL, TOOL } from "./scenario-parts.js";

export interface PermissionFiring {
  request: ChannelCall<"permission.asked">["input"];
  /** Claude's call, or another agent's in its own names (Dialect.toolCalls). */
  call: ClaudeCall;
  /** Another agent's firing: only its hooks of that event run, on its call, with its merge. */
  agent?: AgentFiring;
}

export default defineEvent<"permission.asked", PermissionFiring, PermissionRequestDecision>({
  name: "PermissionRequest",
  channel: "permission.asked",
  syncInOneShotRun: true,
  firings: ({ input }, runtime) => permissionFirings(input, runtime),
  session: (firing) => firing.request.sessionID,
  matchValue: (firing) => firing.call.toolName,
  toolCall: (firing, runtime) => ({ toolName: firing.call.toolName, toolInput: firing.call.toolInput, cwd: runtime.directory, projectDir: runtime.directory }),
  // Another agent names the call its own way (Codex: `Bash {command}`), as on tool events.
  agentOf: (firing) => firing.agent,
  callOf: (firing) => firing.call,
  input: (firing) => permissionInput(firing),
  decide: (runs, firing) => decidePermissionRequest(firing.call.toolName, runs),
  apply: async (fired, _call, runtime) => {
    const chosen = answerOf(fired);
    if (chosen) await answer(runtime, chosen.firing, chosen.decision);
  },
});

/** One prompt gets one answer: a deny of any agent's hooks (a guard is never overruled), else the first answer (Claude's first). */
export function answerOf<F>(fired: ReadonlyArray<Fired<F, PermissionRequestDecision>>): Fired<F, PermissionRequestDecision> | undefined {
  return fired.find((one) => one.decision.answer?.behavior === "deny") ?? fired.find((one) => one.decision.answer);
}

/** The Claude call a permission prompt is about: the call's own args, else what the prompt shows. */
export function permissionFirings(request: PermissionFiring["request"], runtime: Runtime): PermissionFiring[] {
  const state = request.tool ? runtime.peekCallState(request.tool.callID) : undefined;
  if (state?.allowed || state?.answered) return [];
  const tool = state?.tool ?? request.permission;
  const args = state?.args ?? (request.metadata as Record<string, unknown>);
  const [call] = claudeCalls(tool, args, runtime.directory, runtime.mcpServers);
  const firings: PermissionFiring[] = call ? [{ request, call }] : [];
  // Each agent's calls of this tool call, in its names; none where the agent has no such tool.
  const where = { event: "PermissionRequest" as const, claudeFires: true, directory: runtime.directory, mcpServers: runtime.mcpServers };
  for (const agent of agentFirings("PermissionRequest", runtime))
    for (const agentCall of agent.dialect.toolCalls(agent.event, tool, args, where)) firings.push({ request, call: agentCall, agent });
  return firings;
}

export function permissionInput(firing: PermissionFiring): Record<string, unknown> {
  const suggestions =
    firing.request.always.length > 0
      ? [
          {
            type: "addRules",
            rules: firing.request.always.map((pattern) => ({ toolName: firing.call.toolName, ruleContent: pattern })),
            behavior: "allow",
            destination: "localSettings",
          },
        ]
      : [];
  return {
    tool_name: firing.call.toolName,
    tool_input: firing.call.toolInput,
    ...(suggestions.length > 0 ? { permission_suggestions: suggestions } : {}),
    ...(firing.call.mcpServer !== undefined ? { mcp_server: { name: firing.call.mcpServer } } : {}),
  };
}

export async function answer(runtime: Runtime, firing: PermissionFiring, decision: PermissionRequestDecision): Promise<void> {
  const given = decision.answer;
  if (!given) return;
  const { request } = firing;
  const state = request.tool ? runtime.peekCallState(request.tool.callID) : undefined;
  if (state) state.answered = true;
  if (given.behavior === "allow") {
    if (given.updatedInput)
      runtime.log("warn", `PermissionRequest updatedInput for ${firing.call.toolName} is not applied: OpenCode already validated the call's arguments`);
    runtime.log("info", `PermissionRequest hook allowed ${request.permission} (${request.patterns.join(", ")})`);
    await replyPermission(runtime, request, remembersAllow(given) ? "always" : "once");
    return;
  }
  runtime.log("info", `PermissionRequest hook denied ${request.permission} (${request.patterns.join(", ")}): ${given.message}`);
  await replyPermission(runtime, request, "reject", given.message);
  if (given.interrupt) await abortSession(runtime, request.sessionID);
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const permissionRequestDocs = {
  event: "PermissionRequest",
  channel: "the `permission.asked` event, answered through OpenCode's reply endpoint",
  exact: [
    "the first decision in settings order: `allow` (`always` when the hook adds an allow rule), `deny` with `message` (the model reads it, the loop goes on) and `interrupt`",
    "no decision leaves the prompt to the user",
    "no `tool_use_id`",
    "a call PreToolUse allowed raises none",
  ],
  differs: [
    "`updatedInput` and `updatedPermissions` (other than an allow rule) are not applied. `opencode run` rejects every prompt itself within milliseconds, so under `run` and `serve` command hooks run synchronously in the event handler, before it can (http hooks there race it). `opencode run --attach` does the same from another process: a hook must answer in about 12 ms to win there (one `jq` lost about one run in three on a loaded 2-core machine)",
    "the TUI waits for an answer",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const permissionRequestScenario: EventScenario = {
  event: "PermissionRequest",
  happens: "permission.asked for the tool call",
  flags: { tool: TOOL, input: INPUT },
  checks: [NEEDS_TOOL],
  calls: askPermission,
};
