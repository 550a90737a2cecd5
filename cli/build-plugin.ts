// The pipeline convert and check share, in two steps. readBuildInputs does all the reading: the
// flags an earlier convert recorded (recorded-flags.ts), the settings files, this package's version
// and runtime bundle, what /bin/sh is. buildPlugin turns
// those inputs into the plugin text, the runtime module and the local hooks data: pure, so it is
// tested in memory. No writes: convert and check are its two sinks.
import { existsSync } from "node:fs";
import path from "node:path";
import { hasErrors, type Diagnostic } from "../schema/diagnostics.js";
import {
  claudeConfigDir,
  explicitSettingsFiles,
  projectSettingsFiles,
  readSettingsFiles,
  type SettingsFile,
  type SettingsText,
  userSettingsFile,
  validateSettingsTexts,
} from "../schema/load-settings.js";
import { type MergedHooks, mergeSources } from "../schema/merge-sources.js";
import { insideProject } from "../schema/paths.js";
import { systemShell } from "../schema/system-shell.js";
import type { IgnoredHook } from "../schema/types.js";
import type { PluginConfig, SettingsHash } from "../plugin/config.js";
import { driftHash } from "../plugin/settings-drift.js";
import { LOCAL_HOOKS_FILE, PLUGIN_FILE } from "../plugin/local-hooks.js";
import { httpPolicy, managedSwitches } from "../plugin/load/switches.js";
import { classify, type ReportRow, withDisableAllHooks, withHttpPolicy } from "../plugin/load/classify.js";
import { findProjectRoot, isDirectory } from "../schema/sources/project-root.js";
import { display, readIfExists } from "./write-output.js";
import { EXIT, ExitError } from "./errors.js";
import { headerFlags } from "./generated-header.js";
import { packageVersion, runtimeBundle } from "./package-info.js";
import { readManagedSettings } from "../schema/sources/managed.js";
import { readPluginHooks } from "../schema/sources/plugins.js";
import { readFrontmatterHooks } from "../schema/sources/skills.js";
import {
  applyRecords,
  type FlagsRecord,
  flagWords,
  goneMessage,
  joinFlags,
  type RecordedFlags,
  recordFor,
  type RecordUse,
  shellWord,
} from "./recorded-flags.js";
import { localHooksFlags, renderLocalHooks, renderPlugin, renderRuntime } from "./render-plugin.js";

export interface BuildOptions {
  /** Project folder (default: the current directory). */
  project?: string;
  /** Explicit settings files instead of the project's .claude/ files. */
  settings?: string[];
  /** Convert ~/.claude/settings.json into OpenCode's global plugin folder. */
  user?: boolean;
  /** Where the plugin goes (default: .opencode/plugins/claude-hooks.js, or the global folder with --user). */
  out?: string;
  /** Every warning is an error (CI: a typo fails the build). */
  strict?: boolean;
  /** Claude Code plugin folders whose hooks are converted too (besides those the settings enable). */
  plugins?: string[];
  /** Also read managed settings: `true` from this platform's folder, or a folder (always with --user). */
  managed?: boolean | string;
  /** A recorded input that is gone is dropped instead of stopping the run (convert --force). */
  force?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Everything a build reads, read once. */
export interface BuildInputs {
  projectDir: string;
  plan: Plan;
  /** The settings files of the plan that exist, as read. */
  settings: SettingsText[];
  /** This package's version ("0.1.0"). */
  version: string;
  /** The bundled runtime (dist/runtime.js). */
  runtime: string;
  /** What /bin/sh is here, for the bash-only-syntax lint. */
  sh: string;
  /** Findings about inputs that are not settings files (skill and agent frontmatter). */
  notes?: Diagnostic[];
  strict: boolean;
}

export interface Build {
  projectDir: string;
  plan: Plan;
  /** Names of the settings files read. */
  inputs: string[];
  diagnostics: Diagnostic[];
  /** What runs in this checkout, per hook (local settings included). */
  rows: ReportRow[];
  /** Hooks of a type their event never runs, from every file read (`test` names them). */
  ignored: IgnoredHook[];
  /** How many hooks the settings hold (valid ones, in every file read). */
  hooks: number;
  /** The plugin text; undefined when the settings have errors. */
  pluginText?: string;
  /** The runtime module beside the plugin (set with pluginText). */
  runtimeText?: string;
  /** Project mode: the local hooks file's text, or undefined when there is no settings.local.json. */
  localHooksText?: string;
  /** What the plugin embeds, and the local hooks file holds (set with pluginText; `test` runs them). */
  config?: PluginConfig;
  localConfig?: PluginConfig;
}

export async function buildOutputs(options: BuildOptions): Promise<Build> {
  return buildPlugin(await readBuildInputs(options));
}

export async function readBuildInputs(options: BuildOptions): Promise<BuildInputs> {
  const env = options.env ?? process.env;
  const projectDir = projectFolder(options, env);
  const recorded = await withRecordedFlags(options, projectDir, env);
  options = recorded.options;
  const plan = { ...planFiles(options, projectDir, env), recorded: recorded.use };
  for (const file of plan.files) {
    if (!file.optional && !existsSync(file.path)) throw new ExitError(`settings file not found: ${file.display}`, EXIT.usage);
  }
  // No settings at all is for the commands to judge: convert removes a plugin it wrote, check calls it orphaned.
  const read = [...(await readSettingsFiles(plan.files)), ...(await readManaged(options))];
  for (const dir of options.plugins ?? []) if (!existsSync(dir)) throw new ExitError(`--plugin ${dir}: no such folder`, EXIT.usage);
  const plugins = await readPluginHooks({ explicit: options.plugins ?? [], settings: read, projectDir, user: options.user === true, env });
  const frontmatter = options.settings?.length ? { texts: [], diagnostics: [] } : await readFrontmatterHooks(projectDir, options.user === true, env);
  const settings = [...read, ...plugins, ...frontmatter.texts];
  return {
    projectDir,
    plan,
    settings,
    version: packageVersion(),
    runtime: runtimeBundle(),
    sh: systemShell(),
    strict: options.strict === true,
    notes: frontmatter.diagnostics,
  };
}

/**
 * The source flags this run uses: those given, else those the plugin's header and (project mode) the
 * local hooks file recorded. A recorded file or folder that is gone stops the run, naming it; with
 * --force it is left out (the plan says so).
 */
async function withRecordedFlags(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Promise<{ options: BuildOptions; use: RecordUse }> {
  const pluginFile = planOutputs(options, projectDir, env).pluginFile;
  const records: FlagsRecord[] = [];
  const own = headerFlags((await readIfExists(pluginFile)) ?? "");
  if (own) records.push({ file: display(projectDir, pluginFile), flags: own });
  // With --settings (given or recorded) there is no local hooks file: its record is not this run's.
  if (!options.user && !options.settings?.length && !own?.settings?.length) {
    const local = localHooksFlags((await readIfExists(path.join(projectDir, LOCAL_HOOKS_FILE))) ?? "");
    if (local) records.push({ file: LOCAL_HOOKS_FILE, flags: local });
  }
  const { flags, use } = applyRecords(options, records, projectDir, existsSync);
  if (use.gone.length > 0 && !options.force) throw new ExitError(goneMessage(use.gone[0]!), EXIT.usage);
  return { options: { ...options, ...flags }, use };
}

/** Managed settings, on request (--managed) and always with --user; in project mode they are this machine's. */
function readManaged(options: BuildOptions): Promise<SettingsText[]> {
  if (!options.managed && !options.user) return Promise.resolve([]);
  return readManagedSettings(typeof options.managed === "string" ? options.managed : undefined, !options.user);
}

/** Pure: the outputs of one conversion, from what readBuildInputs read. */
export function buildPlugin(inputs: BuildInputs): Build {
  const { projectDir, plan, version, runtime } = inputs;
  const loaded = validateSettingsTexts(inputs.settings, inputs.sh);
  const found = [...loaded.diagnostics, ...(inputs.notes ?? [])];
  const diagnostics = inputs.strict ? found.map((diagnostic): Diagnostic => ({ ...diagnostic, severity: "error" })) : found;
  const shared = loaded.sources.filter((source) => !source.perMachine);
  const local = loaded.sources.filter((source) => source.perMachine);
  // The plugin must not depend on local files (it is committed); the report shows this checkout,
  // where a local disableAllHooks can override the project's.
  const sharedMerged = mergeSources(shared);
  const localMerged = mergeSources(local);
  const effective = mergeSources(loaded.sources);
  const main = classify(sharedMerged);
  const localResult = plan.localFile ? classify(localMerged) : undefined;
  if (localResult && plan.localFile) {
    const target = display(projectDir, plan.localFile);
    for (const row of localResult.rows)
      if (row.entry.plugin) row.remarks.push(`plugin ${row.entry.plugin.id} is installed outside the project: its hooks go to ${target} (this machine only)`);
  }
  const build: Build = {
    projectDir,
    plan,
    hooks: loaded.sources.reduce((count, source) => count + source.entries.length, 0),
    inputs: loaded.texts.map((text) => text.display),
    diagnostics,
    ignored: loaded.sources.flatMap((source) => source.ignored ?? []),
    rows: withHttpPolicy([...withDisableAllHooks(main.rows, effective), ...withDisableAllHooks(localResult?.rows ?? [], effective)], effective),
  };
  if (hasErrors(diagnostics)) return build;

  const generator = `hooks2opencode ${version}`;
  const hashes = (local: boolean) =>
    settingsHashes(
      inputs.settings.filter((text) => (text.file.perMachine === true) === local),
      projectDir,
    );
  const config: PluginConfig = {
    generator,
    ...(main.disableAllHooks ? { disableAllHooks: true } : {}),
    ...managedSwitches(sharedMerged),
    ...(plan.localFile ? { readsLocalHooks: true } : {}),
    handlers: main.handlers,
    ...httpPolicy(sharedMerged),
    regenerate: plan.command,
    settings: hashes(false),
  };
  build.config = config;
  build.runtimeText = renderRuntime({ version, runtime, command: plan.command });
  build.pluginText = renderPlugin({
    config,
    version,
    rows: main.rows,
    runtimeFile: path.basename(plan.runtimeFile),
    runtime,
    sources: shared.map((source) => source.file),
    texts: loaded.texts.filter((text) => shared.some((source) => source.file === text.display)),
    command: plan.command,
    ...(plan.flags ? { flags: plan.flags } : {}),
  });
  if (localResult && local.length > 0) {
    const disable = localMerged.disableAllHooks?.value;
    build.localConfig = {
      generator,
      ...(disable !== undefined ? { disableAllHooks: disable } : {}),
      ...managedSwitches(localMerged),
      handlers: localResult.handlers,
      ...httpPolicy(localMerged),
      settings: hashes(true),
    };
    build.localHooksText = renderLocalHooks(
      build.localConfig,
      version,
      local.map((source) => source.file),
      plan.localFlags,
    );
  }
  return build;
}

/** What the plugin compares at load to notice settings changed since convert (plugin/settings-drift.ts). */
function settingsHashes(texts: readonly SettingsText[], projectDir: string): SettingsHash[] {
  return texts.flatMap((text) => {
    if (text.text === undefined) return [];
    const file = insideProject(projectDir, text.file.path) ?? text.file.path;
    return [{ file, sha256: driftHash(file, text.raw ?? text.text) }];
  });
}

export interface Plan {
  files: SettingsFile[];
  pluginFile: string;
  /** The runtime module the plugin imports, beside it (`.mjs`: OpenCode does not load it as a plugin). */
  runtimeFile: string;
  /** Where settings.local.json hooks go (project mode only). */
  localFile?: string;
  /** The command that regenerates the plugin (its own flags only: it is committed). */
  command: string;
  /** The flags the plugin's header records, and those the local hooks file records. */
  flags?: RecordedFlags;
  localFlags?: RecordedFlags;
  /** The command that regenerates everything this run writes, the local hooks file too (check's fix). */
  rerun?: string;
  /** What this run took from the records of an earlier one. */
  recorded?: RecordUse;
}

/** --project as given (it must exist), else the project the current folder is in (project-root.ts). */
function projectFolder(options: BuildOptions, env: NodeJS.ProcessEnv): string {
  if (options.project === undefined) return findProjectRoot(process.cwd(), claudeConfigDir(env));
  const dir = path.resolve(options.project);
  if (!isDirectory(dir)) throw new ExitError(`--project ${options.project}: no such folder`, EXIT.usage);
  return dir;
}

function planFiles(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Plan {
  const plan = planOutputs(options, projectDir, env);
  return { ...plan, runtimeFile: runtimeFileFor(plan.pluginFile) };
}

/** `claude-hooks.js` -> `claude-hooks.runtime.mjs` in the same folder. */
export function runtimeFileFor(pluginFile: string): string {
  return path.join(path.dirname(pluginFile), `${path.basename(pluginFile).replace(/\.[cm]?[jt]s$/, "")}.runtime.mjs`);
}

function planOutputs(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Omit<Plan, "runtimeFile"> {
  const mode = options.user ? "user" : options.settings?.length ? "settings" : "project";
  const record = recordFor(options, projectDir, mode);
  const convert = (flags: RecordedFlags, out: string | undefined) =>
    ["npx hooks2opencode convert", ...(options.user ? ["--user"] : []), ...[...flagWords(flags), ...(out ? ["--out", out] : [])].map(shellWord)].join(" ");
  const commands = (out: string | undefined) => ({ command: convert(record.plugin, out), rerun: convert(joinFlags(record.plugin, record.local), out) });
  const recorded = { flags: record.plugin, localFlags: record.local };
  if (options.user) {
    const configHome = env.XDG_CONFIG_HOME || path.join(env.HOME || "~", ".config");
    return {
      files: [userSettingsFile(env)],
      pluginFile: path.resolve(options.out ?? path.join(configHome, "opencode", "plugins", PLUGIN_FILE)),
      ...commands(options.out ? path.resolve(options.out) : undefined),
      ...recorded,
    };
  }
  const pluginFile = path.resolve(options.out ?? path.join(projectDir, ".opencode", "plugins", PLUGIN_FILE));
  const out = options.out ? display(projectDir, pluginFile) : undefined;
  if (options.settings && options.settings.length > 0) {
    return { files: explicitSettingsFiles(options.settings, projectDir), pluginFile, ...commands(out), ...recorded };
  }
  return {
    files: projectSettingsFiles(projectDir),
    pluginFile,
    localFile: path.join(projectDir, LOCAL_HOOKS_FILE),
    ...commands(out),
    ...recorded,
  };
}
