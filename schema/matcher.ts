// Claude Code's matcher rule, compiled once (at plugin load and at convert time for validation).
// "", "*" or no matcher: everything. Only [A-Za-z0-9_|, -] (narrow events: [A-Za-z0-9_|]): an exact,
// case-sensitive name list split on | and , (legacy tool aliases resolved). Anything else: an
// unanchored, case-sensitive JavaScript regex. Source: https://code.claude.com/docs/en/hooks#matcher-patterns.
import { canonicalName, legacyNamesOf } from "./claude-tools.js";

export type MatcherKind = "all" | "exact" | "regex";

export interface CompiledMatcher {
  kind: MatcherKind;
  /** Exact names (kind "exact"), canonical: test(value) is names.includes(canonicalName(value)) (plugin/match/matcher-index.ts relies on it). */
  names?: string[];
  test(value: string): boolean;
}

export type CompileResult = { ok: true; matcher: CompiledMatcher } | { ok: false; error: string };

const WIDE_EXACT = /^[a-zA-Z0-9_|, -]+$/;
const NARROW_EXACT = /^[a-zA-Z0-9_|]+$/;

const MATCH_ALL: CompiledMatcher = { kind: "all", test: () => true };
/** Matchers are tested against tool and event names, never long text; a longer one is a mistake. */
export const MAX_REGEX_LENGTH = 4096;

export function compileMatcher(matcher: string | undefined, options: { narrow?: boolean } = {}): CompileResult {
  if (matcher === undefined || matcher === "" || matcher === "*") return { ok: true, matcher: MATCH_ALL };
  const exactSet = options.narrow ? NARROW_EXACT : WIDE_EXACT;
  if (exactSet.test(matcher)) {
    const names = matcher
      .split(options.narrow ? "|" : /[|,]/)
      .map((name) => name.trim())
      .filter((name) => name !== "")
      .map(canonicalName);
    const set = new Set(names);
    return { ok: true, matcher: { kind: "exact", names, test: (value) => set.has(canonicalName(value)) } };
  }
  if (matcher.length > MAX_REGEX_LENGTH)
    return { ok: false, error: `it is ${matcher.length} characters long; a matcher regex may have at most ${MAX_REGEX_LENGTH}` };
  let re: RegExp;
  try {
    re = new RegExp(matcher);
    re.test(""); // engines compile lazily: a pattern too large to compile must fail here, not on a tool call
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return {
    ok: true,
    matcher: { kind: "regex", test: (value) => re.test(value) || legacyNamesOf(value).some((alias) => re.test(alias)) },
  };
}
