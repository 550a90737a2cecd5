// What `hooks2opencode test` watches while the plugin's own code fires an event: which handlers a
// firing was tested against and which it chose, and what each handler did. Unset in OpenCode, where
// each call site pays one property check.
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import type { HookResult, ProcessOutcome } from "../protocol/decode-result.js";
import type { Selector } from "./select-handlers.js";

export interface HookTrace {
  /** A firing's handlers were chosen: what they were tested against, and which matched. */
  selected(event: EventName, selector: Selector, handlers: readonly CompiledHandler[], chosen: readonly CompiledHandler[]): void;
  /** A handler is done: its process (or request) outcome, how that was read, and how long it took. */
  ran(event: EventName, handler: CompiledHandler, outcome: ProcessOutcome | undefined, result: HookResult, ms: number): void;
}
