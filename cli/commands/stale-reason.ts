// Why a generated plugin (or local hooks file) is stale, in `check`'s words: which settings files
// changed since convert wrote it, and whether its hooks, its permission rules (convert
// --permissions) or both are now out of date. Read from the data the file embeds (its settings
// hashes, handlers and rules) against what convert would write now. Pure.
import type { PluginConfig } from "../../plugin/config.js";
import type { PermissionRule } from "../../schema/permissions/model.js";

const EMBEDDED = /\nconst HOOKS2OPENCODE_CONFIG = ([\s\S]*?);\n\nexport const /;

/** The config a generated plugin (JS) or local hooks file (JSON) embeds; undefined when it cannot be read. */
export function embeddedConfig(text: string): PluginConfig | undefined {
  const json = text.trimStart().startsWith("{") ? text : EMBEDDED.exec(text.replace(/\r\n/g, "\n"))?.[1];
  if (json === undefined) return undefined;
  try {
    const data = JSON.parse(json) as PluginConfig | null;
    return typeof data === "object" && data !== null && Array.isArray(data.handlers) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** `the permission rules of .claude/settings.json changed since it was generated`, or undefined when the embedded data says nothing. */
export function staleReason(expected: string, actual: string): string | undefined {
  const before = embeddedConfig(actual);
  const now = embeddedConfig(expected);
  if (!before || !now) return undefined;
  const files = changedFiles(before, now);
  const rules = rulesChanged(before, now);
  // A hook that only moved (a rule added above it) is the same hook.
  const hooksOf = (config: PluginConfig) => JSON.stringify(config.handlers.map(({ where: _where, ...handler }) => handler));
  const hooks = hooksOf(before) !== hooksOf(now);
  const what = hooks && rules ? "hooks and permission rules" : rules ? "permission rules" : hooks ? "hooks" : undefined;
  if (files.length === 0) return what ? `its ${what} differ from what convert writes now (hooks2opencode changed since it was generated)` : undefined;
  const of = files.join(", ");
  return what ? `the ${what} of ${of} changed since it was generated` : `${of} changed since it was generated`;
}

/** The settings files added, removed or edited since (by the hashes each file embeds). */
function changedFiles(before: PluginConfig, now: PluginConfig): string[] {
  const hashes = (config: PluginConfig) => new Map((config.settings ?? []).map((entry) => [entry.file, entry.sha256]));
  const was = hashes(before);
  const is = hashes(now);
  return [...new Set([...was.keys(), ...is.keys()])].filter((file) => was.get(file) !== is.get(file));
}

/** Rules compared by what they say and which file says it (a rule that only moved down a line is the same rule). */
function rulesChanged(before: PluginConfig, now: PluginConfig): boolean {
  const key = (rules: readonly PermissionRule[] | undefined) => JSON.stringify((rules ?? []).map((rule) => [rule.list, rule.text, rule.file]));
  return key(before.permissions) !== key(now.permissions);
}
