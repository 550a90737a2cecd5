// Runs the handlers a firing selected (select-handlers.ts), the distinct ones in parallel, and returns
// their results in settings order, so merging never depends on which finished first. In "sync" mode
// (the permission race: build-hooks.ts) the same steps run one after another without an await; only
// the spawning differs (spawnSync). Source: https://code.claude.com/docs/en/hooks#timeouts.
import type { EventName } from "../../schema/events.js";
import type { Handler } from "../../schema/types.js";
import type { CompiledHandler } from "../compile.js";
import type { HookResult } from "../protocol/decode-result.js";
import { andThen, type NowOrLater } from "./now-or-later.js";
import type { RunContext, Runner, RunOutcome } from "./runners/define-runner.js";
import { runnerFor } from "./runners/index.js";

export interface Firing {
  event: EventName;
  /** The hook input, as Claude would send it (another agent's hooks: as that agent would). */
  input: Record<string, unknown>;
  /** The stdin text of the input, when not Claude's JSON and newline (Dialect.frame). */
  frame?(json: string): string;
}

/** "async": the usual way; "sync": without a single await, so nothing else runs in OpenCode meanwhile. */
export type RunMode = "async" | "sync";

export interface HandlerRun {
  handler: CompiledHandler;
  result: HookResult;
}

/** Runs handlers chosen by selectHandlers (select first: building the input is not free). */
export function runHandlers(selected: readonly CompiledHandler[], firing: Firing, context: RunContext): Promise<HandlerRun[]>;
/** Undefined when a handler's type cannot run without an await (only command can: spawnSync). */
export function runHandlers(selected: readonly CompiledHandler[], firing: Firing, context: RunContext, mode: RunMode): NowOrLater<HandlerRun[]> | undefined;
export function runHandlers(
  selected: readonly CompiledHandler[],
  firing: Firing,
  context: RunContext,
  mode: RunMode = "async",
): NowOrLater<HandlerRun[]> | undefined {
  if (mode === "sync" && selected.some((compiled) => runnerFor(compiled.handler.type).runSync === undefined)) return undefined;
  const stdin = firing.frame ? firing.frame(JSON.stringify(firing.input)) : `${JSON.stringify(firing.input)}\n`;
  const runs: Array<NowOrLater<HandlerRun>> = [];
  for (const compiled of selected) {
    if (!runsInBackground(compiled.handler)) {
      runs.push(andThen(runOne(compiled, firing.event, stdin, context, mode), (run) => ({ handler: compiled, result: run.result })));
    } else if (mode === "async") {
      // Claude starts async hooks and moves on; their decisions have no effect, their context comes later.
      void andThen(runOne(compiled, firing.event, stdin, context, mode), (run) => context.onBackgroundResult?.(compiled, run.result, run.outcome));
    }
    // In sync mode an async hook is not started: its decision has no effect, and spawnSync would hold OpenCode until it ends.
  }
  return mode === "sync" ? (runs as HandlerRun[]) : Promise.all(runs);
}

/** `async` and `asyncRewake` command handlers: started, never awaited. */
export function runsInBackground(handler: Handler): boolean {
  return handler.type === "command" && (handler.async === true || handler.asyncRewake === true);
}

function runOne(compiled: CompiledHandler, event: EventName, stdin: string, context: RunContext, mode: RunMode): NowOrLater<RunOutcome> {
  const started = context.trace ? performance.now() : 0;
  const ran = (run: RunOutcome): RunOutcome => {
    context.trace?.ran(event, compiled, run.outcome, run.result, performance.now() - started);
    return run;
  };
  const failed = (error: unknown): RunOutcome => ran({ result: { status: "error", message: `hook runner failed: ${String(error)}` } });
  // Claude's spinner text while the hook runs: a toast is OpenCode's nearest (TUI only).
  if (typeof compiled.handler.statusMessage === "string") context.toast?.(compiled.handler.statusMessage, "info");
  const runner = runnerFor(compiled.handler.type) as Runner;
  const request = { handler: compiled.handler as never, compiled, event, stdin, context };
  if (mode === "async") return runner.run(request).then(ran, failed);
  let run: RunOutcome;
  try {
    run = runner.runSync!(request);
  } catch (error) {
    return failed(error);
  }
  return ran(run);
}
