// `hooks2opencode convert`: the shared pipeline (build-plugin.ts), then the report and the writes.
// The plugin is written atomically and only when it changes; a file hooks2opencode did not write, or
// one edited by hand, is never replaced without --force, and a dry run says so too (same exit code).
// Settings with no hooks write no plugin (and remove our own earlier one). settings.local.json is
// one person's, usually git-ignored: its hooks never go into the committed plugin but into a
// git-ignored data file the plugin reads at start-up (write-local-hooks.ts, plugin/local-hooks.ts).
import { rm } from "node:fs/promises";
import type { Diagnostic } from "../schema/diagnostics.js";
import { type BuildOptions, buildOutputs } from "./build-plugin.js";
import type { ReportRow } from "./classify.js";
import { EXIT, ExitError } from "./errors.js";
import { counts, formatDiagnosticLine, formatReport, reportRowsJson } from "./format-report.js";
import { parseHeader } from "./generated-header.js";
import { packageVersion } from "./package-info.js";
import { styleFor } from "./terminal.js";
import { isTrackable, writeLocalHooks } from "./write-local-hooks.js";
import { display, readIfExists, writeOrExplain } from "./write-output.js";

export interface ConvertOptions extends BuildOptions {
  dryRun?: boolean;
  force?: boolean;
  /** One JSON document on stdout instead of the text report. */
  json?: boolean;
  /** Print only problems: warnings, errors, hooks that are not translated as they are. */
  quiet?: boolean;
  /** false: never colour; true: always; undefined: on a terminal unless NO_COLOR. */
  color?: boolean;
  print?: (text: string) => void;
  printError?: (text: string) => void;
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
  const print = options.print ?? ((text) => process.stdout.write(text));
  const printError = options.printError ?? ((text) => process.stderr.write(text));
  const style = styleFor(options.json ? {} : process.stdout, process.env, options.color);
  const build = await buildOutputs(options);
  const { projectDir, plan, rows } = build;
  const output = display(projectDir, plan.pluginFile);
  const messages: string[] = [];
  const say = (text: string) => (options.json ? messages.push(text) : print(`${text}\n`));
  const finish = (result: ConvertResultKind, exitCode: number, written = false): ConvertResult => {
    if (options.json) print(`${JSON.stringify(jsonDocument(build.inputs, output, result, exitCode, rows, build.diagnostics, messages), null, 2)}\n`);
    return { exitCode, result, rows, pluginPath: plan.pluginFile, written };
  };

  if (!options.json) {
    for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
    if (!options.quiet) print(`hooks2opencode: ${build.inputs.join(" + ") || "no settings"} -> ${output}\n`);
    print(formatReport(rows, { style, quiet: options.quiet === true }));
  }
  if (build.pluginText === undefined) {
    (options.json ? say : printError)(`Settings have errors${options.json ? "" : " (listed above)"}; nothing was written. Fix them and run convert again.${options.json ? "" : "\n"}`);
    return finish("invalid", EXIT.invalidSettings);
  }
  const existing = await readIfExists(plan.pluginFile);
  if (build.hooks === 0) return finish(...(await noHooks(existing, plan.pluginFile, output, options.dryRun === true, say)));

  const refusal = options.force ? undefined : ownership(existing, output);
  if (refusal) {
    if (!options.dryRun && !options.json) throw new ExitError(refusal, EXIT.refused);
    say(options.dryRun ? `Dry run: would refuse: ${refusal}` : refusal);
    return finish("refused", EXIT.refused);
  }
  const unchanged = existing?.replace(/\r\n/g, "\n") === build.pluginText;
  if (options.dryRun) {
    say(unchanged ? `Dry run: ${output} is up to date; nothing to write.` : `Dry run: would write ${output} (${build.pluginText.length} bytes).`);
    return finish("dry-run", EXIT.ok);
  }
  if (unchanged) say(`Unchanged ${output}.`);
  else {
    await writeOrExplain(plan.pluginFile, build.pluginText, projectDir);
    say(`Wrote ${output}.`);
    if (existing === undefined && !options.quiet) say(firstRunHint(output));
  }
  if (plan.localFile) {
    const local = display(projectDir, plan.localFile);
    const written = await writeLocalHooks(plan.localFile, build.localHooks, projectDir);
    if (written === "written") say(`Wrote ${local} (local hooks, read by the plugin at start-up).`);
    if ((written === "written" || written === "unchanged") && (await isTrackable(projectDir, plan.localFile))) {
      say(`warning: ${local} is not git-ignored; add it to .gitignore so one person's hooks are not committed.`);
    }
  }
  return finish(unchanged ? "unchanged" : "written", EXIT.ok, !unchanged);
}

/** Why an existing file must not be replaced: not ours, or edited by hand since we wrote it. */
function ownership(existing: string | undefined, output: string): string | undefined {
  if (existing === undefined) return undefined;
  const header = parseHeader(existing);
  if (!header) return `${output} exists and was not written by hooks2opencode; not overwriting it (use --force to replace it)`;
  if (!header.intact) return `${output} was edited by hand since hooks2opencode wrote it; not overwriting it (use --force to discard the edits)`;
  return undefined;
}

/** No hooks to replay: no 400 KB plugin for nothing; our own earlier one goes, if nobody edited it. */
async function noHooks(existing: string | undefined, file: string, output: string, dryRun: boolean, say: (text: string) => void): Promise<[ConvertResultKind, number]> {
  say("No hooks in the settings: nothing to convert.");
  const header = existing === undefined ? undefined : parseHeader(existing);
  if (!header?.intact) {
    if (existing !== undefined) say(`${output} is left as it is (${header ? "edited by hand" : "not written by hooks2opencode"}).`);
    return ["no-hooks", EXIT.ok];
  }
  if (dryRun) {
    say(`Dry run: would remove ${output}, which hooks2opencode wrote for hooks that are gone.`);
    return ["dry-run", EXIT.ok];
  }
  await rm(file, { force: true });
  say(`Removed ${output}: the hooks it replayed are gone.`);
  return ["removed", EXIT.ok];
}

/** Printed once, when the plugin is first written: keep other tools from rewriting it. */
function firstRunHint(output: string): string {
  return [
    `hint: ${output} is generated. Commit it; list it in .prettierignore (and any other formatter's ignore file) so it`,
    `      is not reformatted, which check would report as an edit; and mark it \`linguist-generated\` in .gitattributes.`,
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
