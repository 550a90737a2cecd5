// `hooks2opencode check`: the CI gate. Same pipeline as convert, but it compares the plugin it
// would write with the one on disk instead of writing: exit 0 up to date, 1 on drift (missing,
// stale, edited or reformatted, not ours: one line each), 2 when it could not check (settings it
// cannot read, or any warning under --strict). The last line names the command that fixes it.
// The git-ignored local hooks file is not checked.
import { type BuildOptions, buildOutputs } from "./build-plugin.js";
import { EXIT } from "./errors.js";
import { formatDiagnosticLine } from "./format-report.js";
import { parseHeader } from "./generated-header.js";
import { packageVersion } from "./package-info.js";
import { styleFor } from "./terminal.js";
import { display, readIfExists } from "./write-output.js";

export type CheckState = "up to date" | "missing" | "stale" | "edited" | "reformatted" | "not generated";

export interface CheckOptions extends BuildOptions {
  json?: boolean;
  color?: boolean;
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
  const style = styleFor(options.json ? {} : process.stdout, process.env, options.color);
  const build = await buildOutputs(options);
  const report = (exitCode: number, files: Array<{ file: string; state: CheckState; why: string; fix: string | null }>) => {
    if (options.json) print(`${JSON.stringify({ version: packageVersion(), exitCode, files, diagnostics: build.diagnostics }, null, 2)}\n`);
    const first = files.find((entry) => entry.state !== "up to date") ?? files[0];
    return { exitCode, ...(first ? { state: first.state } : {}) };
  };
  if (!options.json) for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
  if (build.pluginText === undefined) {
    if (!options.json) printError("Cannot check: the settings have errors (listed above).\n");
    return report(EXIT.invalidSettings, []);
  }
  const targets = [
    { file: build.plan.pluginFile, expected: build.pluginText },
    { file: build.plan.runtimeFile, expected: build.runtimeText! },
  ];
  const files = await Promise.all(
    targets.map(async ({ file, expected }) => {
      const actual = await readIfExists(file);
      const { state, why } = build.hooks === 0 ? noHooksState(actual) : compare(expected, actual);
      const fix =
        state === "up to date"
          ? null
          : state === "edited" || state === "reformatted" || state === "not generated"
            ? `${build.plan.command} --force`
            : build.plan.command;
      return { file: display(build.projectDir, file), state, why, fix };
    }),
  );
  // A runtime nobody imports, with no plugin and no hooks, is still up to date.
  const drift = files.filter((entry) => entry.state !== "up to date");
  if (!options.json) {
    for (const entry of files)
      print(`${entry.state === "up to date" ? style.green(entry.state) : style.red(entry.state)}: ${entry.file}${entry.why ? ` (${entry.why})` : ""}\n`);
    const worst = drift.find((entry) => entry.fix?.endsWith("--force")) ?? drift[0];
    if (worst) {
      const action =
        worst.state === "edited"
          ? "discard the hand edits and regenerate it"
          : worst.state === "reformatted"
            ? "discard the reformatting and regenerate it"
            : "regenerate it";
      print(`Run \`${worst.fix}\` to ${action}.\n`);
    }
  }
  return report(drift.length === 0 ? EXIT.ok : EXIT.refused, files);
}

/** Pure: what the file on disk is, compared with what convert would write now. */
export function compare(expected: string, actual: string | undefined): { state: CheckState; why: string } {
  if (actual === undefined) return { state: "missing", why: "convert has not written it" };
  const header = parseHeader(actual);
  if (!header) return { state: "not generated", why: "it has no hooks2opencode header" };
  if (!header.intact) {
    // A formatter rewrote it (same code, other whitespace and quotes): say so, it is not a hand edit.
    return sameTokens(actual, expected)
      ? { state: "reformatted", why: "a formatter rewrote it; add it to the formatter's ignore file (.prettierignore)" }
      : { state: "edited", why: "it was changed by hand after convert wrote it" };
  }
  if (actual.replace(/\r\n/g, "\n") === expected) return { state: "up to date", why: "" };
  const inputsChanged = header.inputsHash !== parseHeader(expected)?.inputsHash;
  return { state: "stale", why: inputsChanged ? "the settings or hooks2opencode changed since it was generated" : "it differs from what convert writes now" };
}

/** With no hooks, up to date means no plugin; an unedited plugin of ours left behind is stale. */
function noHooksState(actual: string | undefined): { state: CheckState; why: string } {
  if (actual === undefined) return { state: "up to date", why: "no hooks, no plugin" };
  const header = parseHeader(actual);
  if (!header) return { state: "up to date", why: "no hooks; the file there was not written by hooks2opencode" };
  return { state: "stale", why: "the settings have no hooks any more; convert removes it" };
}

/** Equal apart from whitespace, quote style, semicolons and trailing commas: what prettier changes. */
function sameTokens(a: string, b: string): boolean {
  const normalize = (text: string) =>
    text
      .split("\n")
      .slice(5)
      .join("\n")
      .replace(/["'`]/g, '"')
      .replace(/[\s;,]+/g, "");
  return normalize(a) === normalize(b);
}
