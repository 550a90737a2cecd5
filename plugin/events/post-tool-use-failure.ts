// PostToolUseFailure, for every call that failed in Claude's sense (tools/tool-failure.ts):
// - a Bash command that exited non-zero, on `tool.execute.after` (OpenCode calls that a success):
//   its hooks run before the model sees the result, and their feedback is appended to it, as for
//   PostToolUse (which does not run for that call);
// - a tool error, from the `message.part.updated` event (`state.status === "error"`): OpenCode has
//   already handed the error to the model and does not wait for events, so the feedback is pinned
//   to that call and added to every later model request (pinned-context.ts waits for these hooks
//   before the next request). The call's state is released either way. Another agent's hooks
//   (Cursor's, Copilot's postToolUseFailure) get the call in that agent's names (Dialect.toolCalls).
// Source: https://code.claude.com/docs/en/hooks#posttoolusefailure; docs/opencode-observed.md §3, §4.
import { decidePostToolUseFailure, type PostToolUseFailureDecision } from "../decide/post-tool-use-failure-decision.js";
import { systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import { pin } from "../session-state.js";
import { appendModelOutput } from "../substitute.js";
import { type ClaudeCall, claudeCalls } from "../tools/resolve-call.js";
import { byClaudeName } from "../tools/table.js";
import { bashFailureText, failedBashExit, isInterrupt, isToolFailure } from "../tools/tool-failure.js";
import { type AgentFiring, agentFirings } from "./agent-firings.js";
import { defineEvent } from "./define-event.js";
import { defineToolEvent } from "./define-tool-event.js";
import type { EventScenario, FireOptions } from "./scenario.js";
import { INPUT, NEEDS_TOOL, TOOL, TOOL_ERROR } from "./scenario-parts.js";

const decide = decidePostToolUseFailure;

function failureInput(call: ClaudeCall, callID: string, error: string, interrupt: boolean, startedAt: number | undefined): Record<string, unknown> {
  return {
    tool_use_id: callID,
    error,
    is_interrupt: interrupt,
    ...(startedAt !== undefined ? { duration_ms: Date.now() - startedAt } : {}),
    ...(call.mcpServer !== undefined ? { mcp_server: { name: call.mcpServer } } : {}),
  };
}

/** A Bash command that exited non-zero: a success for OpenCode, a failure for Claude. */
export const failedBashCommand = defineToolEvent<"tool.execute.after", PostToolUseFailureDecision>({
  name: "PostToolUseFailure",
  channel: "tool.execute.after",
  fires: (context) => failedBashExit(context.tool, context.output) !== undefined,
  input(call, context) {
    const exit = failedBashExit(context.tool, context.output) ?? 1;
    const printed = typeof context.output.output === "string" ? context.output.output : "";
    return failureInput(call, context.callID, bashFailureText(exit, printed), false, context.runtime.peekCallState(context.callID)?.startedAt);
  },
  decide,
  apply(decisions, context) {
    for (const { decision } of decisions) {
      for (const text of decision.feedback) appendModelOutput(context.output, systemReminder(spillLongText(text)));
    }
  },
});

interface FailureFiring {
  sessionID: string;
  messageID: string;
  callID: string;
  call: ClaudeCall;
  error: string;
  interrupt: boolean;
  startedAt?: number;
  /** Another agent's firing: only its hooks of that event run, on its call (in its names), with its merge. */
  agent?: AgentFiring;
}

/** A tool error OpenCode reported on its bus. */
export default defineEvent<"message.part.updated", FailureFiring, PostToolUseFailureDecision>({
  name: "PostToolUseFailure",
  channel: "message.part.updated",
  dueBeforeNextRequest: true,
  firings({ input }, runtime) {
    const part = input.part;
    if (part.type !== "tool" || part.state.status !== "error") return [];
    // Each call once (OpenCode may publish an event twice); a call our PreToolUse denied is no failure.
    const state = runtime.takeCallState(part.callID);
    if (!state || state.blocked || !isToolFailure(part.state.error)) return [];
    const interrupt = isInterrupt(part.state.error, part.state.metadata);
    const args = part.state.input ?? {};
    const firing = (call: ClaudeCall, agent?: AgentFiring): FailureFiring => ({
      sessionID: part.sessionID,
      messageID: part.messageID,
      callID: part.callID,
      call,
      error: part.state.status === "error" ? part.state.error : "",
      interrupt,
      startedAt: state.startedAt,
      ...(agent ? { agent } : {}),
    });
    const firings = claudeCalls(part.tool, args, runtime.directory, runtime.mcpServers).map((call) => firing(call));
    // Each agent's calls of the failed call, in its names; none where the agent has no such tool.
    const where = { event: "PostToolUseFailure" as const, claudeFires: true, directory: runtime.directory, mcpServers: runtime.mcpServers };
    for (const agent of agentFirings("PostToolUseFailure", runtime))
      for (const call of agent.dialect.toolCalls(agent.event, part.tool, args, where)) firings.push(firing(call, agent));
    return firings;
  },
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.call.toolName,
  toolCall: (firing, runtime) => ({ toolName: firing.call.toolName, toolInput: firing.call.toolInput, cwd: runtime.directory, projectDir: runtime.directory }),
  // Another agent names the call its own way (Cursor: `Read {file_path}`; Copilot: `view {path}`), as on tool events.
  agentOf: (firing) => firing.agent,
  callOf: (firing) => firing.call,
  input: (firing) => ({
    tool_name: firing.call.toolName,
    tool_input: firing.call.toolInput,
    ...failureInput(firing.call, firing.callID, firing.error, firing.interrupt, firing.startedAt),
  }),
  decide: (runs, firing) => decide(firing.call.toolName, runs),
  apply(fired, _call, runtime) {
    for (const { firing, decision } of fired) {
      const session = runtime.sessions.get(firing.sessionID);
      for (const text of decision.feedback) {
        pin(session, { anchor: { messageID: firing.messageID, callID: firing.callID }, text: systemReminder(spillLongText(text)) });
      }
    }
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const postToolUseFailureDocs = {
  event: "PostToolUseFailure",
  channel: "`message.part.updated` with a tool error, and `tool.execute.after` for a Bash command that exits non-zero",
  exact: [
    "`error` (`Exit code N` first for Bash), `is_interrupt`",
    "not for hook or permission denials or invalid arguments",
    "exit-2 stderr and additionalContext reach the model next to the failure",
  ],
  differs: [
    "for a tool error OpenCode has already handed the error to the model: the feedback is added to that result in the next and every later request (the next request waits for the hooks)",
  ],
} as const;

/** --tool names Bash, in either naming. */
const isBash = (options: FireOptions) => (byClaudeName(options.tool ?? "")?.opencode ?? options.tool) === "bash";

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const postToolUseFailureScenario: EventScenario = {
  event: "PostToolUseFailure",
  happens:
    "a Bash command that exited non-zero: tool.execute.after with its exit code (OpenCode calls it a success); another tool's error: message.part.updated of the failed call, then the next model request (experimental.chat.messages.transform)",
  flags: {
    tool: TOOL,
    input: INPUT,
    output: "what the failed Bash command printed",
    error: TOOL_ERROR,
    exit: "the Bash command's non-zero exit code (default 1)",
  },
  checks: [
    NEEDS_TOOL,
    ({ exit, error, output, tool }) => {
      const bash = isBash({ tool });
      if (exit !== undefined && !bash) return `--exit: only a Bash command exits with a code; give ${tool}'s error with --error`;
      if (exit !== undefined && error !== undefined)
        return "--exit and --error: a Bash call fails by a non-zero exit (--exit) or by an error of the tool itself (--error), not both";
      if (output !== undefined && (error !== undefined || !bash))
        return "--output: only a Bash command that exited non-zero has output; a failed tool has its --error";
      if (exit !== undefined && (!/^-?\d+$/.test(exit) || Number(exit) === 0))
        return `--exit ${exit}: a non-zero exit code (a command that exits 0 succeeded: test PostToolUse)`;
      return undefined;
    },
  ],
  calls: (options) =>
    isBash(options) && options.error === undefined
      ? [{ channel: "tool.execute.before" }, { channel: "tool.execute.after", result: { output: options.output ?? "", exit: Number(options.exit ?? "1") } }]
      : [
          { channel: "tool.execute.before" },
          { channel: "message.part.updated", failed: options.error ?? "(the tool's error)" },
          { turn: { step: "the call" } },
          { channel: "experimental.chat.messages.transform" },
        ],
};
