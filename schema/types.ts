// The validated hook model shared by convert (which writes it into the plugin) and the runtime.
import type { DialectName } from "./dialects/agents.js";
import type { EventName, HandlerType } from "./events.js";
import type { HandlerOf } from "./handlers.js";

/** Where a hook came from; `kind` orders precedence for `disableAllHooks` (cli > local > project > user; a plugin sets none). */
export type SourceKind = "user" | "project" | "local" | "cli" | "plugin" | "skill" | "agent" | "managed";

/** A Claude Code plugin a hook came with: its folder and its data folder (CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA). */
export interface PluginOrigin {
  /** `name@marketplace`, or the folder's name for a plugin given with --plugin. */
  id: string;
  /** Relative to the project when the plugin is inside it, else absolute. */
  root: string;
  data: string;
  /** Its user configuration's values (plugin-options.ts), and the options whose values Claude keeps in the keychain. */
  options?: Record<string, string>;
  sensitiveOptions?: string[];
  /** Enabled by managed settings' `enabledPlugins`: its hooks run under `allowManagedHooksOnly`, as in Claude. */
  managed?: true;
}

/** A validated handler: a union over the five types, its fields derived from the field table (handlers.ts). */
export type Handler = { [T in HandlerType]: HandlerOf<T> }[HandlerType];

/** One handler with the context it was declared in. */
export interface HookEntry {
  event: EventName;
  matcher?: string;
  handler: Handler;
  source: SourceKind;
  /** `file:line:col` of the handler object, for reports. */
  where: string;
  /** Set for a plugin's hooks: they get CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA. */
  plugin?: PluginOrigin;
  /** Set for a skill's hooks: active in a session once the skill was loaded there. */
  skill?: SkillOrigin;
  /** Set for hooks in a Claude agent definition (`.claude/agents/<name>.md`): the agent's name. */
  agent?: string;
  /** Another coding agent's hook (Codex CLI ...), replayed with that agent's contract (plugin/dialects/). */
  dialect?: DialectName;
  /**
   * That agent's own name of the event (Gemini's `BeforeTool`); absent: the same as `event`. In a
   * report row of an agent event that rides on no engine event, `event` holds this name too.
   */
  agentEvent?: string;
}

/** The skill a frontmatter hook belongs to: OpenCode's skill tool loads it by `name`; `root` is its CLAUDE_PLUGIN_ROOT. */
export interface SkillOrigin {
  name: string;
  /** The skill's folder, relative to the project (or absolute outside it). */
  root: string;
  /** `disable-model-invocation: true` in its SKILL.md: in Claude only the user's /name starts it. */
  userInvokedOnly?: true;
}

/** A hook Claude loads but never runs on its event (an http hook on SessionStart): kept to be named where that event is tested. */
export interface IgnoredHook {
  event: EventName;
  handler: Handler;
  where: string;
  /** Why, as "http hooks do not run on SessionStart". */
  why: string;
}

/** One settings file after validation. */
export interface SettingsSource {
  kind: SourceKind;
  file: string;
  entries: HookEntry[];
  disableAllHooks?: boolean;
  /** Managed settings only: nothing but managed hooks runs. */
  allowManagedHooksOnly?: boolean;
  /** Hooks of this machine only (settings.local.json, a plugin installed outside the project): never committed. */
  perMachine?: boolean;
  /** Set in this file: http hooks run only for URLs matching one of these (`[]`: none). Arrays merge across files. */
  allowedHttpHookUrls?: string[];
  /** Set in this file: the outer limit on variables http hooks may put in headers. Arrays merge across files. */
  httpHookAllowedEnvVars?: string[];
  /** Hooks of a type their event never runs (each also has a type-not-allowed warning). */
  ignored?: IgnoredHook[];
}
