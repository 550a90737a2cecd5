// Tool events are events whose one OpenCode call can stand for several Claude calls (apply_patch:
// one per file), each with Claude's tool name and snake_case input; the decisions of all of them are
// applied together to the one OpenCode call. defineToolEvent builds such an EventModule.
import type { EventName } from "../../schema/events.js";
import type { CommonOutcome } from "../decide/common.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { Runtime } from "../runtime.js";
import { failedBashExit } from "../tools/tool-failure.js";
import type { ToolOutput } from "../tools/tool-response.js";
import { candidatesFor } from "../run/select-handlers.js";
import { type ClaudeCall, claudeCalls, claudeToolName } from "../tools/resolve-call.js";
import { type AgentFiring, agentFirings } from "./agent-firings.js";
import type { ChannelCall } from "./channels.js";
import { defineEvent, type EventModule } from "./define-event.js";

export type ToolChannel = "tool.execute.before" | "tool.execute.after";

export interface ToolHookContext {
  runtime: Runtime;
  sessionID: string;
  callID: string;
  /** OpenCode tool id. */
  tool: string;
  /** OpenCode's live args object (before-hook: mutate in place only). */
  args: Record<string, unknown>;
  /** OpenCode's output object of the channel: `{ args }` before, the tool result after. */
  output: Record<string, unknown>;
}

export interface ToolFiring {
  /** Claude's call, or the agent's call in its own names and shapes. */
  call: ClaudeCall;
  context: ToolHookContext;
  /** Set for another agent's firing: only its hooks of that event run, with its input and its decision (plugin/dialects/). */
  agent?: AgentFiring;
}

export interface CallDecision<D> {
  call: ClaudeCall;
  decision: D;
}

export interface ToolEventSpec<C extends ToolChannel, D extends CommonOutcome> {
  name: EventName;
  channel: C;
  /** See EventModule.failClosed. */
  failClosed?: boolean;
  /** See EventModule.idleWhenNoneRan. */
  idleWhenNoneRan?: boolean;
  /** Whether this OpenCode call fires the event at all (default: always). */
  fires?(context: ToolHookContext): boolean;
  /** Event-specific input fields, added to the common ones and tool_name / tool_input. */
  input(call: ClaudeCall, context: ToolHookContext): Record<string, unknown>;
  decide(tool: string, runs: readonly HandlerRun[]): D;
  /** Applies the decisions; throws (or rejects with) a HookBlock to stop the tool. */
  apply(decisions: CallDecision<D>[], context: ToolHookContext): void | Promise<void>;
}

/** The OpenCode tool call behind a tool channel call. */
export function toolContext(call: ChannelCall<ToolChannel>, runtime: Runtime): ToolHookContext {
  const { input } = call;
  const output = call.output as unknown as Record<string, unknown>;
  const args = ("args" in input ? input.args : output.args) as Record<string, unknown> | undefined;
  return { runtime, sessionID: input.sessionID, callID: input.callID, tool: input.tool, args: args ?? {}, output };
}

export function defineToolEvent<C extends ToolChannel, D extends CommonOutcome>(spec: ToolEventSpec<C, D>): EventModule<C, ToolFiring, D> {
  return defineEvent<C, ToolFiring, D>({
    name: spec.name,
    channel: spec.channel,
    ...(spec.failClosed ? { failClosed: true } : {}),
    ...(spec.idleWhenNoneRan ? { idleWhenNoneRan: true } : {}),
    firings(call, runtime) {
      const context = toolContext(call as ChannelCall<ToolChannel>, runtime);
      const claude =
        (spec.fires && !spec.fires(context)) || (spec.idleWhenNoneRan && noHookNames(spec.name, context, runtime))
          ? []
          : claudeCalls(context.tool, context.args, runtime.directory, runtime.mcpServers).map((claudeCall): ToolFiring => ({ call: claudeCall, context }));
      const agents = agentFirings(spec.name, runtime);
      return agents.length === 0 ? claude : [...claude, ...firingsOfAgents(agents, spec, context, runtime)];
    },
    session: (firing) => firing.context.sessionID,
    matchValue: (firing) => firing.call.toolName,
    unreadable: (firing) => firing.call.unreadable,
    toolCall: (firing, runtime) => ({
      toolName: firing.call.toolName,
      toolInput: firing.call.toolInput,
      cwd: runtime.directory,
      projectDir: runtime.directory,
    }),
    agentOf: (firing) => firing.agent,
    callOf: (firing) => firing.call,
    input: (firing) =>
      firing.agent
        ? agentToolInput(firing.agent, spec.channel, firing)
        : { tool_name: firing.call.toolName, tool_input: firing.call.toolInput, ...spec.input(firing.call, firing.context) },
    // Another agent's firing is decided by its own merge (define-event.ts); this is Claude's.
    decide: (runs, firing) => spec.decide(firing.call.toolName, runs),
    apply(fired) {
      const context = fired[0]?.firing.context;
      if (context)
        return spec.apply(
          fired.map(({ firing, decision }) => ({ call: firing.call, decision })),
          context,
        );
    },
  });
}

/**
 * Whether no Claude hook of the event can match the call by its name: then its input is not even
 * converted (an event whose apply has nothing to do when no hook ran; traced runs explain every hook).
 */
function noHookNames(event: EventName, context: ToolHookContext, runtime: Runtime): boolean {
  const name = claudeToolName(context.tool, runtime.mcpServers);
  return name !== undefined && !runtime.trace && candidatesFor(runtime.handlersOf(event, undefined), name).length === 0;
}

/**
 * Other agents' firings of this call: one per call in the agent's tool names, for each agent event
 * with hooks on this engine event. The agent's own rule says whether its event happens (Codex's
 * PostToolUse also follows a shell command that exits non-zero): it is told whether Claude's does.
 */
function firingsOfAgents(
  agents: readonly AgentFiring[],
  spec: ToolEventSpec<ToolChannel, CommonOutcome>,
  context: ToolHookContext,
  runtime: Runtime,
): ToolFiring[] {
  const firings: ToolFiring[] = [];
  const claudeFires = !spec.fires || spec.fires(context);
  const nonZeroExit = spec.channel === "tool.execute.after" && failedBashExit(context.tool, context.output) !== undefined;
  for (const agent of agents) {
    const where = { event: spec.name, claudeFires, nonZeroExit, directory: runtime.directory, mcpServers: runtime.mcpServers };
    for (const call of agent.dialect.toolCalls(agent.event, context.tool, context.args, where)) firings.push({ call, context, agent });
  }
  return firings;
}

/** The event's own fields for another agent's hooks, in Claude's names; its input builder keeps, renames and adds. */
function agentToolInput(agent: AgentFiring, channel: ToolChannel, firing: ToolFiring): Record<string, unknown> {
  const { call, context } = firing;
  return {
    tool_name: call.toolName,
    tool_input: call.toolInput,
    tool_use_id: context.callID,
    ...(channel === "tool.execute.after" ? { tool_response: agent.dialect.toolResponse(agent.event, call, context.output as ToolOutput) } : {}),
  };
}
