// OpenCode's permission rules and how it evaluates them, ported so the plugin can tell what a
// session's rules do to a call: a rule's permission and pattern are wildcards (`*` any text, `?` one
// character, a trailing " *" also matches nothing), and the last matching rule wins.
// Source: OpenCode 1.18.33 bundle, `Wildcard.match` and `Permission.evaluate` (anomalyco/opencode
// packages/opencode/src/util/wildcard.ts and src/permission/index.ts).

export type PermissionAction = "allow" | "deny" | "ask";

export interface PermissionRule {
  permission: string;
  pattern: string;
  action: PermissionAction;
}

/** OpenCode's Wildcard.match: `pattern` is a wildcard, `value` literal text; backslashes count as slashes. */
export function wildcardMatch(value: string, pattern: string): boolean {
  let source = pattern
    .replaceAll("\\", "/")
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  if (source.endsWith(" .*")) source = `${source.slice(0, -3)}( .*)?`;
  return new RegExp(`^${source}$`, "s").test(value.replaceAll("\\", "/"));
}

/** The rule that decides `permission` for `pattern` (OpenCode's evaluate: the last one that matches). */
export function lastMatching(rules: readonly PermissionRule[], permission: string, pattern: string): PermissionRule | undefined {
  return rules.findLast((rule) => wildcardMatch(permission, rule.permission) && wildcardMatch(pattern, rule.pattern));
}

export function sameRule(a: Omit<PermissionRule, "action">, b: Omit<PermissionRule, "action">): boolean {
  return a.permission === b.permission && a.pattern === b.pattern;
}
