// The @generated header: who wrote the file, from what, how to regenerate it, the flags that run was
// given (when any: a later run reads them back, recorded-flags.ts), and two hashes — of the inputs
// (settings texts, tool version, runtime) and of the body below the header — so a later run can
// tell "stale" from "edited by hand". Pure.
import { createHash } from "node:crypto";
import { hasFlags, parseFlags, type RecordedFlags } from "./recorded-flags.js";

import { GENERATED_MARK, HEADER_MARK } from "../../plugin/live/generated-plugins.js";

export { GENERATED_MARK, HEADER_MARK };
const HEADER_LINES = 5;
const FLAGS = "// Flags: ";

export interface HeaderInfo {
  version: string;
  sources: string[];
  command: string;
  inputsHash: string;
  /** The flags to record (the line is left out when there are none). */
  flags?: RecordedFlags;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** One `//` comment line whatever the text holds: JS also ends a line at \r, U+2028 and U+2029. */
const UNSAFE_IN_COMMENT = /[\r\n\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * One line comment holding any text: line breaks, and lone surrogates (which no UTF-8 file can hold:
 * they would be written as U+FFFD and the file would never match what convert renders), escaped.
 */
export function comment(text: string): string {
  return `//${text.replace(UNSAFE_IN_COMMENT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)}`;
}

export function renderHeader(info: HeaderInfo, body: string): string {
  return [
    `${HEADER_MARK} ${info.version}. DO NOT EDIT: changes are lost on the next convert.`,
    comment(` Source: ${info.sources.length > 0 ? info.sources.join(", ") : "(no settings files found)"}`),
    comment(` Regenerate: ${info.command}`),
    ...(hasFlags(info.flags) ? [comment(FLAGS.slice(2) + JSON.stringify(info.flags))] : []),
    `// inputs-sha256: ${info.inputsHash}`,
    `// body-sha256: ${sha256(body)}`,
    "",
  ].join("\n");
}

export interface ParsedHeader {
  inputsHash: string;
  bodyHash: string;
  /** Whether the body still hashes to what the header says. */
  intact: boolean;
}

/** undefined when the file was not written by hooks2opencode. */
export function parseHeader(text: string): ParsedHeader | undefined {
  if (!text.startsWith(HEADER_MARK)) return undefined;
  // A checkout with CRLF line endings (git autocrlf) is not a hand edit.
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const size = headerSize(lines);
  const inputs = lines[size - 2];
  const body = lines[size - 1];
  if (!inputs?.startsWith("// inputs-sha256: ") || !body?.startsWith("// body-sha256: ")) return undefined;
  const bodyText = lines.slice(size).join("\n");
  const bodyHash = body.slice("// body-sha256: ".length).trim();
  return { inputsHash: inputs.slice("// inputs-sha256: ".length).trim(), bodyHash, intact: sha256(bodyText) === bodyHash };
}

/** The flags the header records (undefined: none, or not a record), read from its first lines only: a plugin can be megabytes. */
export function headerFlags(text: string): RecordedFlags | undefined {
  if (!text.startsWith(HEADER_MARK)) return undefined;
  let end = 0;
  for (let line = 0; line < HEADER_LINES && end !== -1; line++) end = text.indexOf("\n", end + 1);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/\r\n/g, "\n").split("\n");
  return headerSize(header) > HEADER_LINES ? recordedFlags(header[HEADER_LINES - 2]!.slice(FLAGS.length)) : undefined;
}

/** The lines below the header (the text itself when it has none). */
export function bodyLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  return text.startsWith(HEADER_MARK) ? lines.slice(headerSize(lines)) : lines;
}

function headerSize(lines: readonly string[]): number {
  return lines[HEADER_LINES - 2]?.startsWith(FLAGS) ? HEADER_LINES + 1 : HEADER_LINES;
}

/** The Flags line's JSON (comment() escapes only what JSON reads back the same); undefined when it is not a record. */
function recordedFlags(json: string): RecordedFlags | undefined {
  try {
    return parseFlags(JSON.parse(json));
  } catch {
    return undefined;
  }
}
