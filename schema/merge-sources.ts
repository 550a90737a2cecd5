// Hooks from several settings files merge (concatenate in order); `disableAllHooks` is a scalar and
// follows Claude's precedence: cli (--settings) > local > project > user; the http hook policy's
// lists merge (https://code.claude.com/docs/en/settings-reference). Pure.
// Source: https://code.claude.com/docs/en/hooks#hook-locations (hooks merge), https://code.claude.com/docs/en/hooks#disable-or-remove-hooks,
// https://code.claude.com/docs/en/settings#settings-precedence.
import type { HookEntry, SettingsSource, SourceKind } from "./types.js";

const PRECEDENCE: Record<SourceKind, number> = { plugin: -1, skill: -1, agent: -1, user: 0, project: 1, local: 2, cli: 3, managed: 4 };

/** Claude's settings precedence: a scalar key set in a higher-ranked file wins (managed > cli > local > project > user). */
export function precedence(kind: SourceKind): number {
  return PRECEDENCE[kind];
}

export interface MergedHooks {
  entries: HookEntry[];
  /** The effective disableAllHooks of the files that are not managed settings, and the file that set it. */
  disableAllHooks?: { value: boolean; file: string };
  /** Managed settings: disableAllHooks there switches managed hooks off too; allowManagedHooksOnly leaves only them. */
  managedDisableAllHooks?: { value: boolean; file: string };
  allowManagedHooksOnly?: { value: boolean; file: string };
  /** The http hook policy: each list is the union of the files that set it (undefined: set nowhere). */
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
}

export function mergeSources(sources: readonly SettingsSource[]): MergedHooks {
  const merged: MergedHooks = { entries: sources.flatMap((source) => source.entries) };
  let rank = -1;
  for (const source of sources) {
    if (source.kind === "managed") {
      if (source.disableAllHooks !== undefined) merged.managedDisableAllHooks = { value: source.disableAllHooks, file: source.file };
      if (source.allowManagedHooksOnly !== undefined) merged.allowManagedHooksOnly = { value: source.allowManagedHooksOnly, file: source.file };
      continue;
    }
    if (source.disableAllHooks === undefined) continue;
    // Among equals (several --settings files), the later file wins.
    if (PRECEDENCE[source.kind] >= rank) {
      rank = PRECEDENCE[source.kind];
      merged.disableAllHooks = { value: source.disableAllHooks, file: source.file };
    }
  }
  for (const key of ["allowedHttpHookUrls", "httpHookAllowedEnvVars"] as const) {
    const lists = sources.flatMap((source) => (source[key] ? [source[key]] : []));
    if (lists.length > 0) merged[key] = [...new Set(lists.flat())];
  }
  return merged;
}
