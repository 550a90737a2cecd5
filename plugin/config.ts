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
  /** Only in the local hooks file: overrides the project's setting, as in Claude. */
  disableAllHooks?: boolean;
  handlers: PluginHandler[];
}
