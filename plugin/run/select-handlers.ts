// Selects the handlers a firing matches (matcher, then `if`), each distinct handler once, in
// settings order. Source: https://code.claude.com/docs/en/hooks#hook-handler-fields.
import type { CompiledHandler } from "../compile.js";
import type { ToolCall } from "../match/if-rule.js";
import { indexByMatcher, type MatcherIndex } from "../match/matcher-index.js";

export interface Selector {
  /** Value the matcher is tested against (tool_name for tool events). */
  matchValue?: string;
  /** Present on tool events, for `if` rules. */
  toolCall?: ToolCall;
  /** The call's input cannot be read: an `if` rule cannot rule the handler out (it will fail, loudly). */
  unreadable?: boolean;
}

export function selectHandlers(
  handlers: readonly CompiledHandler[],
  firing: Selector,
  onError?: (handler: CompiledHandler, error: unknown) => void,
): CompiledHandler[] {
  const seen = new Set<string>();
  const selected: CompiledHandler[] = [];
  // Only the handlers whose matcher may match are visited: the others would fail their matcher, silently.
  for (const handler of candidatesFor(handlers, firing.matchValue)) {
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

/** The handlers whose matcher may match `matchValue` (all of them without one), in settings order. */
export function candidatesFor(handlers: readonly CompiledHandler[], matchValue: string | undefined): readonly CompiledHandler[] {
  return indexed(handlers).candidates(matchValue);
}

/** Each list of handlers (an event's, as the runtime holds it) is indexed once, at its first firing. */
const indexes = new WeakMap<readonly CompiledHandler[], MatcherIndex<CompiledHandler>>();

function indexed(handlers: readonly CompiledHandler[]): MatcherIndex<CompiledHandler> {
  let index = indexes.get(handlers);
  if (!index) indexes.set(handlers, (index = indexByMatcher(handlers)));
  return index;
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
