// The one shape of a handler runner (like defineEvent for events): one module per Claude handler
// type turns a handler and the hook input into the HookResult the decision code reads, so `command`
// is "spawn, then decode", `http` "POST, then decode", `prompt` "ask the model, then decode {ok}".
// convert reads the same table: where a type differs from Claude here is said once, in its module.
import type { EventName, HandlerType } from "../../../schema/events.js";
import type { HandlerOf } from "../../../schema/handlers.js";
import type { CompiledHandler } from "../../compile.js";
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";
import type { RunContext } from "../run-handlers.js";

export interface RunRequest<T extends HandlerType> {
  handler: HandlerOf<T>;
  compiled: CompiledHandler;
  event: EventName;
  /** The hook input as JSON, with the newline Claude ends it with. */
  stdin: string;
  context: RunContext;
}

export interface RunOutcome {
  result: HookResult;
  /** What the process (or request) did, for `hooks2opencode test`. */
  outcome?: ProcessOutcome;
}

export interface Runner<T extends HandlerType = HandlerType> {
  readonly type: T;
  /** Where a run of this handler differs from Claude's (convert reports it degraded). */
  differences?(handler: HandlerOf<T>): string[];
  /** What is worth knowing about a handler that runs as in Claude (convert's notes), e.g. its cost. */
  remarks?(handler: HandlerOf<T>): string[];
  run(request: RunRequest<T>): Promise<RunOutcome>;
}

export function defineRunner<T extends HandlerType>(runner: Runner<T>): Runner<T> {
  return runner;
}
