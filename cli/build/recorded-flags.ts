// The flags a conversion was made with, recorded in what it writes, so that a later run (a bare
// `convert`, `check`, the fix check prints) repeats it instead of dropping the hooks they brought in:
// the plugin's header holds the flags whose hooks it embeds (project-relative paths: it is
// committed), the git-ignored local hooks file those of this machine (a plugin folder outside the
// project, --managed). A flag given again replaces the record's for that flag; a run that leaves a
// recorded input out, or finds it gone, needs --force (convert.ts). Where the files are (--project,
// --user, --out) is not recorded: it is where the record is read from. Pure.
import path from "node:path";
import { insideProject } from "../../schema/paths.js";

/** The inputs beyond the defaults, as a later run reads them back. */
export interface RecordedFlags {
  settings?: string[];
  plugin?: string[];
  /** `true`: this platform's folder; a string: the folder given. */
  managed?: true | string;
  /** convert --permissions: the plugin carries Claude's permission rules (docs/permissions.md). */
  permissions?: true;
}

/** The source flags of one run (BuildOptions' names). */
export interface SourceFlags {
  settings?: string[];
  plugins?: string[];
  managed?: boolean | string;
  /** `false`: --no-permissions, which turns a recorded --permissions off. */
  permissions?: boolean;
}

/** A record, and the file it was read from (as shown to the user). */
export interface FlagsRecord {
  file: string;
  flags: RecordedFlags;
}

export type RecordedFlag = "--settings" | "--plugin" | "--managed";

/** One recorded input: the flag, its value as recorded, what it names, and the file that recorded it. */
export interface RecordedInput {
  flag: RecordedFlag;
  value?: string;
  /** Absolute: what the value names, resolved against the project. */
  path?: string;
  from: string;
}

/** What a run did with the records: inputs taken from them, left out by flags given again, or gone. */
export interface RecordUse {
  used: RecordedInput[];
  dropped: RecordedInput[];
  gone: RecordedInput[];
}

/** The record in a file, or undefined when the value is not one (an older file, a hand edit). */
export function parseFlags(value: unknown): RecordedFlags | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { settings, plugin, managed, permissions } = value as Record<string, unknown>;
  const strings = (list: unknown) => list === undefined || (Array.isArray(list) && list.every((item) => typeof item === "string"));
  if (!strings(settings) || !strings(plugin) || !(managed === undefined || managed === true || typeof managed === "string")) return undefined;
  if (permissions !== undefined && permissions !== true) return undefined;
  return value as RecordedFlags;
}

export function hasFlags(flags: RecordedFlags | undefined): flags is RecordedFlags {
  return flags !== undefined && Boolean(flags.settings?.length || flags.plugin?.length || flags.managed !== undefined || flags.permissions);
}

/**
 * The flags this run uses: each flag given wins, else the records'. Recorded inputs a given flag
 * leaves out are `dropped`; recorded inputs that no longer exist are `gone` (and not used).
 */
export function applyRecords(
  given: SourceFlags,
  records: readonly FlagsRecord[],
  projectDir: string,
  exists: (file: string) => boolean,
): { flags: SourceFlags; use: RecordUse } {
  const recorded = records.flatMap((record) => inputsOf(record, projectDir));
  const isGiven: Record<RecordedFlag, boolean> = {
    "--settings": (given.settings?.length ?? 0) > 0,
    "--plugin": (given.plugins?.length ?? 0) > 0,
    "--managed": given.managed !== undefined && given.managed !== false,
  };
  const givenPaths = [...(given.settings ?? []), ...(given.plugins ?? [])].map((file) => path.resolve(file));
  const managed = typeof given.managed === "string" ? path.resolve(given.managed) : given.managed;
  const keptBy = (input: RecordedInput) => (input.flag === "--managed" ? (input.path ?? true) === managed : givenPaths.includes(input.path!));
  const taken = recorded.filter((input) => !isGiven[input.flag]);
  // Managed settings files are optional (a first run without the folder is fine): only a settings file or plugin folder can be gone.
  const gone = taken.filter((input) => input.flag !== "--managed" && !exists(input.path!));
  const used = taken.filter((input) => !gone.includes(input));
  const dropped = recorded.filter((input) => isGiven[input.flag] && !keptBy(input));
  const paths = (flag: RecordedFlag) => used.filter((input) => input.flag === flag).map((input) => input.path!);
  const recordedManaged = used.find((input) => input.flag === "--managed");
  const flags: SourceFlags = {
    settings: isGiven["--settings"] ? given.settings! : paths("--settings"),
    ...(isGiven["--plugin"] ? { plugins: given.plugins! } : paths("--plugin").length > 0 ? { plugins: paths("--plugin") } : {}),
    ...(isGiven["--managed"] ? { managed: given.managed! } : recordedManaged ? { managed: recordedManaged.path ?? true } : {}),
    // --permissions is kept by the record until --no-permissions turns it off.
    ...((given.permissions ?? records.some((record) => record.flags.permissions === true)) ? { permissions: true } : {}),
  };
  return { flags, use: { used, dropped, gone } };
}

function inputsOf(record: FlagsRecord, projectDir: string): RecordedInput[] {
  const { flags, file: from } = record;
  const named = (flag: RecordedFlag) => (value: string) => ({ flag, value, path: path.resolve(projectDir, value), from });
  return [
    ...(flags.settings ?? []).map(named("--settings")),
    ...(flags.plugin ?? []).map(named("--plugin")),
    ...(flags.managed === true ? [{ flag: "--managed" as const, from }] : []),
    ...(typeof flags.managed === "string" ? [named("--managed")(flags.managed)] : []),
  ];
}

/**
 * What each file records, from the flags a run used: paths relative to the project where they are
 * inside it (never with --user: the global plugin serves every project). Outside the project, a
 * plugin's and managed settings' hooks are this machine's: the local hooks file records them
 * (schema/sources/plugins.ts, build-plugin.ts decide the same way); with --settings there is no such file and
 * their hooks go nowhere, so nothing records them.
 */
export function recordFor(flags: SourceFlags, projectDir: string, mode: "user" | "settings" | "project"): { plugin: RecordedFlags; local: RecordedFlags } {
  const shown = (file: string) => (mode === "user" ? path.resolve(file) : (insideProject(projectDir, path.resolve(file)) ?? path.resolve(file)));
  const plugins = (flags.plugins ?? []).map((dir) => ({
    value: shown(dir),
    shared: mode === "user" || insideProject(projectDir, path.resolve(dir)) !== undefined,
  }));
  const managed = flags.managed === true ? true : typeof flags.managed === "string" ? path.resolve(flags.managed) : undefined;
  const only = (list: string[]) => (list.length > 0 ? list : undefined);
  const compact = (record: RecordedFlags): RecordedFlags =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as RecordedFlags;
  return {
    plugin: compact({
      settings: mode === "settings" ? only((flags.settings ?? []).map(shown)) : undefined,
      plugin: only(plugins.filter((plugin) => plugin.shared).map((plugin) => plugin.value)),
      managed: mode === "user" ? managed : undefined,
      permissions: flags.permissions === true ? true : undefined,
    }),
    local: compact({
      plugin: mode === "project" ? only(plugins.filter((plugin) => !plugin.shared).map((plugin) => plugin.value)) : undefined,
      managed: mode === "project" ? managed : undefined,
    }),
  };
}

/** The command line words of recorded flags, in flag order. */
export function flagWords(flags: RecordedFlags): string[] {
  return [
    ...(flags.settings ?? []).flatMap((file) => ["--settings", file]),
    ...(flags.plugin ?? []).flatMap((dir) => ["--plugin", dir]),
    ...(flags.managed === true ? ["--managed"] : typeof flags.managed === "string" ? ["--managed", flags.managed] : []),
    ...(flags.permissions ? ["--permissions"] : []),
  ];
}

/** Both records as one (a plugin's flags, then the local file's): what a run repeating them types. */
export function joinFlags(first: RecordedFlags, second: RecordedFlags): RecordedFlags {
  const plugin = [...(first.plugin ?? []), ...(second.plugin ?? [])];
  const managed = first.managed ?? second.managed;
  return {
    ...(first.settings ? { settings: first.settings } : {}),
    ...(plugin.length > 0 ? { plugin } : {}),
    ...(managed !== undefined ? { managed } : {}),
    ...(first.permissions || second.permissions ? { permissions: true as const } : {}),
  };
}

/** The words that give these inputs again, shell-quoted: what keeps their hooks. */
export function keepWords(inputs: readonly RecordedInput[]): string[] {
  return inputs.flatMap((input) => [input.flag, ...(input.value === undefined ? [] : [shellWord(input.value)])]);
}

/** A path as one shell word (quoted only when it needs to be). */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** `--plugin ../guard`, `--managed`: one input as typed. */
export function inputWords(input: RecordedInput): string {
  return input.value === undefined ? input.flag : `${input.flag} ${input.value}`;
}

/** Printed when a run takes an input from a record, so nobody wonders where a plugin's hooks came from. */
export function usedMessage(input: RecordedInput): string {
  return `Using ${inputWords(input)}, recorded in ${input.from} by an earlier convert (give ${input.flag} to change it).`;
}

/** Why convert stops when flags given again leave recorded inputs out: their hooks would be removed. */
export function droppedMessage(dropped: readonly RecordedInput[]): string {
  const names = dropped.map((input) => `${inputWords(input)} (recorded in ${input.from})`).join(", ");
  return `the flags given leave out ${names}: the hooks it brought in would be removed. Give it again to keep them, or add --force to remove them`;
}

/** A recorded input that is not there any more: located at the file that recorded it. */
export function goneMessage(input: RecordedInput): string {
  const what = input.flag === "--settings" ? "file" : "folder";
  return `${input.from}: ${inputWords(input)}, recorded by an earlier convert: no such ${what} any more. Give its new place with ${input.flag}, or run convert with --force to go on without it (the hooks it brought in are removed)`;
}
