// The one shape of a Claude tool event: which OpenCode channel fires it, how Claude's input is
// built for each Claude call the OpenCode call stands for, how verdicts merge, and how the merged
// verdict is applied to OpenCode. fireToolEvent does the rest the same way for every event.
import type { EventName } from "../../schema/events.js";
import { type HandlerRun, runHandlers, selectHandlers } from "../run/run-handlers.js";
import type { Runtime } from "../runtime.js";
import { type ClaudeCall, claudeCalls } from "../tools/resolve-call.js";
import { commonInput } from "./common-input.js";

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

export interface Verdict<D> {
  call: ClaudeCall;
  decision: D;
}

export interface ToolEvent<D> {
  name: EventName;
  channel: "tool.execute.before" | "tool.execute.after";
  /** Event-specific input fields, added to the common ones. */
  buildInput(call: ClaudeCall, context: ToolHookContext): Record<string, unknown>;
  decide(tool: string, runs: readonly HandlerRun[]): D;
  /** Applies the verdicts; throws a HookBlock to stop the tool. */
  apply(verdicts: Verdict<D>[], context: ToolHookContext): void;
}

export function defineToolEvent<D>(event: ToolEvent<D>): ToolEvent<D> {
  return event;
}

/** Thrown to block a tool call: OpenCode shows exactly this message to the model. */
export class HookBlock extends Error {}

export async function fireToolEvent<D>(event: ToolEvent<D>, context: ToolHookContext): Promise<void> {
  const { runtime } = context;
  const handlers = runtime.handlersFor(event.name);
  if (handlers.length === 0) return;
  const calls = claudeCalls(context.tool, context.args, runtime.directory, runtime.mcpServers);
  const verdicts = await Promise.all(
    calls.map(async (call): Promise<Verdict<D>> => {
      const toolCall = { toolName: call.toolName, toolInput: call.toolInput, cwd: runtime.directory, projectDir: runtime.projectDir };
      const selected = selectHandlers(handlers, { matchValue: call.toolName, toolCall });
      // Most tool calls match no hook: build no input for them (a Read response holds the file).
      if (selected.length === 0) return { call, decision: event.decide(call.toolName, []) };
      const input = {
        ...commonInput(runtime, event.name, context.sessionID),
        tool_name: call.toolName,
        tool_input: call.toolInput,
        ...event.buildInput(call, context),
      };
      const runs = await runHandlers(selected, { event: event.name, input }, {
        cwd: runtime.directory,
        projectDir: runtime.projectDir,
        env: runtime.hookEnv(context.sessionID),
        onBackgroundResult: (handler, result) => runtime.log("debug", `async hook [${handler.label}] finished: ${result.status}`),
      });
      return { call, decision: event.decide(call.toolName, runs) };
    }),
  );
  event.apply(verdicts, context);
}
