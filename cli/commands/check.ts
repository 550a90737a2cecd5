// `hooks2opencode check`: the CI gate. Same pipeline as convert, but it compares the plugin it
// would write with the one on disk instead of writing: exit 0 up to date, 1 on drift (missing,
// stale, edited or reformatted, not ours: one line each), 2 when it could not check (settings it
// cannot read, or any warning under --strict). The last line names the command that fixes it.
// The git-ignored local hooks file is checked too where this machine has one (or has
// settings.local.json); in CI, where neither exists, it is not.
import { buildOutputs } from "../build/build-plugin.js";
import type { BuildOptions } from "../build/plan.js";
import { EXIT } from "../errors.js";
import { formatDiagnosticLine } from "../format-report.js";
import { bodyLines, parseHeader } from "../build/generated-header.js";
import { noSettingsError } from "../build/no-settings.js";
import { ownershipOf } from "../write/ownership.js";
import { packageVersion } from "../package-info.js";
import { droppedMessage, keepWords, usedMessage } from "../build/recorded-flags.js";
import { type OutputOptions, outputFor } from "../terminal.js";
import { twinPlugins } from "../write/twin-plugins.js";
import { display, readIfExists } from "../write/write-output.js";
import { staleReason } from "./stale-reason.js";

export type CheckState = "up to date" | "missing" | "stale" | "edited" | "reformatted" | "not generated" | "orphaned" | "duplicate";

interface FileCheck {
  file: string;
  state: CheckState;
  why: string;
  fix: string | null;
  /** With --diff: what convert would change ("" when nothing). */
  diff?: string;
}

export interface CheckOptions extends BuildOptions, OutputOptions {
  /** Also print (or, with --json, include) a unified diff of what convert would change. */
  diff?: boolean;
}

export interface CheckResult {
  exitCode: number;
  state?: CheckState;
}

export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const { print, printError, style } = outputFor(options);
  // jsdiff is loaded for --diff only.
  const fileDiff = options.diff ? (await import("../write/file-diff.js")).fileDiff : () => "";
  const build = await buildOutputs(options);
  const report = (exitCode: number, files: FileCheck[]) => {
    if (options.json) print(`${JSON.stringify({ version: packageVersion(), exitCode, files, diagnostics: build.diagnostics }, null, 2)}\n`);
    const first = files.find((entry) => entry.state !== "up to date") ?? files[0];
    return { exitCode, ...(first ? { state: first.state } : {}) };
  };
  if (!options.json) for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
  if (build.pluginText === undefined) {
    if (!options.json) printError("Cannot check: the settings have errors (listed above).\n");
    return report(EXIT.invalidSettings, []);
  }
  const { plan, projectDir } = build;
  // The fix keeps every input recorded or given (the local hooks file's too), even those the flags given leave out.
  const dropped = plan.recorded?.dropped ?? [];
  const command = [plan.rerun ?? plan.command, ...keepWords(dropped)].join(" ");
  const noSettings = build.inputs.length === 0;
  // As convert: a plugin that carries only permission rules (convert --permissions) is written, so it is checked.
  const nothingToCarry = build.hooks === 0 && !build.config?.permissions && !build.localConfig?.permissions;
  const targets = [
    { file: plan.pluginFile, expected: build.pluginText },
    { file: plan.runtimeFile, expected: build.runtimeText! },
  ];
  const files: FileCheck[] = await Promise.all(
    targets.map(async ({ file, expected }) => {
      const actual = await readIfExists(file);
      const { state, why } = nothingToCarry ? noHooksState(actual, noSettings) : staleNamed(compare(expected, actual), expected, actual);
      const fix = state === "up to date" ? null : state === "edited" || state === "reformatted" || state === "not generated" ? `${command} --force` : command;
      const shown = display(projectDir, file);
      const after = state === "orphaned" ? undefined : nothingToCarry ? actual : expected;
      return { file: shown, state, why, fix, ...(options.diff ? { diff: fileDiff(shown, actual, after) } : {}) };
    }),
  );
  if (noSettings && files.every((entry) => entry.state === "up to date")) throw noSettingsError(build, options);
  if (plan.localFile) {
    const actual = await readIfExists(plan.localFile);
    const found = localState(build.localHooksText, actual);
    const local =
      found && build.localHooksText !== undefined && actual !== undefined
        ? staleNamed(found, build.localHooksText, actual, "local hooks of this machine; ")
        : found;
    const shown = display(projectDir, plan.localFile);
    const diff = options.diff ? { diff: fileDiff(shown, actual, build.localHooksText) } : {};
    if (local) files.push({ file: shown, ...local, fix: local.state === "up to date" ? null : command, ...diff });
  }
  if (!nothingToCarry) {
    for (const twin of twinPlugins(projectDir, plan.pluginFile, build.pluginText)) {
      const shown = display(projectDir, twin);
      files.push({
        file: shown,
        state: "duplicate",
        why: `generated from the same settings as ${display(projectDir, plan.pluginFile)}: OpenCode runs its hooks twice`,
        fix: `rm ${shown}`,
      });
    }
  }
  // A runtime nobody imports, with no plugin and no hooks, is still up to date.
  const drift = files.filter((entry) => entry.state !== "up to date");
  if (!options.json) {
    for (const input of plan.recorded?.used ?? []) print(`${usedMessage(input)}\n`);
    if (dropped.length > 0) print(`note: ${droppedMessage(dropped)}; the command below keeps it.\n`);
    for (const entry of files)
      print(`${entry.state === "up to date" ? style.green(entry.state) : style.red(entry.state)}: ${entry.file}${entry.why ? ` (${entry.why})` : ""}\n`);
    for (const entry of files) if (entry.diff) print(entry.diff);
    const worst = drift.find((entry) => entry.fix?.endsWith("--force")) ?? drift[0];
    if (worst) {
      const action =
        worst.state === "edited"
          ? "discard the hand edits and regenerate it"
          : worst.state === "reformatted"
            ? "discard the reformatting and regenerate it"
            : worst.state === "orphaned"
              ? "remove what no settings need any more"
              : worst.state === "duplicate"
                ? "run each hook once"
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

/** A stale file's why names the settings files that changed and what of them (hooks, permission rules). */
function staleNamed(found: { state: CheckState; why: string }, expected: string, actual: string | undefined, prefix = ""): { state: CheckState; why: string } {
  const named = found.state === "stale" && actual !== undefined ? staleReason(expected, actual) : undefined;
  return named ? { state: found.state, why: `${prefix}${named}` } : found;
}

/** With no hooks, up to date means no plugin; a plugin of ours left behind is orphaned. */
function noHooksState(actual: string | undefined, noSettings: boolean): { state: CheckState; why: string } {
  if (actual === undefined) return { state: "up to date", why: "no hooks, no plugin" };
  const header = parseHeader(actual);
  if (!header) return { state: "up to date", why: "no hooks; the file there was not written by hooks2opencode" };
  return { state: "orphaned", why: `${noSettings ? "there are no Claude Code settings any more" : "the settings have no hooks any more"}; convert removes it` };
}

/**
 * The local hooks file, where this machine has it or has settings.local.json (undefined: neither,
 * as in CI; nothing to say). Pure.
 */
export function localState(expected: string | undefined, actual: string | undefined): { state: CheckState; why: string } | undefined {
  const what = "local hooks of this machine";
  if (expected === undefined) {
    if (actual === undefined || !ownershipOf(actual).ours) return undefined;
    return { state: "orphaned", why: `${what}; no settings of this machine need them any more, convert removes them` };
  }
  if (actual === undefined) return { state: "missing", why: `${what}; convert has not written them` };
  const owner = ownershipOf(actual);
  if (!owner.ours) return { state: "not generated", why: `${what}; the file has no hooks2opencode mark` };
  if (actual === expected) return { state: "up to date", why: what };
  return owner.intact
    ? { state: "stale", why: `${what}; their settings (settings.local.json, plugins installed here, managed settings) changed since they were written` }
    : { state: "edited", why: `${what}; changed by hand after convert wrote them` };
}

/** Equal apart from whitespace, quote style, semicolons and trailing commas: what prettier changes. */
function sameTokens(a: string, b: string): boolean {
  const normalize = (text: string) =>
    bodyLines(text)
      .join("\n")
      .replace(/["'`]/g, '"')
      .replace(/[\s;,]+/g, "");
  return normalize(a) === normalize(b);
}
