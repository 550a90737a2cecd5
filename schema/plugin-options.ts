// How a Claude Code plugin's hooks see its user configuration (read in claude-plugins.ts): the
// environment variable CLAUDE_PLUGIN_OPTION_<KEY> (upper-cased, other characters as `_`) and
// `${user_config.KEY}` in exec form; Claude refuses `${user_config.KEY}` in a shell-form command
// (shell injection). Shared by convert's report and the runtime, so free of dependencies. Pure.
// Source: https://code.claude.com/docs/en/plugins-reference (userConfig), https://code.claude.com/docs/en/settings-reference (pluginConfigs),
// https://code.claude.com/docs/en/hooks#exec-form-and-shell-form.
import type { Handler, PluginOrigin } from "./types.js";

/** The environment variable a hook reads an option from. */
export function optionVariable(key: string): string {
  return `CLAUDE_PLUGIN_OPTION_${key.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

const USER_CONFIG = /\$\{user_config\.([^}]+)\}/g;

/** `${user_config.KEY}` replaced by the option's value (empty when it has none), in an exec-form command or argument. */
export function substituteOptions(text: string, value: (key: string) => string | undefined): string {
  return text.replace(USER_CONFIG, (_all, key: string) => value(key) ?? "");
}

/** What convert says about a plugin hook's options: why Claude would not run it, or what differs here. */
export function optionNotes(handler: Handler, plugin: PluginOrigin): { refused?: string; differences: string[] } {
  if (handler.type !== "command") return { differences: [] };
  const parts = [handler.command, ...(handler.args ?? [])];
  const named = [...new Set(parts.flatMap((part) => [...part.matchAll(USER_CONFIG)].map((match) => match[1]!)))];
  if (named.length > 0 && !Array.isArray(handler.args))
    return {
      differences: [],
      refused: `Claude Code refuses \${user_config.${named[0]}} in a shell-form command (a value could inject shell code): use the exec form ("args") or $${optionVariable(named[0]!)}`,
    };
  const text = parts.join(" ");
  const differences: string[] = [];
  for (const key of plugin.sensitiveOptions ?? []) {
    if (named.includes(key) || text.includes(optionVariable(key)))
      differences.push(`option ${key} is sensitive: Claude keeps it in the keychain, which is not read; set ${optionVariable(key)} in OpenCode's environment`);
  }
  for (const key of named) {
    if (plugin.options?.[key] === undefined && !(plugin.sensitiveOptions ?? []).includes(key))
      differences.push(
        `option ${key} has no value in pluginConfigs and no default: \${user_config.${key}} is empty (Claude asks for it when the plugin is enabled)`,
      );
  }
  return { differences };
}
