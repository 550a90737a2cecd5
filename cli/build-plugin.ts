// The pipeline convert and check share: settings -> validated hooks -> per-hook classification ->
// the plugin text (and the local hooks data). No writes: convert and check are its two sinks.
import path from "node:path";
import { hasErrors, type Diagnostic } from "../schema/diagnostics.js";
import {
  explicitSettingsFiles,
  loadSettings,
  projectSettingsFiles,
  type SettingsFile,
  userSettingsFile,
} from "../schema/load-settings.js";
import { mergeSources } from "../schema/merge-sources.js";
import type { PluginConfig } from "../plugin/config.js";
import { LOCAL_HOOKS_FILE, PLUGIN_FILE } from "../plugin/local-hooks.js";
import { classify, type ReportRow } from "./classify.js";
import { EXIT, ExitError } from "./errors.js";
import { packageVersion, runtimeBundle } from "./package-info.js";
import { renderPlugin } from "./render-plugin.js";

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
  env?: NodeJS.ProcessEnv;
}

export interface Build {
  projectDir: string;
  plan: Plan;
  /** Names of the settings files read. */
  inputs: string[];
  diagnostics: Diagnostic[];
  /** What runs in this checkout, per hook (local settings included). */
  rows: ReportRow[];
  /** The plugin text; undefined when the settings have errors. */
  pluginText?: string;
  /** Project mode: the local hooks data, or undefined when there is no settings.local.json. */
  localHooks?: PluginConfig;
}

export async function buildOutputs(options: BuildOptions): Promise<Build> {
  const projectDir = path.resolve(options.project ?? ".");
  const plan = planFiles(options, projectDir, options.env ?? process.env);
  const loaded = await loadSettings(plan.files);
  if (options.strict) loaded.diagnostics = loaded.diagnostics.map((diagnostic) => ({ ...diagnostic, severity: "error" }));
  if (loaded.sources.length === 0 && !hasErrors(loaded.diagnostics)) {
    throw new ExitError(`no Claude Code settings found (looked for ${plan.files.map((file) => file.display).join(", ")})`, EXIT.invalidSettings);
  }
  const version = `hooks2opencode ${packageVersion()}`;
  const shared = loaded.sources.filter((source) => source.kind !== "local");
  const local = loaded.sources.filter((source) => source.kind === "local");
  // The plugin must not depend on local files (it is committed); the report shows this checkout,
  // where a local disableAllHooks can override the project's.
  const sharedMerged = mergeSources(shared);
  const localMerged = mergeSources(local);
  const effective = mergeSources(loaded.sources).disableAllHooks;
  const main = classify(sharedMerged);
  const localResult = plan.localFile ? classify(localMerged, effective) : undefined;
  const build: Build = {
    projectDir,
    plan,
    inputs: loaded.texts.map((text) => text.display),
    diagnostics: loaded.diagnostics,
    rows: [...classify(sharedMerged, effective).rows, ...(localResult?.rows ?? [])],
  };
  if (hasErrors(loaded.diagnostics)) return build;

  const config: PluginConfig = {
    generator: version,
    ...(main.disableAllHooks ? { disableAllHooks: true } : {}),
    ...(plan.localFile ? { readsLocalHooks: true } : {}),
    handlers: main.handlers,
  };
  build.pluginText = renderPlugin({
    config,
    rows: main.rows,
    runtime: runtimeBundle(),
    sources: shared.map((source) => source.file),
    texts: loaded.texts.filter((text) => shared.some((source) => source.file === text.display)),
    command: plan.command,
  });
  if (localResult && local.length > 0) {
    const disable = localMerged.disableAllHooks?.value;
    build.localHooks = { generator: version, ...(disable !== undefined ? { disableAllHooks: disable } : {}), handlers: localResult.handlers };
  }
  return build;
}

export interface Plan {
  files: SettingsFile[];
  pluginFile: string;
  /** Where settings.local.json hooks go (project mode only). */
  localFile?: string;
  command: string;
}

function planFiles(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): Plan {
  if (options.user) {
    const configHome = env.XDG_CONFIG_HOME || path.join(env.HOME || "~", ".config");
    return {
      files: [userSettingsFile(env)],
      pluginFile: path.resolve(options.out ?? path.join(configHome, "opencode", "plugins", PLUGIN_FILE)),
      command: "npx hooks2opencode convert --user",
    };
  }
  const pluginFile = path.resolve(options.out ?? path.join(projectDir, ".opencode", "plugins", PLUGIN_FILE));
  if (options.settings && options.settings.length > 0) {
    const files = explicitSettingsFiles(options.settings, projectDir);
    return { files, pluginFile, command: `npx hooks2opencode convert ${files.map((file) => `--settings ${file.display}`).join(" ")}` };
  }
  return {
    files: projectSettingsFiles(projectDir),
    pluginFile,
    localFile: path.join(projectDir, LOCAL_HOOKS_FILE),
    command: "npx hooks2opencode convert",
  };
}

