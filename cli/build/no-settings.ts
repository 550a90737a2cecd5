// No Claude Code settings at all: nothing to convert, check, explain or test. Every command says so
// the same way, exit 2 as for a missing --settings file, naming the folder it searched: run from a
// subfolder, that is the project found upward (project-root.ts), often the git root, not where you are.
import { claudeConfigDir } from "../../schema/load-settings.js";
import type { Build } from "./build-plugin.js";
import type { BuildOptions, Plan } from "./plan.js";
import { EXIT, ExitError } from "../errors.js";
import { foundBecause } from "../../schema/sources/project-root.js";

/** Nothing was read, and nothing could not be read. */
export function hasNoSettings(build: Pick<Build, "inputs" | "diagnostics">): boolean {
  return build.inputs.length === 0 && build.diagnostics.length === 0;
}

/** Pure: the message, with the folder searched and, when it was found upward, why that one. */
export function noSettingsMessage(plan: Pick<Plan, "files" | "localFile">, projectDir: string, why?: string): string {
  const looked = `looked for ${plan.files.map((file) => file.display).join(", ")}`;
  // --user reads one file outside any project.
  if (!plan.localFile) return `no Claude Code settings found (${looked})`;
  return `no Claude Code settings found in ${projectDir}${why ? `, ${why}` : ""} (${looked})`;
}

export function noSettingsError(build: Pick<Build, "plan" | "projectDir">, options: BuildOptions): ExitError {
  const env = options.env ?? process.env;
  const why = options.project === undefined ? foundBecause(process.cwd(), build.projectDir, claudeConfigDir(env)) : undefined;
  return new ExitError(noSettingsMessage(build.plan, build.projectDir, why), EXIT.invalidSettings);
}
