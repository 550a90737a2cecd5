// The pure step of a conversion: from what read-inputs.ts read, the plugin text, its runtime module
// and the local hooks data (validate → merge → classify → render). No I/O, so it is tested in
// memory; convert and check are its two sinks (they write, or compare with what is written).
import path from "node:path";
import { hasErrors, type Diagnostic } from "../../schema/diagnostics.js";
import { type SettingsText, validateSettingsTexts } from "../../schema/load-settings.js";
import { mergeSources } from "../../schema/merge-sources.js";
import { insideProject } from "../../schema/paths.js";
import type { IgnoredHook } from "../../schema/types.js";
import type { PluginConfig, SettingsHash } from "../../plugin/config.js";
import { driftHash } from "../../plugin/settings-drift.js";
import { httpPolicy, managedSwitches } from "../../plugin/load/switches.js";
import { classify, type ReportRow, withDisableAllHooks, withHttpPolicy } from "../../plugin/load/classify.js";
import { carryPermissions, type PermissionRow } from "../../plugin/load/carry-permissions.js";
import { readPermissions } from "../../schema/permissions/read-permissions.js";
import { carriedScalars } from "../../schema/permissions/scalars.js";
import { agentHooks } from "./agent-inputs.js";
import { display } from "../write/write-output.js";
import type { BuildOptions, Plan } from "./plan.js";
import { type BuildInputs, readBuildInputs } from "./read-inputs.js";
import { renderLocalHooks, renderPlugin, renderRuntime } from "./render-plugin.js";

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
  /** Claude's permission settings: how each carries over (--permissions), or how many are left behind. */
  permissions: { carried: boolean; rows: PermissionRow[]; rules: number };
}

export async function buildOutputs(options: BuildOptions): Promise<Build> {
  return buildPlugin(await readBuildInputs(options));
}

/** Pure: the outputs of one conversion, from what readBuildInputs read. */
export function buildPlugin(inputs: BuildInputs): Build {
  const { projectDir, plan, version } = inputs;
  const loaded = validateSettingsTexts(inputs.settings, inputs.sh);
  // Read whether carried or not: without --permissions the report says, once, that they stay behind.
  const permissions = readPermissions(inputs.settings);
  // Other agents' hooks ride along, each with its agent's contract (plugin/dialects/); Claude's are read as before.
  const agents = agentHooks(inputs.agents ?? {});
  const agentTexts = agents.texts;
  const found = [...loaded.diagnostics, ...(inputs.notes ?? []), ...agents.diagnostics, ...(inputs.permissions ? permissions.diagnostics : [])];
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
    hooks: loaded.sources.reduce((count, source) => count + source.entries.length, 0) + agents.hooks,
    inputs: [...loaded.texts.map((text) => text.display), ...agentTexts.map((text) => text.display)],
    diagnostics,
    ignored: loaded.sources.flatMap((source) => source.ignored ?? []),
    rows: [
      ...withHttpPolicy([...withDisableAllHooks(main.rows, effective), ...withDisableAllHooks(localResult?.rows ?? [], effective)], effective),
      ...agents.rows,
    ],
    permissions: { carried: inputs.permissions === true, rows: [], rules: permissions.permissions.rules.length },
  };
  // The committed plugin carries the shared files' rules; the local hooks file this machine's.
  const sharedRules = inputs.permissions ? permissions.permissions.rules.filter((rule) => !rule.perMachine) : [];
  const localRules = inputs.permissions && plan.localFile ? permissions.permissions.rules.filter((rule) => rule.perMachine) : [];
  const sharedScalars = inputs.permissions ? carriedScalars(permissions.permissions, false) : undefined;
  const localScalars = inputs.permissions && plan.localFile ? carriedScalars(permissions.permissions, true) : undefined;
  if (inputs.permissions) build.permissions.rows = carryPermissions(permissions.permissions, new Set([...sharedRules, ...localRules]));
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
    handlers: [...main.handlers, ...agents.handlers],
    ...httpPolicy(sharedMerged),
    ...(sharedRules.length > 0 ? { permissions: sharedRules } : {}),
    ...(sharedScalars ? { permissionScalars: sharedScalars } : {}),
    regenerate: plan.command,
    settings: [...hashes(false), ...agentTexts.map((text) => ({ file: text.display, sha256: driftHash(text.display, text.text) }))],
  };
  build.config = config;
  // A project pays for other agents' dialects only when it has their hooks (a third of the runtime).
  const runtime = agents.handlers.length > 0 || !inputs.claudeRuntime ? inputs.runtime : inputs.claudeRuntime;
  build.runtimeText = renderRuntime({ version, runtime, command: plan.command });
  build.pluginText = renderPlugin({
    config,
    version,
    rows: main.rows,
    runtimeFile: path.basename(plan.runtimeFile),
    runtime,
    sources: [...shared.map((source) => source.file), ...agentTexts.map((text) => text.display)],
    texts: [...loaded.texts.filter((text) => shared.some((source) => source.file === text.display)), ...agentTexts],
    command: plan.command,
    ...(plan.flags ? { flags: plan.flags } : {}),
  });
  if (localResult && (local.length > 0 || localRules.length > 0 || localScalars)) {
    const disable = localMerged.disableAllHooks?.value;
    build.localConfig = {
      generator,
      ...(disable !== undefined ? { disableAllHooks: disable } : {}),
      ...managedSwitches(localMerged),
      handlers: localResult.handlers,
      ...httpPolicy(localMerged),
      ...(localRules.length > 0 ? { permissions: localRules } : {}),
      ...(localScalars ? { permissionScalars: localScalars } : {}),
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
