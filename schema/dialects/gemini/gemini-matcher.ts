// Gemini CLI's matcher rule (google-gemini/gemini-cli packages/core/src/hooks/hookPlanner.ts): the
// matcher is trimmed; absent, "" or "*" match everything; on BeforeTool and AfterTool it is a
// JavaScript regex tested UNANCHORED and case-sensitive against the tool name (`run_shell` matches
// `run_shell_command`), and one that does not compile is compared as an exact string; on
// SessionStart, SessionEnd and PreCompress it is compared as an exact string (`startup|resume`
// matches nothing); other events ignore it. Gemini runs in Node, so `new RegExp` here is its engine. Pure.
import { GEMINI_MATCH_KIND, type GeminiEvent } from "./events.js";

export type GeminiMatcher = { ok: true; kind: "all" | "exact" | "regex"; test(value: string): boolean };

export function compileGeminiMatcher(event: string, matcher: string | undefined): GeminiMatcher {
  const rule = GEMINI_MATCH_KIND[event as GeminiEvent];
  const trimmed = matcher?.trim();
  if (!rule || trimmed === undefined || trimmed === "" || trimmed === "*") return { ok: true, kind: "all", test: () => true };
  if (rule.kind === "tool") {
    try {
      const re = new RegExp(trimmed);
      return { ok: true, kind: "regex", test: (value) => re.test(value) };
    } catch {
      // Not a regex: the literal string, compared exactly (matchesToolName's catch).
    }
  }
  return { ok: true, kind: "exact", test: (value) => value === trimmed };
}
