// The syntax of the `if` field: one Claude permission rule, `Tool` or `Tool(specifier)`, the tool
// name canonical (legacy aliases resolved). What a specifier matches at runtime is the plugin's
// business (plugin/match/if-rule.ts); whether the text is a rule at all is the settings' own.
// Source: https://code.claude.com/docs/en/hooks#common-fields (`if`), https://code.claude.com/docs/en/permissions#permission-rule-syntax.
import { canonicalName } from "./claude-tools.js";

/** Rules name a tool and a short pattern; a longer one is a mistake (and costly on every call). */
export const MAX_RULE_LENGTH = 4096;

export type ParsedIfRule = { ok: true; tool: string; specifier?: string } | { ok: false; error: string };

export function parseIfRule(text: string): ParsedIfRule {
  if (text.length > MAX_RULE_LENGTH) return { ok: false, error: `the rule is ${text.length} characters long; at most ${MAX_RULE_LENGTH}` };
  const parsed = /^\s*([A-Za-z0-9_:-]+)\s*(?:\(([\s\S]*)\))?\s*$/.exec(text);
  if (!parsed) return { ok: false, error: 'expected one permission rule like "Bash(git push *)" or "Write(.env*)"' };
  const specifier = parsed[2];
  return { ok: true, tool: canonicalName(parsed[1]!), ...(specifier !== undefined && specifier !== "" && specifier !== "*" ? { specifier } : {}) };
}
