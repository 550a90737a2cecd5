// Validates one settings file's text against the Claude Code hooks model. Pure: text in, hook entries
// and diagnostics out. Like Claude Code 2.1.101+ (an unrecognized event name) and 2.1.122+ (a malformed
// hooks entry), what is malformed is skipped with a warning and the rest of the file still counts:
// an unknown event or an event whose value is not an array, a group that is not an object, has a
// matcher that is not a string or no `hooks` array, a hook that is not an object, has an unknown
// type, a field of the wrong type or a required field missing. Only a file Claude cannot read at
// all is an error: not JSON, not an object, or `hooks` that is not an object (Claude Code
// CHANGELOG 2.1.101 and 2.1.122, https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md).
//
// The steps, one level of the file each (schema/validate/): the text read as JSON (json-text.ts), the
// top-level keys (top-level.ts), the events (event-keys.ts), each matcher group (matcher-group.ts)
// and each hook (hook-handler.ts); the lints are schema/lints.ts.
import type { Diagnostic } from "./diagnostics.js";
import type { SettingsSource, SourceKind } from "./types.js";
import { eventKeys } from "./validate/event-keys.js";
import { fileCheck, type Place } from "./validate/file-check.js";
import { readJsonText } from "./validate/json-text.js";
import { topLevelKeys } from "./validate/top-level.js";

export { jsonProblem } from "./validate/json-text.js";

export interface ValidateResult {
  source: SettingsSource;
  diagnostics: Diagnostic[];
}

export interface ValidateOptions {
  /** This machine's /bin/sh ("dash", "bash", ...): shell-form hooks run with it. */
  sh?: string;
  /** The text is derived from another file (a SKILL.md's YAML): where a line and column of it is there. */
  locate?: (at: Place) => Place;
}

export function validateSettings(text: string, file: string, kind: SourceKind, options: ValidateOptions = {}): ValidateResult {
  const read = readJsonText(text);
  const check = fileCheck(text, file, kind, options.sh ?? "sh", options.locate, "root" in read ? read.lineStarts : undefined);
  const result = { source: check.source, diagnostics: check.diagnostics };
  if ("errors" in read) {
    for (const error of read.errors) check.report(error.offset, "error", error.code, error.message);
    return result;
  }
  if (read.root.type !== "object") {
    check.report(read.root, "error", "settings-not-object", "settings must be a JSON object; Claude Code cannot read this file at all");
    return result;
  }
  const hooks = topLevelKeys(read.root, check);
  if (hooks) eventKeys(hooks, check);
  return result;
}
