// What a generated plugin embeds: the translated handlers in settings order, readable by a human.
import type { DialectName } from "../schema/dialects/agents.js";
import type { EventName } from "../schema/events.js";
import type { PermissionRule, PermissionScalars } from "../schema/permissions/model.js";
import type { Handler, PluginOrigin, SkillOrigin, SourceKind } from "../schema/types.js";

export interface PluginHandler {
  event: EventName;
  matcher?: string;
  source: SourceKind;
  /** `file:line:col` of the handler in the settings it came from. */
  where: string;
  handler: Handler;
  /** A Claude plugin's hook: CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA. */
  plugin?: PluginOrigin;
  /** A skill's hook: it runs in a session once the skill was loaded there. */
  skill?: SkillOrigin;
  /** Another agent's hook (Codex CLI ...), replayed with that agent's contract (plugin/dialects/); absent for Claude's. */
  dialect?: DialectName;
  /** That agent's own name of the event (Gemini's `BeforeTool` on PreToolUse); absent: the same as `event`. */
  agentEvent?: string;
  /** That agent's own per-hook fields the runtime needs (Cursor `failClosed`, Copilot `cwd`). */
  agentOptions?: Record<string, unknown>;
}

export interface PluginConfig {
  generator: string;
  /** Resolved for this file's settings; the local hooks file's value overrides it, as in Claude. */
  disableAllHooks?: boolean;
  /** Managed settings: `disableAllHooks` there switches every hook off, managed ones too. */
  managedDisableAllHooks?: boolean;
  /** Managed settings: only managed hooks run. */
  allowManagedHooksOnly?: boolean;
  /** Project plugins also run the git-ignored local hooks file (settings.local.json). */
  readsLocalHooks?: boolean;
  handlers: PluginHandler[];
  /** Claude's http hook policy from these settings (merged with the local file's at start-up). */
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
  /** The command that regenerates this file, for the notice that the settings changed. */
  regenerate?: string;
  /** Claude's permission rules (convert --permissions): deny blocks a call, allow answers OpenCode's prompt. */
  permissions?: PermissionRule[];
  /** Claude's `defaultMode` and `additionalDirectories` (convert --permissions), written into OpenCode's config at start-up. */
  permissionScalars?: PermissionScalars;
  /** The settings files these hooks were converted from, as read then: the plugin warns when one changed. */
  settings?: SettingsHash[];
}

export interface SettingsHash {
  /** Relative to the project folder when inside it, else absolute. */
  file: string;
  /** sha256 of the text, line endings normalized (a CRLF checkout is no change). */
  sha256: string;
}
