// The syntax of one permission rule: the `if` filter's (`Tool` or `Tool(specifier)`, legacy names
// resolved: schema/if-rule-syntax.ts), plus what only permission lists take: a glob in the tool name
// (`*`, `mcp__*`, `mcp__github__get_*`).
// Source: https://code.claude.com/docs/en/permissions#permission-rule-syntax, #tool-name-wildcards.
import { parseIfRule } from "../if-rule-syntax.js";

export type ParsedPermissionRule = { ok: true; tool: string; specifier?: string; toolGlob: boolean } | { ok: false; error: string };

const GLOB_RULE = /^\s*([A-Za-z0-9_*-]*\*[A-Za-z0-9_*-]*)\s*(?:\(([\s\S]*)\))?\s*$/;

export function parsePermissionRule(text: string): ParsedPermissionRule {
  const glob = GLOB_RULE.exec(text);
  if (glob) {
    const specifier = glob[2];
    return { ok: true, tool: glob[1]!, toolGlob: true, ...(specifier !== undefined && specifier !== "" && specifier !== "*" ? { specifier } : {}) };
  }
  const parsed = parseIfRule(text);
  return parsed.ok ? { ...parsed, toolGlob: false } : parsed;
}

/** An allow rule's tool glob counts only after a literal `mcp__<server>__` (Claude skips `*`, `B*`, `mcp__*` with a warning). */
export function anchoredAllowGlob(tool: string): boolean {
  return /^mcp__[^*]+?__/.test(tool);
}
