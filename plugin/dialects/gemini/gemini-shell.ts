// How Gemini CLI spawns a command hook on Linux and macOS (hookRunner.ts executeCommandHook):
// `bash -c <command>`, in the session's folder, after replacing `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`,
// `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID` and `$CLAUDE_PROJECT_DIR` in the command TEXT by their
// values quoted for the shell (shell-quote's quote; an empty value is empty). The replacement is
// textual, so it also happens inside single quotes and on a longer name that starts with one of
// these (`$GEMINI_CWD_X`), and not for `${GEMINI_CWD}` (the shell expands that one from the
// environment, unquoted). Here the values come in the hook's environment, quoted by
// geminiQuoted, and a small bash program replaces them and runs the result.
// Source: google-gemini/gemini-cli packages/core/src/hooks/hookRunner.ts (expandCommand),
// packages/core/src/utils/shell-utils.ts (escapeShellArg, getShellConfiguration). Pure.
import type { HandlerOf } from "../../../schema/handlers.js";

/** The private variables carrying the quoted values to the bash program; it unsets them before running the hook. */
export const QUOTED_VARS = { cwd: "HOOKS2OPENCODE_GEMINI_Q_CWD", plans: "HOOKS2OPENCODE_GEMINI_Q_PLANS", session: "HOOKS2OPENCODE_GEMINI_Q_SESSION" } as const;

// In Gemini's order; bash 5.2 would read `&` in a replacement as the match (patsub_replacement): turned off.
const PROGRAM = [
  "shopt -u patsub_replacement 2>/dev/null",
  "c=$1",
  `c=\${c//'$GEMINI_PROJECT_DIR'/\${${QUOTED_VARS.cwd}}}`,
  `c=\${c//'$GEMINI_CWD'/\${${QUOTED_VARS.cwd}}}`,
  `c=\${c//'$GEMINI_PLANS_DIR'/\${${QUOTED_VARS.plans}}}`,
  `c=\${c//'$GEMINI_SESSION_ID'/\${${QUOTED_VARS.session}}}`,
  `c=\${c//'$CLAUDE_PROJECT_DIR'/\${${QUOTED_VARS.cwd}}}`,
  `unset ${Object.values(QUOTED_VARS).join(" ")}`,
  'exec bash -c "$c"',
].join("\n");

/** `env` is the hook's own (hookRunner.ts: `...hookConfig.env`, last): exported before the command runs, values as arguments, never quoted into the script. */
export function geminiSpawned(handler: HandlerOf<"command">, env?: unknown): HandlerOf<"command"> {
  const own = Object.entries(typeof env === "object" && env !== null ? env : {}).filter(
    (entry): entry is [string, string] => ENV_NAME.test(entry[0]) && typeof entry[1] === "string",
  );
  const program = own.length === 0 ? PROGRAM : [...own.map(([name], index) => `export ${name}="\${${index + 2}}"`), PROGRAM].join("\n");
  return { ...handler, command: "bash", args: ["-c", program, "gemini-hook", handler.command, ...own.map(([, value]) => value)] };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** escapeShellArg for bash: shell-quote's quote([value]), and nothing for an empty value. */
export function geminiQuoted(value: string): string {
  if (value === "") return "";
  if (/["\s\\]/.test(value) && !/'/.test(value)) return `'${value}'`;
  if (/["'\s]/.test(value)) return `"${value.replace(/(["\\$`!])/g, "\\$1")}"`;
  return value.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}~])/g, "$1\\$2");
}
