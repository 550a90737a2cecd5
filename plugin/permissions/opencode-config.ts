// Claude's rules written into OpenCode's live `permission` config, which a plugin's `config` hook
// receives once, after every plugin loaded, as the object OpenCode keeps: the agents' rulesets are
// built from it afterwards (agent/agent.ts, `Permission.fromConfig(config.permission)`), so nothing
// is written to any file. OpenCode reads the object key by key and pattern by pattern and takes the
// last rule that matches, so each key Claude's rules touch moves to the end with the user's own
// patterns first and Claude's after them: a Claude rule wins over the user's OpenCode rule for the
// same calls, and the user's rules decide the rest. Keys are ordered by the strongest action they
// carry, so a wildcard key (`*`, `github_*`) keeps Claude's deny > ask > allow across keys. Pure.
// Sources: OpenCode 1.18.33 packages/opencode/src/plugin/index.ts (the config hook gets the merged
// config), src/config/config.ts (`permission: "allow"` reaches plugins as `{"*": "allow"}`),
// src/permission/index.ts (fromConfig, evaluate).
import type { OpencodeAction, OpencodeRule } from "./opencode-rules.js";

export type PermissionValue = OpencodeAction | Record<string, OpencodeAction>;
export type PermissionConfig = Record<string, PermissionValue>;

const RANK: Readonly<Record<OpencodeAction, number>> = { allow: 0, ask: 1, deny: 2 };

/** The user's `permission` config with Claude's rules after theirs, as OpenCode will read it. */
export function withClaudeRules(permission: unknown, rules: readonly OpencodeRule[]): PermissionConfig {
  const user: PermissionConfig =
    typeof permission === "string"
      ? { "*": permission as OpencodeAction }
      : permission && typeof permission === "object"
        ? { ...(permission as PermissionConfig) }
        : {};
  const ours = new Map<string, OpencodeRule[]>();
  for (const rule of rules) ours.set(rule.permission, [...(ours.get(rule.permission) ?? []), rule]);
  const strongest = (key: string) => Math.max(...ours.get(key)!.map((rule) => RANK[rule.action]));
  const keys = [...ours.keys()].sort((a, b) => strongest(a) - strongest(b));
  const result: PermissionConfig = {};
  for (const [key, value] of Object.entries(user)) if (!ours.has(key)) result[key] = value;
  for (const key of keys) {
    const theirs = user[key];
    const patterns: Record<string, OpencodeAction> = typeof theirs === "string" ? { "*": theirs } : { ...theirs };
    for (const rule of ours.get(key)!) {
      // Re-inserted, so the pattern moves after the user's: OpenCode reads patterns in insertion order.
      delete patterns[rule.pattern];
      patterns[rule.pattern] = rule.action;
    }
    result[key] = patterns;
  }
  return result;
}

/** Writes the rules into OpenCode's live config object (the `config` hook's argument). */
export function applyToConfig(config: Record<string, unknown>, rules: readonly OpencodeRule[], defaultAgent?: string): void {
  if (rules.length > 0) config.permission = withClaudeRules(config.permission, rules);
  if (defaultAgent !== undefined && config.default_agent === undefined) config.default_agent = defaultAgent;
}
