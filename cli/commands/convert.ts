// `hooks2opencode convert`: the shared pipeline (build-plugin.ts), then the report and the writes.
// The plugin is written atomically and only when it changes; a file hooks2opencode did not write, or
// one edited by hand, is never replaced without --force, and a dry run says so too (same exit code).
// Settings with no hooks write no plugin (and remove our own earlier one). settings.local.json is
// one person's, usually git-ignored: its hooks never go into the committed plugin but into a
// git-ignored data file the plugin reads at start-up (write-local-hooks.ts, plugin/local-hooks.ts).
import { rm } from "node:fs/promises";
import type { Diagnostic } from "../../schema/diagnostics.js";
import { buildOutputs } from "../build/build-plugin.js";
import type { BuildOptions } from "../build/plan.js";
import type { ReportRow } from "../../plugin/load/classify.js";
import type { PluginConfig } from "../../plugin/config.js";
import { EXIT, ExitError } from "../errors.js";
import { counts, formatDiagnosticLine, formatReport, reportRowsJson } from "../format-report.js";
import { formatPermissions, notCarriedLine } from "../permissions-report.js";
import { parseHeader } from "../build/generated-header.js";
import { hasNoSettings, noSettingsError } from "../build/no-settings.js";
import { ownershipOf } from "../write/ownership.js";
import { packageVersion } from "../package-info.js";
import { droppedMessage, inputWords, usedMessage } from "../build/recorded-flags.js";
import { type OutputOptions, outputFor } from "../terminal.js";
import { twinPlugins, twinWarning } from "../write/twin-plugins.js";
import { isTrackable, localHooksChange, writeLocalHooks } from "../write/write-local-hooks.js";
import { display, readIfExists, writeOrExplain } from "../write/write-output.js";

export interface ConvertOptions extends BuildOptions, OutputOptions {
  dryRun?: boolean;
  force?: boolean;
  /** Print only problems: warnings, errors, hooks that are not translated as they are. */
  quiet?: boolean;
}

export type ConvertResultKind = "written" | "unchanged" | "dry-run" | "refused" | "invalid" | "no-hooks" | "removed";

export interface ConvertResult {
  exitCode: number;
  result: ConvertResultKind;
  rows: ReportRow[];
  pluginPath: string;
  written: boolean;
}

export async function convert(options: ConvertOptions = {}): Promise<ConvertResult> {
  const { print, printError, style } = outputFor(options);
  const build = await buildOutputs(options);
  const { projectDir, plan, rows } = build;
  const output = display(projectDir, plan.pluginFile);
  const noSettings = hasNoSettings(build);
  // No settings and nothing of ours to clean up: the user pointed convert at the wrong place.
  if (noSettings && !(await ownFilesExist([plan.pluginFile, plan.runtimeFile, ...(plan.localFile ? [plan.localFile] : [])]))) {
    throw noSettingsError(build, options);
  }
  const messages: string[] = [];
  const say = (text: string) => (options.json ? messages.push(text) : print(`${text}\n`));
  const finish = (result: ConvertResultKind, exitCode: number, written = false): ConvertResult => {
    if (options.json) {
      const document = jsonDocument(build.inputs, output, result, exitCode, rows, build.diagnostics, messages);
      print(`${JSON.stringify(build.permissions.carried ? { ...document, permissions: build.permissions.rows } : document, null, 2)}\n`);
    }
    return { exitCode, result, rows, pluginPath: plan.pluginFile, written };
  };

  if (!options.json) {
    for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
    if (!options.quiet) print(`hooks2opencode: ${build.inputs.join(" + ") || "no settings"} -> ${output}\n`);
    if (!options.quiet) for (const input of plan.recorded?.used ?? []) print(`${usedMessage(input)}\n`);
    // Settings it cannot read have no report: "No hooks found" would say the file is empty.
    if ((build.pluginText !== undefined && !noSettings) || rows.length > 0) print(formatReport(rows, { style, quiet: options.quiet === true }));
    print(formatPermissions(build.permissions, style, options.quiet === true));
  } else if (!build.permissions.carried && build.permissions.rules > 0) messages.push(notCarriedLine(build.permissions.rules));
  if (build.pluginText === undefined) {
    (options.json ? say : printError)(
      `Settings have errors${options.json ? "" : " (listed above)"}; nothing was written. Fix them and run convert again.${options.json ? "" : "\n"}`,
    );
    return finish("invalid", EXIT.invalidSettings);
  }
  if (options.json) for (const input of plan.recorded?.used ?? []) say(usedMessage(input));
  // Flags given again that leave a recorded input out would remove the hooks it brought in: only with --force.
  const dropped = plan.recorded?.dropped ?? [];
  if (dropped.length > 0 && !options.force) {
    const refusal = `${droppedMessage(dropped)}; nothing was written`;
    if (!options.dryRun && !options.json) throw new ExitError(refusal, EXIT.refused);
    say(options.dryRun ? `Dry run: would refuse: ${refusal}` : refusal);
    return finish("refused", EXIT.refused);
  }
  for (const input of [...dropped, ...(plan.recorded?.gone ?? [])]) {
    const why = dropped.includes(input) ? "left out by the flags given" : "no such file or folder any more";
    say(`Dropping ${inputWords(input)}, recorded in ${input.from} (${why}; --force): the hooks it brought in are removed.`);
  }
  const files = [
    { file: plan.pluginFile, text: build.pluginText, existing: await readIfExists(plan.pluginFile) },
    { file: plan.runtimeFile, text: build.runtimeText!, existing: await readIfExists(plan.runtimeFile) },
  ];
  const carries = (config?: PluginConfig) => Boolean(config?.permissions || config?.permissionScalars);
  if (build.hooks === 0 && !carries(build.config) && !carries(build.localConfig)) {
    say(noSettings ? `No Claude Code settings any more: nothing to convert.` : "No hooks in the settings: nothing to convert.");
    const removed = await removeOwnFiles(files, projectDir, options.dryRun === true, say);
    // The local hooks file is ours alone (git-ignored, never edited on purpose): it goes with the settings.
    if (plan.localFile && ownershipOf((await readIfExists(plan.localFile)) ?? "").ours) {
      const local = display(projectDir, plan.localFile);
      if (options.dryRun) say(`Dry run: would remove ${local}.`);
      else if ((await writeLocalHooks(plan.localFile, undefined, projectDir)) === "removed") say(`Removed ${local}.`);
    }
    return finish(...removed);
  }

  const refusal = options.force ? undefined : files.map(({ file, existing }) => refusalFor(existing, display(projectDir, file))).find(Boolean);
  if (refusal) {
    if (!options.dryRun && !options.json) throw new ExitError(refusal, EXIT.refused);
    say(options.dryRun ? `Dry run: would refuse: ${refusal}` : refusal);
    return finish("refused", EXIT.refused);
  }
  const changed = files.filter(({ text, existing }) => existing?.replace(/\r\n/g, "\n") !== text);
  const names = changed.map(({ file, text }) => `${display(projectDir, file)}${options.dryRun ? ` (${Buffer.byteLength(text)} bytes)` : ""}`).join(" and ");
  // Two generated plugins of the same settings (an earlier --out) would run every hook twice.
  for (const twin of twinPlugins(projectDir, plan.pluginFile, build.pluginText)) say(twinWarning(display(projectDir, twin), output));
  if (options.dryRun) {
    // The local hooks file holds settings.local.json's hooks (and plugins installed outside the
    // project): a dry run that left it out would say nothing of them.
    const local = plan.localFile ? localHooksChange(build.localHooksText, await readIfExists(plan.localFile)) : "none";
    const localName = plan.localFile ? display(projectDir, plan.localFile) : "";
    if (changed.length === 0 && local !== "written" && local !== "removed") say(`Dry run: ${output} is up to date; nothing to write.`);
    if (changed.length > 0) say(`Dry run: would write ${names}.`);
    if (local === "written")
      say(`Dry run: would write ${localName} (${Buffer.byteLength(build.localHooksText!)} bytes; local hooks, read by the plugin at start-up).`);
    if (local === "removed") say(`Dry run: would remove ${localName}: no local hooks any more.`);
    return finish("dry-run", EXIT.ok);
  }
  // The runtime first: the plugin never imports a module that is not there yet.
  const written: string[] = [];
  for (const { file, text } of [...changed].reverse()) {
    await writeOrExplain(file, text, projectDir, written);
    written.push(display(projectDir, file));
  }
  // --quiet prints problems only: a successful write is none (the exit code says it).
  const done = (text: string) => (options.quiet && !options.json ? undefined : say(text));
  done(changed.length === 0 ? `Unchanged ${output}.` : `Wrote ${names}.`);
  if (files[0]!.existing === undefined && !options.quiet) say(firstRunHint(files.map(({ file }) => display(projectDir, file))));
  if (plan.localFile) {
    const local = display(projectDir, plan.localFile);
    const state = await writeLocalHooks(plan.localFile, build.localHooksText, projectDir, written);
    if (state === "written") done(`Wrote ${local} (local hooks, read by the plugin at start-up).`);
    if (state === "removed") done(`Removed ${local}: no local hooks any more.`);
    // A changed local hooks file is a change of this run: --json must not say "unchanged".
    if (state === "written" || state === "removed") written.push(local);
    if ((state === "written" || state === "unchanged") && (await isTrackable(projectDir, plan.localFile))) {
      say(`warning: ${local} is not git-ignored; add it to .gitignore so one person's hooks are not committed.`);
    }
  }
  return finish(written.length === 0 ? "unchanged" : "written", EXIT.ok, written.length > 0);
}

/** Why an existing file must not be replaced: not ours, or edited by hand since we wrote it. */
function refusalFor(existing: string | undefined, output: string): string | undefined {
  if (existing === undefined) return undefined;
  const header = parseHeader(existing);
  if (!header) return `${output} exists and was not written by hooks2opencode; not overwriting it (use --force to replace it)`;
  if (!header.intact) return `${output} was edited by hand since hooks2opencode wrote it; not overwriting it (use --force to discard the edits)`;
  return undefined;
}

/** Whether any of these files is one hooks2opencode wrote (edited or not). */
async function ownFilesExist(files: readonly string[]): Promise<boolean> {
  for (const file of files) {
    const text = await readIfExists(file);
    if (text !== undefined && ownershipOf(text).ours) return true;
  }
  return false;
}

/** No hooks to replay: no plugin for nothing; our own earlier files go, if nobody edited them. */
async function removeOwnFiles(
  files: ReadonlyArray<{ file: string; existing: string | undefined }>,
  projectDir: string,
  dryRun: boolean,
  say: (text: string) => void,
): Promise<[ConvertResultKind, number]> {
  const ours = files.filter(({ existing }) => existing !== undefined && ownershipOf(existing).intact);
  for (const { file, existing } of files) {
    if (existing !== undefined && !ours.some((own) => own.file === file)) {
      say(`${display(projectDir, file)} is left as it is (${ownershipOf(existing).ours ? "edited by hand" : "not written by hooks2opencode"}).`);
    }
  }
  if (ours.length === 0) return ["no-hooks", EXIT.ok];
  const names = ours.map(({ file }) => display(projectDir, file)).join(" and ");
  if (dryRun) {
    say(`Dry run: would remove ${names}, which hooks2opencode wrote for hooks that are gone.`);
    return ["dry-run", EXIT.ok];
  }
  for (const { file } of ours) await rm(file, { force: true });
  say(`Removed ${names}: the hooks they replayed are gone.`);
  return ["removed", EXIT.ok];
}

/** Printed once, when the plugin is first written: keep other tools from rewriting it. */
function firstRunHint([plugin, runtime]: string[]): string {
  return [
    `hint: ${plugin} and ${runtime} are generated. Commit both; list them in .prettierignore (and any other`,
    `      formatter's ignore file) so they are not reformatted, which check would report as an edit; and mark them`,
    `      \`linguist-generated\` in .gitattributes.`,
  ].join("\n");
}

function jsonDocument(
  inputs: readonly string[],
  output: string,
  result: ConvertResultKind,
  exitCode: number,
  rows: readonly ReportRow[],
  diagnostics: readonly Diagnostic[],
  messages: readonly string[],
): object {
  return { version: packageVersion(), inputs, output, result, exitCode, counts: counts(rows), hooks: reportRowsJson(rows), diagnostics, messages };
}
