// What a generated plugin embeds: the translated handlers in settings order, readable by a human.
import type { EventName } from "../schema/events.js";
import type { Handler, SourceKind } from "../schema/types.js";

export interface PluginHandler {
  event: EventName;
  matcher?: string;
  source: SourceKind;
  /** `file:line:col` of the handler in the settings it came from. */
  where: string;
  hook: Handler;
}

export interface PluginConfig {
  generator: string;
  /** Resolved for this file's settings; the local hooks file's value overrides it, as in Claude. */
  disableAllHooks?: boolean;
  /** Project plugins also run the git-ignored local hooks file (settings.local.json). */
  readsLocalHooks?: boolean;
  handlers: PluginHandler[];
}
