// Reading a settings file's text as JSON: its tree, or why Claude cannot read it at all (a
// byte-order mark, nesting too deep to parse, a syntax error), each located by offset; and the line
// and column of an offset. Pure.
import { type ParseError, ParseErrorCode, parseTree } from "jsonc-parser";
import type { Diagnostic } from "../diagnostics.js";
import { type Node, strictJsonTree } from "./json-tree.js";

/** Why a text cannot be read at all, at an offset of it. */
export interface TextError {
  offset: number;
  code: "json-syntax" | "nesting-too-deep";
  message: string;
}

/**
 * The root of a settings text (comments and trailing commas allowed), and where its lines start when
 * that came with reading it; or the errors that keep it from being read.
 */
export function readJsonText(text: string): { root: Node; lineStarts?: number[] } | { errors: TextError[] } {
  if (text.startsWith("\uFEFF")) {
    return {
      errors: [
        {
          offset: 0,
          code: "json-syntax",
          message: "invalid JSON: the file starts with a byte-order mark (BOM), which JSON does not allow; save it as UTF-8 without a BOM",
        },
      ],
    };
  }
  const strict = strictJsonTree(text, MAX_NESTING);
  const tooDeep = strict ? ("tooDeep" in strict ? strict.tooDeep : undefined) : nestingBeyond(text, MAX_NESTING);
  if (tooDeep !== undefined) {
    return {
      errors: [
        {
          offset: tooDeep,
          code: "nesting-too-deep",
          message: `objects and arrays are nested more than ${MAX_NESTING} levels deep here; no settings file needs that, and hooks2opencode does not read it`,
        },
      ],
    };
  }
  if (strict && "root" in strict) return strict;
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  // A file cut short gives several errors at its end: one message per place is enough.
  const unique = errors.filter((each, index) => errors.findIndex((other) => other.offset === each.offset) === index);
  if (errors.length > 0 || !root) {
    return {
      errors: unique.map((error) => ({
        offset: error.offset,
        code: "json-syntax",
        message: `invalid JSON: ${parseErrorText(error.error)}; Claude Code cannot read this file at all`,
      })),
    };
  }
  return { root };
}

/** The first reason `text` is not JSON that Claude reads (a plugin's manifest), located, as a warning; none when it is. */
export function jsonProblem(text: string, file: string, consequence: string): Diagnostic | undefined {
  const at = (offset: number, what: string): Diagnostic => ({
    code: "plugin-manifest-unreadable",
    severity: "warning",
    file,
    ...positionsOf(text)(offset),
    message: `${what}; ${consequence}`,
  });
  const tooDeep = nestingBeyond(text, MAX_NESTING);
  if (tooDeep !== undefined) return at(tooDeep, `nested more than ${MAX_NESTING} levels deep`);
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors[0] ? at(errors[0].offset, `invalid JSON: ${parseErrorText(errors[0].error)}`) : undefined;
}

/** The 1-based line and column of an offset of `text`; the line starts are found at the first call, unless known. */
export function positionsOf(text: string, known?: number[]): (offset: number) => { line: number; column: number } {
  let starts = known;
  return (offset) => position((starts ??= lineStarts(text)), offset);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  // indexOf scans natively; a character loop cost the live plugin's start-up milliseconds per 100 KB.
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

/** Deeper than this, jsonc-parser (recursive) would overflow the stack; real settings nest < 10 levels. */
const MAX_NESTING = 256;

/**
 * What nestingBeyond looks at, outside strings and inside them: the rest is skipped by the regex
 * engine, natively (a character loop cost the live plugin's start-up milliseconds per 100 KB).
 */
const NESTING_MARKS = /["{}[\]/]/g;
const STRING_MARKS = /["\\]/g;

/** The offset where `{`/`[` nesting first goes beyond `limit` (strings and comments skipped), if it does. */
function nestingBeyond(text: string, limit: number): number | undefined {
  let depth = 0;
  NESTING_MARKS.lastIndex = 0;
  for (let mark = NESTING_MARKS.exec(text); mark !== null; mark = NESTING_MARKS.exec(text)) {
    let i = mark.index;
    const char = mark[0];
    if (char === '"') {
      // To the closing quote; a backslash escapes the character after it.
      STRING_MARKS.lastIndex = i + 1;
      let found = STRING_MARKS.exec(text);
      while (found?.[0] === "\\") {
        STRING_MARKS.lastIndex = found.index + 2;
        found = STRING_MARKS.exec(text);
      }
      i = found ? found.index : text.length;
    } else if (char === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (char === "{" || char === "[") {
      if (++depth > limit) return i;
    } else if (char === "}" || char === "]") {
      depth--;
    }
    NESTING_MARKS.lastIndex = i + 1;
  }
  return undefined;
}

/** jsonc-parser's error codes, in words. */
const PARSE_ERRORS: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: "unexpected character",
  [ParseErrorCode.InvalidNumberFormat]: "invalid number",
  [ParseErrorCode.PropertyNameExpected]: "expected a property name in double quotes",
  [ParseErrorCode.ValueExpected]: "expected a value",
  [ParseErrorCode.ColonExpected]: 'expected ":" after the property name',
  [ParseErrorCode.CommaExpected]: 'expected "," after the value',
  [ParseErrorCode.CloseBraceExpected]: 'expected "}" to close the object',
  [ParseErrorCode.CloseBracketExpected]: 'expected "]" to close the array',
  [ParseErrorCode.EndOfFileExpected]: "expected the end of the file (is there a second value after the first?)",
  [ParseErrorCode.InvalidCommentToken]: "invalid comment",
  [ParseErrorCode.UnexpectedEndOfComment]: "a comment is not closed",
  [ParseErrorCode.UnexpectedEndOfString]: "a string is not closed",
  [ParseErrorCode.UnexpectedEndOfNumber]: "a number is cut off",
  [ParseErrorCode.InvalidUnicode]: "invalid \\u escape",
  [ParseErrorCode.InvalidEscapeCharacter]: "invalid escape character",
  [ParseErrorCode.InvalidCharacter]: "a control character inside a string (escape it, e.g. \\n)",
};

function parseErrorText(code: ParseErrorCode): string {
  return PARSE_ERRORS[code] ?? "unexpected input";
}
