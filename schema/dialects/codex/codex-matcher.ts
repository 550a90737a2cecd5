// Codex CLI's matcher rule (openai/codex codex-rs/hooks/src/events/common.rs): absent, "" or "*"
// match everything; a matcher made only of [A-Za-z0-9_|] is an exact, case-sensitive |-list; anything
// else is a Rust regex tested unanchored. A regex Codex cannot compile drops its group (with a
// warning). JavaScript runs it here: Rust's regex has no look-around and no back-references, so a
// matcher using them is refused as Codex refuses it. Pure.

export type CodexMatcher = { ok: true; test(value: string): boolean; kind: "all" | "exact" | "regex" } | { ok: false; error: string };

const EXACT = /^[A-Za-z0-9_|]+$/;
/** Syntax JavaScript accepts and Rust's regex crate does not (look-around, back-references). */
const NOT_RUST = /\(\?<?[=!]|\\[1-9]|\\k</;

export function compileCodexMatcher(matcher: string | undefined): CodexMatcher {
  if (matcher === undefined || matcher === "" || matcher === "*") return { ok: true, kind: "all", test: () => true };
  if (EXACT.test(matcher)) {
    const names = new Set(matcher.split("|"));
    return { ok: true, kind: "exact", test: (value) => names.has(value) };
  }
  if (NOT_RUST.test(matcher)) return { ok: false, error: "look-around and back-references are not supported by Codex's regex engine" };
  let re: RegExp;
  try {
    re = new RegExp(matcher, "u");
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return { ok: true, kind: "regex", test: (value) => re.test(value) };
}
