// All the reading a conversion does, once: the flags an earlier convert recorded (recorded-flags.ts),
// every hook source of the plan (schema/sources/every-source.ts), this package's version and runtime
// bundle, and what /bin/sh is. build-plugin.ts turns what it returns into the outputs, without I/O.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { SettingsText } from "../../schema/load-settings.js";
import { readSources } from "../../schema/sources/every-source.js";
import { systemShell } from "../../schema/system-shell.js";
import { LOCAL_HOOKS_FILE } from "../../plugin/local-hooks.js";
import { EXIT, ExitError } from "../errors.js";
import { packageVersion, runtimeBundle } from "../package-info.js";
import { display, readIfExists } from "../write/write-output.js";
import { type AgentTexts, readAgentInputs } from "./agent-inputs.js";
import { headerFlags } from "./generated-header.js";
import { type BuildOptions, type Plan, planFiles, planOutputs, projectFolder } from "./plan.js";
import { applyRecords, type FlagsRecord, goneMessage, type RecordUse } from "./recorded-flags.js";
import { localHooksFlags } from "./render-plugin.js";

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
  /** The same without other agents' dialects (dist/runtime-claude.js), for a plugin of Claude's hooks only. */
  claudeRuntime?: string;
  /** What /bin/sh is here, for the bash-only-syntax lint. */
  sh: string;
  /** Findings about inputs that are not settings files (skill and agent frontmatter). */
  notes?: Diagnostic[];
  /** Other agents' hook files that exist (agent-inputs.ts). */
  agents?: AgentTexts;
  strict: boolean;
  /** convert --permissions: carry Claude's permission rules (docs/permissions.md). */
  permissions?: boolean;
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
  for (const dir of options.plugins ?? []) if (!existsSync(dir)) throw new ExitError(`--plugin ${dir}: no such folder`, EXIT.usage);
  // No settings at all is for the commands to judge: convert removes a plugin it wrote, check calls it orphaned.
  // Managed settings on request (--managed) and always with --user; in project mode they are this machine's.
  const managed =
    options.managed || options.user ? { dir: typeof options.managed === "string" ? options.managed : undefined, perMachine: !options.user } : undefined;
  const read = await readSources({
    projectDir,
    files: plan.files,
    ...(managed ? { managed } : {}),
    plugins: options.plugins ?? [],
    machineWide: options.user === true,
    // --settings names the only inputs: no skills then.
    skills: { user: options.user === true && !options.settings?.length, project: !options.user && !options.settings?.length },
    env,
  });
  const agents = readAgentInputs(options, projectDir, env);
  return {
    projectDir,
    plan,
    settings: read.texts,
    version: packageVersion(),
    runtime: runtimeBundle(),
    claudeRuntime: runtimeBundle("claude"),
    sh: systemShell(),
    strict: options.strict === true,
    ...(options.permissions ? { permissions: true } : {}),
    notes: [...(read.notes ?? []), ...agents.notes],
    ...(Object.keys(agents.agents).length > 0 ? { agents: agents.agents } : {}),
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
