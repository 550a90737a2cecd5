// `hooks2opencode check`: the CI gate. Same pipeline as convert, but it compares the plugin it
// would write with the one on disk instead of writing: exit 0 up to date, 1 on drift (missing,
// stale, edited by hand, or not ours: one line), 2 when it could not check (invalid settings).
// The last line names the command that fixes it. The git-ignored local hooks file is not checked.
import { formatDiagnostic } from "../schema/diagnostics.js";
import { type BuildOptions, buildOutputs } from "./build-plugin.js";
import { EXIT } from "./errors.js";
import { parseHeader } from "./generated-header.js";
import { display, readIfExists } from "./write-output.js";

export type CheckState = "up to date" | "missing" | "stale" | "edited" | "not generated";

export interface CheckOptions extends BuildOptions {
  print?: (text: string) => void;
  printError?: (text: string) => void;
}

export interface CheckResult {
  exitCode: number;
  state?: CheckState;
}

export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const print = options.print ?? ((text) => process.stdout.write(text));
  const printError = options.printError ?? ((text) => process.stderr.write(text));
  const build = await buildOutputs(options);
  for (const diagnostic of build.diagnostics) printError(`${formatDiagnostic(diagnostic)}\n`);
  if (build.pluginText === undefined) {
    printError("Cannot check: the settings have errors (listed above).\n");
    return { exitCode: EXIT.invalidSettings };
  }
  const file = display(build.projectDir, build.plan.pluginFile);
  const { state, why } = compare(build.pluginText, await readIfExists(build.plan.pluginFile));
  if (state === "up to date") {
    print(`up to date: ${file}\n`);
    return { exitCode: EXIT.ok, state };
  }
  print(`${state}: ${file} (${why})\n`);
  const fix = state === "edited" || state === "not generated" ? `${build.plan.command} --force` : build.plan.command;
  print(`Run \`${fix}\` to ${state === "edited" ? "discard the hand edits and regenerate it" : "regenerate it"}.\n`);
  return { exitCode: EXIT.refused, state };
}

/** Pure: what the file on disk is, compared with what convert would write now. */
export function compare(expected: string, actual: string | undefined): { state: CheckState; why: string } {
  if (actual === undefined) return { state: "missing", why: "convert has not written it" };
  const header = parseHeader(actual);
  if (!header) return { state: "not generated", why: "it has no hooks2opencode header" };
  if (!header.intact) return { state: "edited", why: "it was changed by hand after convert wrote it" };
  if (actual.replace(/\r\n/g, "\n") === expected) return { state: "up to date", why: "" };
  const inputsChanged = header.inputsHash !== parseHeader(expected)?.inputsHash;
  return { state: "stale", why: inputsChanged ? "the settings or hooks2opencode changed since it was generated" : "it differs from what convert writes now" };
}
