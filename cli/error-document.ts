// `--json` promises one JSON document on stdout. When a command cannot run at all (an unknown flag,
// a missing folder, no settings), that is still the command's own document, its lists empty, with
// `exitCode` and `error` (the message, also on stderr): a script that parses stdout never gets "".
import { packageVersion } from "./package-info.js";

/** Each command's document with nothing in it (docs/cli.md, "Machine-readable output"). */
const EMPTY: Record<string, object> = {
  convert: { inputs: [], output: null, result: "invalid", counts: { translated: 0, degraded: 0, dropped: 0 }, hooks: [], diagnostics: [], messages: [] },
  check: { files: [], diagnostics: [] },
  explain: { inputs: [], hooks: [], diagnostics: [] },
  test: { event: null, happens: null, firings: [], effects: [], outcome: null },
  doctor: { directory: null, project: null, opencode: null, generated: [], live: null, sections: [] },
};

/** Pure: the document for a command (argv's first word; not a command: only the common keys). */
export function errorDocument(command: string | undefined, message: string, exitCode: number): object {
  const empty = command !== undefined && Object.hasOwn(EMPTY, command) ? EMPTY[command] : {};
  return { version: packageVersion(), ...empty, exitCode, error: message };
}

/** Whether --json was among the flags (before a `--`): commander may have stopped before reading it. */
export function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}
