// Tool events are events whose one OpenCode call can stand for several Claude calls (apply_patch:
// one per file), each with Claude's tool name and snake_case input; the decisions of all of them are
// applied together to the one OpenCode call. defineToolEvent builds such an EventModule.
import type { EventName } from "../../schema/events.js";
import type { CommonOutcome } from "../decide/common.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { Runtime } from "../runtime.js";
import { type ClaudeCall, claudeCalls } from "../tools/resolve-call.js";
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
  call: ClaudeCall;
  context: ToolHookContext;
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
    firings(call, runtime) {
      const context = toolContext(call as ChannelCall<ToolChannel>, runtime);
      if (spec.fires && !spec.fires(context)) return [];
      return claudeCalls(context.tool, context.args, runtime.directory, runtime.mcpServers).map((claudeCall) => ({ call: claudeCall, context }));
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
    input: (firing) => ({ tool_name: firing.call.toolName, tool_input: firing.call.toolInput, ...spec.input(firing.call, firing.context) }),
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
