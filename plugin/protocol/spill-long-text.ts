// Claude Code writes any hook output string over 10,000 characters to a file and shows the model
// a preview and the path (https://code.claude.com/docs/en/hooks#json-output), so one chatty hook cannot flood the context.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { detach } from "./detach.js";

export const MAX_HOOK_TEXT = 10_000;
const PREVIEW = 2_000;

export function spillLongText(text: string, directory = path.join(tmpdir(), "hooks2opencode")): string {
  if (text.length <= MAX_HOOK_TEXT) return text;
  const file = path.join(directory, `hook-output-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.txt`);
  try {
    mkdirSync(directory, { recursive: true });
    writeFileSync(file, text);
  } catch {
    return detach(`${text.slice(0, MAX_HOOK_TEXT)}\n[hook output truncated: ${text.length} characters]`);
  }
  return detach(`${text.slice(0, PREVIEW)}\n[hook output truncated: ${text.length} characters; the full text is in ${file}]`);
}
