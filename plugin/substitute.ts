// Substitute results (hooks2opencode extension, opt-in by the hook): a PreToolUse hook that already
// holds a tool's result (a cache or memory hook) prints
//   {"hooks2opencode": {"substituteOutput": "<result>"}}
// and the model receives that result as a normal, successful tool result.
// OpenCode 1.18.33 has no way for a before-hook to skip a tool (#32565 closed, PR #32679 not landed),
// so the call is made harmless in place (the only args change OpenCode honours) and its output is
// replaced in the after-hook. Should OpenCode add a native skip, prepareSubstitute is the one place to use it.
import { byOpencodeId, replaceInPlace } from "./tools/table.js";

/** Prepares the call for substitution; false when this tool cannot be substituted safely. */
export function prepareSubstitute(tool: string, args: Record<string, unknown>, directory: string): boolean {
  const harmless = byOpencodeId(tool)?.harmless?.(directory);
  if (!harmless) return false;
  replaceInPlace(args, harmless);
  return true;
}

export function substituteText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** Replaces what the model sees: built-in tools read `output`, MCP tools `content`. */
export function replaceModelOutput(output: Record<string, unknown>, text: string): void {
  if (Array.isArray(output.content)) output.content = [{ type: "text", text }];
  else output.output = text;
}

/** Appends text after what the model sees, without disturbing the tool's own result. */
export function appendModelOutput(output: Record<string, unknown>, text: string): void {
  if (Array.isArray(output.content)) (output.content as unknown[]).push({ type: "text", text });
  else output.output = `${typeof output.output === "string" ? output.output : ""}\n\n${text}`;
}
