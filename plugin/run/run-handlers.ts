// Selects the handlers a firing matches (matcher, then `if`), runs the distinct ones in parallel and
// returns their results in settings order, so merging never depends on which finished first.
// Source: https://code.claude.com/docs/en/hooks#hook-handler-fields, https://code.claude.com/docs/en/hooks#timeouts.
import type { EventName } from "../../schema/events.js";
import type { Handler } from "../../schema/types.js";
import type { CompiledHandler } from "../compile.js";
import type { ToolCall } from "../match/if-rule.js";
import type { HookResult, ProcessOutcome } from "../protocol/decode-result.js";
import type { Runtime } from "../runtime.js";
import type { Runner, RunOutcome } from "./runners/define-runner.js";
import { runnerFor } from "./runners/index.js";
import type { HookTrace } from "./trace.js";

export interface Selector {
  /** Value the matcher is tested against (tool_name for tool events). */
  matchValue?: string;
  /** Present on tool events, for `if` rules. */
  toolCall?: ToolCall;
  /** The call's input cannot be read: an `if` rule cannot rule the handler out (it will fail, loudly). */
  unreadable?: boolean;
}

export interface Firing {
  event: EventName;
  /** The hook input, as Claude would send it. */
  input: Record<string, unknown>;
}

export interface RunContext {
  cwd: string;
  projectDir: string;
  env: Record<string, string>;
  /** Background work (async hooks) is reported here instead of being awaited. */
  onBackgroundResult?(handler: CompiledHandler, result: HookResult, outcome: ProcessOutcome | undefined): void;
  trace?: HookTrace;
  /** The plugin and the session the firing belongs to: prompt and agent hooks ask OpenCode's model. */
  host?: { runtime: Runtime; sessionID: string };
}

export interface HandlerRun {
  handler: CompiledHandler;
  result: HookResult;
}

export function selectHandlers(
  handlers: readonly CompiledHandler[],
  firing: Selector,
  onError?: (handler: CompiledHandler, error: unknown) => void,
): CompiledHandler[] {
  const seen = new Set<string>();
  const selected: CompiledHandler[] = [];
  for (const handler of handlers) {
    // One handler whose matcher or `if` cannot be evaluated is that handler's problem only.
    let matches: boolean;
    try {
      matches = mismatch(handler, firing) === undefined;
    } catch (error) {
      onError?.(handler, error);
      continue;
    }
    if (!matches || seen.has(handler.key)) continue;
    seen.add(handler.key);
    selected.push(handler);
  }
  return selected;
}

/**
 * The test a handler fails for this firing, its matcher first, or undefined when it matches; throws
 * when one cannot be evaluated. An unreadable input cannot rule a handler out by its `if`.
 */
export function mismatch(handler: CompiledHandler, firing: Selector): "matcher" | "if" | undefined {
  if (firing.matchValue !== undefined && !handler.matcher.test(firing.matchValue)) return "matcher";
  if (handler.ifRule && firing.unreadable !== true && (firing.toolCall === undefined || !handler.ifRule(firing.toolCall))) return "if";
  return undefined;
}

/** Runs handlers chosen by selectHandlers (select first: building the input is not free). */
export async function runHandlers(selected: readonly CompiledHandler[], firing: Firing, context: RunContext): Promise<HandlerRun[]> {
  const stdin = `${JSON.stringify(firing.input)}\n`;
  const runs = selected.map(async (compiled): Promise<HandlerRun | undefined> => {
    const started = context.trace ? performance.now() : 0;
    const pending = runOne(compiled, firing.event, stdin, context).then(
      (run) => {
        context.trace?.ran(firing.event, compiled, run.outcome, run.result, performance.now() - started);
        return run;
      },
      (error: unknown): RunOutcome => {
        const result: HookResult = { status: "error", message: `hook runner failed: ${String(error)}` };
        context.trace?.ran(firing.event, compiled, undefined, result, performance.now() - started);
        return { result };
      },
    );
    if (runsInBackground(compiled.handler)) {
      // Claude starts async hooks and moves on; their decisions have no effect, their context comes later.
      void pending.then((run) => context.onBackgroundResult?.(compiled, run.result, run.outcome));
      return undefined;
    }
    return { handler: compiled, result: (await pending).result };
  });
  return (await Promise.all(runs)).filter((run): run is HandlerRun => run !== undefined);
}

/** `async` and `asyncRewake` command handlers: started, never awaited. */
export function runsInBackground(handler: Handler): boolean {
  return handler.type === "command" && (handler.async === true || handler.asyncRewake === true);
}

function runOne(compiled: CompiledHandler, event: EventName, stdin: string, context: RunContext): Promise<RunOutcome> {
  // Claude's spinner text while the hook runs: a toast is OpenCode's nearest (TUI only).
  if (typeof compiled.handler.statusMessage === "string") context.host?.runtime.toast(compiled.handler.statusMessage, "info");
  const runner = runnerFor(compiled.handler.type) as Runner;
  return runner.run({ handler: compiled.handler as never, compiled, event, stdin, context });
}
