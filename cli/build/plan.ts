// What a conversion will read and write, decided before anything is read: the settings files of
// the mode (project, --settings, --user), where the plugin, its runtime module and the local hooks
// file go, and the command that regenerates them (the flags a plugin records, recorded-flags.ts).
import path from "node:path";
import { claudeConfigDir, explicitSettingsFiles, projectSettingsFiles, type SettingsFile, userSettingsFile } from "../../schema/load-settings.js";
import { findProjectRoot, isDirectory } from "../../schema/sources/project-root.js";
import { LOCAL_HOOKS_FILE, PLUGIN_FILE } from "../../plugin/local-hooks.js";
import { EXIT, ExitError } from "../errors.js";
import { display } from "../write/write-output.js";
import { flagWords, joinFlags, type RecordedFlags, recordFor, type RecordUse, shellWord } from "./recorded-flags.js";

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
  /** Carry Claude's `permissions` rules too (docs/permissions.md); off by default. */
  permissions?: boolean;
  /** A recorded input that is gone is dropped instead of stopping the run (convert --force). */
  force?: boolean;
  env?: NodeJS.ProcessEnv;
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
export function projectFolder(options: BuildOptions, env: NodeJS.ProcessEnv): string {
  if (options.project === undefined) return findProjectRoot(process.cwd(), claudeConfigDir(env));
  const dir = path.resolve(options.project);
  if (!isDirectory(dir)) throw new ExitError(`--project ${options.project}: no such folder`, EXIT.usage);
  return dir;
}

export function planFiles(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Plan {
  const plan = planOutputs(options, projectDir, env);
  return { ...plan, runtimeFile: runtimeFileFor(plan.pluginFile) };
}

/** `claude-hooks.js` -> `claude-hooks.runtime.mjs` in the same folder. */
export function runtimeFileFor(pluginFile: string): string {
  return path.join(path.dirname(pluginFile), `${path.basename(pluginFile).replace(/\.[cm]?[jt]s$/, "")}.runtime.mjs`);
}

export function planOutputs(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Omit<Plan, "runtimeFile"> {
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
