// Cursor's matcher rule (@cursor/sdk 1.0.32): absent, "" or "*" match everything; anything else is a
// JavaScript regex (`new RegExp(matcher)`, no flags) tested UNANCHORED and case-sensitive against
// the event's value (events.ts); a regex that does not compile matches everything, and so does any
// matcher on an event with no value (sessionStart, sessionEnd, preCompact). Cursor runs in Node, so
// `new RegExp` here is its engine. (Its config validator refuses a file with an invalid regex before
// any hook runs: read-cursor-hooks.ts reports that.) Pure.
import { CURSOR_MATCH_VALUE, type CursorEvent } from "./events.js";

export type CursorMatcher = { ok: true; kind: "all" | "regex"; test(value: string): boolean };

const ALL: CursorMatcher = { ok: true, kind: "all", test: () => true };

export function compileCursorMatcher(event: string, matcher: string | undefined): CursorMatcher {
  if (!CURSOR_MATCH_VALUE[event as CursorEvent] || matcher === undefined || matcher === "" || matcher === "*") return ALL;
  const re = regexOf(matcher);
  return re ? { ok: true, kind: "regex", test: (value) => re.test(value) } : ALL;
}

/** The matcher's regex, or why it does not compile. */
export function regexError(matcher: string): string | undefined {
  try {
    new RegExp(matcher);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function regexOf(matcher: string): RegExp | undefined {
  try {
    return new RegExp(matcher);
  } catch {
    return undefined;
  }
}
