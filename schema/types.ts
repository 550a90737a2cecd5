// The validated hook model shared by convert (which writes it into the plugin) and the runtime.
import type { EventName, HandlerType } from "./events.js";
import type { HandlerOf } from "./handlers.js";

/** Where a hook came from; `kind` orders precedence for `disableAllHooks` (cli > local > project > user). */
export type SourceKind = "user" | "project" | "local" | "cli";

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
}

/** One settings file after validation. */
export interface SettingsSource {
  kind: SourceKind;
  file: string;
  entries: HookEntry[];
  disableAllHooks?: boolean;
  /** Set in this file: http hooks run only for URLs matching one of these (`[]`: none). Arrays merge across files. */
  allowedHttpHookUrls?: string[];
  /** Set in this file: the outer limit on variables http hooks may put in headers. Arrays merge across files. */
  httpHookAllowedEnvVars?: string[];
}
