// `hooks2opencode convert`: settings -> validated hooks -> per-hook classification -> generated
// plugin, written atomically. The pipeline is pure up to the final write; the write refuses to
// replace a file it did not write, or one edited by hand, unless --force. settings.local.json is
// one person's, usually git-ignored: its hooks never go into the committed plugin but into a
// git-ignored data file the plugin reads at start-up (write-local-hooks.ts, plugin/local-hooks.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { formatDiagnostic, hasErrors } from "../schema/diagnostics.js";
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
import { formatReport } from "./format-report.js";
import { parseHeader } from "./generated-header.js";
import { packageVersion, runtimeBundle } from "./package-info.js";
import { renderPlugin } from "./render-plugin.js";
import { display, writeOrExplain } from "./write-output.js";
import { isTrackable, writeLocalHooks } from "./write-local-hooks.js";

export interface ConvertOptions {
  /** Project folder (default: the current directory). */
  project?: string;
  /** Explicit settings files instead of the project's .claude/ files. */
  settings?: string[];
  /** Convert ~/.claude/settings.json into OpenCode's global plugin folder. */
  user?: boolean;
  /** Where to write the plugin (default: .opencode/plugins/claude-hooks.js, or the global folder with --user). */
  out?: string;
  dryRun?: boolean;
  force?: boolean;
  env?: NodeJS.ProcessEnv;
  print?: (text: string) => void;
  printError?: (text: string) => void;
}

export interface ConvertResult {
  exitCode: number;
  rows: ReportRow[];
  pluginPath: string;
  written: boolean;
}

export async function convert(options: ConvertOptions = {}): Promise<ConvertResult> {
  const env = options.env ?? process.env;
  const print = options.print ?? ((text) => process.stdout.write(text));
  const printError = options.printError ?? ((text) => process.stderr.write(text));
  const projectDir = path.resolve(options.project ?? ".");
  const plan = planFiles(options, projectDir, env);

  const loaded = await loadSettings(plan.files);
  for (const diagnostic of loaded.diagnostics) printError(`${formatDiagnostic(diagnostic)}\n`);
  if (loaded.sources.length === 0 && !hasErrors(loaded.diagnostics)) {
    throw new ExitError(`no Claude Code settings found (looked for ${plan.files.map((file) => file.display).join(", ")})`, EXIT.invalidSettings);
  }

  const version = `hooks2opencode ${packageVersion()}`;
  const shared = loaded.sources.filter((source) => source.kind !== "local");
  const local = loaded.sources.filter((source) => source.kind === "local");
  // The plugin must not depend on local files (it is committed); the report shows this checkout.
  const main = classify(mergeSources(shared));
  const effective = mergeSources(loaded.sources).disableAllHooks;
  const localResult = plan.localFile ? classify(mergeSources(local), effective) : undefined;
  const rows = [...classify(mergeSources(shared), effective).rows, ...(localResult?.rows ?? [])];
  print(`hooks2opencode: ${loaded.texts.map((text) => text.display).join(" + ") || "no settings"} -> ${display(projectDir, plan.pluginFile)}\n`);
  print(formatReport(rows));

  const result: ConvertResult = { exitCode: EXIT.ok, rows, pluginPath: plan.pluginFile, written: false };
  if (hasErrors(loaded.diagnostics)) {
    printError("Settings have errors (listed above); nothing was written. Fix them and run convert again.\n");
    return { ...result, exitCode: EXIT.invalidSettings };
  }

  const config: PluginConfig = {
    generator: version,
    ...(main.disableAllHooks ? { disableAllHooks: true } : {}),
    ...(plan.localFile ? { readsLocalHooks: true } : {}),
    handlers: main.handlers,
  };
  const pluginText = renderPlugin({
    config,
    rows: main.rows,
    runtime: runtimeBundle(),
    sources: shared.map((source) => source.file),
    texts: loaded.texts.filter((text) => shared.some((source) => source.file === text.display)),
    command: plan.command,
  });
  if (options.dryRun) {
    print(`Dry run: would write ${display(projectDir, plan.pluginFile)} (${pluginText.length} bytes).\n`);
    return result;
  }
  await guardOwnership(plan.pluginFile, options.force === true, projectDir);
  await writeOrExplain(plan.pluginFile, pluginText, projectDir);
  print(`Wrote ${display(projectDir, plan.pluginFile)}.\n`);
  if (plan.localFile) {
    const disable = local.find((source) => source.disableAllHooks !== undefined)?.disableAllHooks;
    const written = await writeLocalHooks(plan.localFile, local.length > 0 ? { generator: version, ...(disable !== undefined ? { disableAllHooks: disable } : {}), handlers: localResult?.handlers ?? [] } : undefined, projectDir);
    if (written) print(`Wrote ${display(projectDir, plan.localFile)} (local hooks, read by the plugin at start-up).\n`);
    if (written && (await isTrackable(projectDir, plan.localFile))) {
      print(`warning: ${display(projectDir, plan.localFile)} is not git-ignored; add it to .gitignore so one person's hooks are not committed.\n`);
    }
  }
  return { ...result, written: true };
}

interface Plan {
  files: SettingsFile[];
  pluginFile: string;
  /** Where settings.local.json hooks go (project mode only). */
  localFile?: string;
  command: string;
}

function planFiles(options: ConvertOptions, projectDir: string, env: NodeJS.ProcessEnv): Plan {
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

async function guardOwnership(file: string, force: boolean, projectDir: string): Promise<void> {
  let existing: string;
  try {
    existing = await readFile(file, "utf8");
  } catch {
    return;
  }
  if (force) return;
  const header = parseHeader(existing);
  if (!header) {
    throw new ExitError(`${display(projectDir, file)} exists and was not written by hooks2opencode; not overwriting it (use --force to replace it)`, EXIT.refused);
  }
  if (!header.intact) {
    throw new ExitError(`${display(projectDir, file)} was edited by hand since hooks2opencode wrote it; not overwriting it (use --force to discard the edits)`, EXIT.refused);
  }
}
