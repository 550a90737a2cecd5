// Copilot CLI's two matcher rules. Native (camelCase event): a regex compiled as `^(?:PATTERN)$`,
// case-sensitive, against the runtime tool name (or the event's field); absent matches everything; a
// pattern that does not compile skips the hook. Claude format (PascalCase `PreToolUse` and
// `PermissionRequest`): `*`, `**` or `""` match everything; a literal name or `|`-list matches when a
// token equals the runtime name or the Claude name; anything else is `^(?:PATTERN)$` against the Claude
// name (the runtime name for a tool with no Claude name). Pure.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Matcher filtering",
// "Claude-format matchers (PascalCase PreToolUse)").

/** A tool as the matcher sees it: its runtime name, and its Claude name when it has one. */
export interface MatchedTool {
  runtime: string;
  claude?: string;
}

export type CopilotMatcher = { ok: true; kind: "all" | "regex"; test(tool: MatchedTool): boolean } | { ok: false; error: string };

const LITERAL_LIST = /^[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*$/;

function anchored(pattern: string): RegExp | string {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch (error) {
    return (error as Error).message;
  }
}

export function compileNativeMatcher(matcher: string | undefined): CopilotMatcher {
  if (matcher === undefined) return { ok: true, kind: "all", test: () => true };
  const re = anchored(matcher);
  if (typeof re === "string") return { ok: false, error: re };
  return { ok: true, kind: "regex", test: (tool) => re.test(tool.runtime) };
}

/** `Task` is also accepted for the task tool, whose Claude name is `Agent`. */
const EXTRA_CLAUDE_NAMES: Readonly<Record<string, readonly string[]>> = { Agent: ["Task"] };

export function compileClaudeFormatMatcher(matcher: string | undefined): CopilotMatcher {
  if (matcher === undefined || matcher === "" || matcher === "*" || matcher === "**") return { ok: true, kind: "all", test: () => true };
  if (LITERAL_LIST.test(matcher)) {
    const tokens = new Set(matcher.split("|"));
    return {
      ok: true,
      kind: "regex",
      test: (tool) =>
        tokens.has(tool.runtime) || (tool.claude !== undefined && [tool.claude, ...(EXTRA_CLAUDE_NAMES[tool.claude] ?? [])].some((name) => tokens.has(name))),
    };
  }
  const re = anchored(matcher);
  if (typeof re === "string") return { ok: false, error: re };
  return { ok: true, kind: "regex", test: (tool) => re.test(tool.claude ?? tool.runtime) };
}
