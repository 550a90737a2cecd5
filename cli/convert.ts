// `hooks2opencode convert`: the shared pipeline (build-plugin.ts), then the report and the writes.
// The plugin is written atomically, and a file hooks2opencode did not write, or one edited by hand,
// is never replaced without --force. settings.local.json is one person's, usually git-ignored: its
// hooks never go into the committed plugin but into a git-ignored data file the plugin reads at
// start-up (write-local-hooks.ts, plugin/local-hooks.ts).
import { formatDiagnostic } from "../schema/diagnostics.js";
import { type BuildOptions, buildOutputs } from "./build-plugin.js";
import type { ReportRow } from "./classify.js";
import { EXIT, ExitError } from "./errors.js";
import { formatReport } from "./format-report.js";
import { parseHeader } from "./generated-header.js";
import { isTrackable, writeLocalHooks } from "./write-local-hooks.js";
import { display, readIfExists, writeOrExplain } from "./write-output.js";

export interface ConvertOptions extends BuildOptions {
  dryRun?: boolean;
  force?: boolean;
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
  const print = options.print ?? ((text) => process.stdout.write(text));
  const printError = options.printError ?? ((text) => process.stderr.write(text));
  const build = await buildOutputs(options);
  const { projectDir, plan, rows } = build;
  for (const diagnostic of build.diagnostics) printError(`${formatDiagnostic(diagnostic)}\n`);
  print(`hooks2opencode: ${build.inputs.join(" + ") || "no settings"} -> ${display(projectDir, plan.pluginFile)}\n`);
  print(formatReport(rows));

  const result: ConvertResult = { exitCode: EXIT.ok, rows, pluginPath: plan.pluginFile, written: false };
  if (build.pluginText === undefined) {
    printError("Settings have errors (listed above); nothing was written. Fix them and run convert again.\n");
    return { ...result, exitCode: EXIT.invalidSettings };
  }
  if (options.dryRun) {
    print(`Dry run: would write ${display(projectDir, plan.pluginFile)} (${build.pluginText.length} bytes).\n`);
    return result;
  }
  await guardOwnership(plan.pluginFile, options.force === true, projectDir);
  await writeOrExplain(plan.pluginFile, build.pluginText, projectDir);
  print(`Wrote ${display(projectDir, plan.pluginFile)}.\n`);
  if (plan.localFile) {
    const written = await writeLocalHooks(plan.localFile, build.localHooks, projectDir);
    if (written) print(`Wrote ${display(projectDir, plan.localFile)} (local hooks, read by the plugin at start-up).\n`);
    if (written && (await isTrackable(projectDir, plan.localFile))) {
      print(`warning: ${display(projectDir, plan.localFile)} is not git-ignored; add it to .gitignore so one person's hooks are not committed.\n`);
    }
  }
  return { ...result, written: true };
}

async function guardOwnership(file: string, force: boolean, projectDir: string): Promise<void> {
  const existing = force ? undefined : await readIfExists(file);
  if (existing === undefined) return;
  const header = parseHeader(existing);
  if (!header) {
    throw new ExitError(`${display(projectDir, file)} exists and was not written by hooks2opencode; not overwriting it (use --force to replace it)`, EXIT.refused);
  }
  if (!header.intact) {
    throw new ExitError(`${display(projectDir, file)} was edited by hand since hooks2opencode wrote it; not overwriting it (use --force to discard the edits)`, EXIT.refused);
  }
}
