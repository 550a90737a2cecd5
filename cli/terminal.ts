// What the CLI prints goes through here: colour only on a terminal (never with NO_COLOR or
// --no-color), and any text that came from a settings file is made safe to print first, so a
// hostile repository cannot move the cursor or rewrite a --dry-run report with escape sequences.
import { shown } from "../schema/shown.js";

export interface Style {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
}

const plain: Style = { red: (t) => t, yellow: (t) => t, green: (t) => t, dim: (t) => t };
const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const colored: Style = { red: ansi(31, 39), yellow: ansi(33, 39), green: ansi(32, 39), dim: ansi(2, 22) };

/** How a command prints: one JSON document or text, colour or not, and (tests) where the text goes. */
export interface OutputOptions {
  /** One JSON document on stdout instead of the text report. */
  json?: boolean;
  /** false: never colour; true: always; undefined: on a terminal unless NO_COLOR. */
  color?: boolean;
  print?: (text: string) => void;
  printError?: (text: string) => void;
}

/** The printers and style of a command; JSON output is never coloured. */
export function outputFor(options: OutputOptions): { print: (text: string) => void; printError: (text: string) => void; style: Style } {
  return {
    print: options.print ?? ((text) => process.stdout.write(text)),
    printError: options.printError ?? ((text) => process.stderr.write(text)),
    style: styleFor(options.json ? {} : process.stdout, process.env, options.color),
  };
}

/** Colour when writing to a terminal, unless NO_COLOR is set (https://no-color.org) or --no-color was given. */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, color: boolean | undefined): Style {
  if (color === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== "")) return plain;
  if (color === true || env.FORCE_COLOR) return colored;
  return stream.isTTY ? colored : plain;
}

/** Control characters (ESC, BEL, CR, ...) shown as escapes; printable text and spaces unchanged. */
export function safeText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/\n/g, "\\n");
}

/** A command for a one-line report: its first line (at most 200 characters), "…" when there is more. */
export function firstLine(text: string): string {
  const [first = "", ...rest] = text.split(/\r?\n/);
  const line = safeText(shown(first, 200));
  return rest.some((more) => more.trim() !== "") ? `${line} …` : line;
}
