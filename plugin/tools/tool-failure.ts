// When an OpenCode tool call failed in Claude's sense. Two differences matter: Claude's Bash tool
// reports a non-zero exit as a failure (`Exit code N`, no PostToolUse) where OpenCode reports a
// success with `metadata.exit`; and OpenCode's tool errors include denials that Claude never calls
// failures (a hook or permission denial, arguments that failed validation). Pure.
// Sources: https://code.claude.com/docs/en/hooks#posttoolusefailure (not for validation errors or permission denials);
// docs/opencode-observed.md §4 (bash exit codes), §3 (error texts).

/** The exit code of a bash call that exited non-zero, else undefined. */
export function failedBashExit(tool: string, output: { metadata?: unknown }): number | undefined {
  if (tool !== "bash") return undefined;
  const exit = (output.metadata as { exit?: unknown } | undefined)?.exit;
  return typeof exit === "number" && exit !== 0 ? exit : undefined;
}

/** Claude's `error` for such a call: the exit code first, then what the command printed. */
export function bashFailureText(exitCode: number, output: string): string {
  return output.trim() === "" ? `Exit code ${exitCode}` : `Exit code ${exitCode}\n${output}`;
}

/** OpenCode's texts for calls that were denied or never started: not failures for Claude. */
const NOT_A_FAILURE = [
  /^The user rejected permission to use this specific tool call/,
  /^The user has specified a rule which prevents you from using this specific tool call/,
  /was called with invalid arguments/,
  /^Model tried to call unavailable tool/,
];

export function isToolFailure(error: string): boolean {
  return !NOT_A_FAILURE.some((pattern) => pattern.test(error));
}

/** OpenCode's text for a call cut short by an abort (Esc): Claude's `is_interrupt`. */
export function isInterrupt(error: string, metadata: unknown): boolean {
  return (metadata as { interrupted?: unknown } | undefined)?.interrupted === true || /^Tool execution aborted/.test(error);
}
