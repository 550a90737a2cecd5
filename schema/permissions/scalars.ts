// Which of Claude's scalar permission keys a plugin carries: the `defaultMode` of the highest-ranked
// file (managed > cli > local > project > user) and every file's `additionalDirectories`, from the
// committed files or from this machine's settings.local.json. Pure.
// Source: https://code.claude.com/docs/en/permissions#settings-precedence.
import type { SourceKind } from "../types.js";
import type { PermissionScalars, PermissionSettings } from "./model.js";

const RANK: Partial<Record<SourceKind, number>> = { user: 0, project: 1, local: 2, cli: 3, managed: 4 };

export function carriedScalars(settings: PermissionSettings, local: boolean): PermissionScalars | undefined {
  const mine = (value: { source: SourceKind }) => (value.source === "local") === local;
  const modes = settings.defaultMode.filter(mine).sort((a, b) => (RANK[b.source] ?? 0) - (RANK[a.source] ?? 0));
  const directories = settings.additionalDirectories.filter(mine).map((dir) => dir.value);
  const defaultMode = modes[0]?.value;
  if (defaultMode === undefined && directories.length === 0) return undefined;
  const outranksLocal = !local && (RANK[modes[0]?.source ?? "user"] ?? 0) > (RANK.local ?? 0);
  return {
    ...(defaultMode !== undefined ? { defaultMode } : {}),
    ...(outranksLocal ? { defaultModeOutranksLocal: true } : {}),
    ...(directories.length > 0 ? { additionalDirectories: directories } : {}),
  };
}

/** The committed plugin's scalars and the local hooks file's: settings.local.json's defaultMode wins unless a managed one outranks it; directories add up. */
export function mergeScalars(shared: PermissionScalars | undefined, mine: PermissionScalars | undefined): PermissionScalars | undefined {
  if (!shared && !mine) return undefined;
  const defaultMode = shared?.defaultModeOutranksLocal ? shared.defaultMode : (mine?.defaultMode ?? shared?.defaultMode);
  const additionalDirectories = [...(shared?.additionalDirectories ?? []), ...(mine?.additionalDirectories ?? [])];
  return { ...(defaultMode ? { defaultMode } : {}), ...(additionalDirectories.length > 0 ? { additionalDirectories } : {}) };
}
