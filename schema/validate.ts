// Validates one settings file's text against the Claude Code hooks model. Pure: text in, hook entries
// and diagnostics out. Like Claude Code 2.1.101+ (an unrecognized event name) and 2.1.122+ (a malformed
// hooks entry), what is malformed is skipped with a warning and the rest of the file still counts:
// an unknown event or an event whose value is not an array, a group that is not an object, has a
// matcher that is not a string or no `hooks` array, a hook that is not an object, has an unknown
// type, a field of the wrong type or a required field missing. Only a file Claude cannot read at
// all is an error: not JSON, not an object, or `hooks` that is not an object (Claude Code
// CHANGELOG 2.1.101 and 2.1.122, https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md).
import { shown } from "./shown.js";
import { type Node, type ParseError, ParseErrorCode, getNodeValue, parseTree } from "jsonc-parser";
import { compileMatcher } from "./matcher.js";
import { parseIfRule } from "./if-rule-syntax.js";
import { closestName } from "./closest-name.js";
import { GROUP_LINTS, HANDLER_LINTS } from "./lints.js";
import type { Diagnostic, Severity } from "./diagnostics.js";
import { type EventName, EVENT_NAMES, eventInfo, isEventName } from "./events.js";
import { type FieldSpec, HANDLER_FIELDS, HANDLER_TYPES, isHandlerType } from "./handlers.js";
import type { Handler, HookEntry, SettingsSource, SourceKind } from "./types.js";

export interface ValidateResult {
  source: SettingsSource;
  diagnostics: Diagnostic[];
}

export interface ValidateOptions {
  /** This machine's /bin/sh ("dash", "bash", ...): shell-form hooks run with it. */
  sh?: string;
  /** The text is derived from another file (a SKILL.md's YAML): where a line and column of it is there. */
  locate?: (at: { line: number; column: number }) => { line: number; column: number };
}

export function validateSettings(text: string, file: string, kind: SourceKind, options: ValidateOptions = {}): ValidateResult {
  const sh = options.sh ?? "sh";
  const lines = lineStarts(text);
  const at = (offset: number) => (options.locate ?? ((place) => place))(position(lines, offset));
  const diagnostics: Diagnostic[] = [];
  const report = (node: Node | number, severity: Severity, code: string, message: string) => {
    const { line, column } = at(typeof node === "number" ? node : node.offset);
    diagnostics.push({ code, severity, file, line, column, message });
  };
  const where = (node: Node) => {
    const { line, column } = at(node.offset);
    return `${file}:${line}:${column}`;
  };
  const source: SettingsSource = { kind, file, entries: [] };

  if (text.startsWith("\uFEFF")) {
    report(0, "error", "json-syntax", "invalid JSON: the file starts with a byte-order mark (BOM), which JSON does not allow; save it as UTF-8 without a BOM");
    return { source, diagnostics };
  }
  const tooDeep = nestingBeyond(text, MAX_NESTING);
  if (tooDeep !== undefined) {
    report(
      tooDeep,
      "error",
      "nesting-too-deep",
      `objects and arrays are nested more than ${MAX_NESTING} levels deep here; no settings file needs that, and hooks2opencode does not read it`,
    );
    return { source, diagnostics };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  // A file cut short gives several errors at its end: one message per place is enough.
  for (const error of errors.filter((each, index) => errors.findIndex((other) => other.offset === each.offset) === index)) {
    report(error.offset, "error", "json-syntax", `invalid JSON: ${parseErrorText(error.error)}; Claude Code cannot read this file at all`);
  }
  if (errors.length > 0 || !root) return { source, diagnostics };
  if (root.type !== "object") {
    report(root, "error", "settings-not-object", "settings must be a JSON object; Claude Code cannot read this file at all");
    return { source, diagnostics };
  }

  const disable = property(root, "disableAllHooks");
  if (disable) {
    if (disable.value.type === "boolean") source.disableAllHooks = getNodeValue(disable.value) as boolean;
    else report(disable.value, "warning", "disable-not-boolean", "`disableAllHooks` must be true or false; Claude Code ignores this value");
  }

  for (const key of ["allowedHttpHookUrls", "httpHookAllowedEnvVars"] as const) {
    const list = property(root, key);
    if (!list) continue;
    const value: unknown = getNodeValue(list.value);
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) source[key] = value;
    else report(list.value, "warning", "http-policy-not-strings", `\`${key}\` must be an array of strings; Claude Code ignores this value`);
  }

  const managedOnly = property(root, "allowManagedHooksOnly");
  if (managedOnly && kind === "managed") {
    if (managedOnly.value.type === "boolean") source.allowManagedHooksOnly = getNodeValue(managedOnly.value) as boolean;
    else report(managedOnly.value, "warning", "managed-only-not-boolean", "`allowManagedHooksOnly` must be true or false; Claude Code ignores this value");
  }

  const hooks = property(root, "hooks")?.value;
  const singular = property(root, "hook");
  if (singular && !hooks)
    report(singular.key, "warning", "hook-not-hooks", 'unknown key "hook": Claude Code reads hooks from "hooks" (plural), so none of these run');
  // A pasted inner object ({"PreToolUse": [...]} with no "hooks" around it) reads as no hooks at all.
  for (const [keyNode] of properties(root)) {
    const name = getNodeValue(keyNode) as string;
    if (isEventName(name)) {
      report(
        keyNode,
        "warning",
        "event-outside-hooks",
        `"${name}" is a top-level key: Claude Code reads events only inside "hooks", as in {"hooks": {"${name}": [...]}}, so it runs none of these`,
      );
    }
  }
  if (!hooks) return { source, diagnostics };
  if (hooks.type !== "object") {
    report(
      hooks,
      "error",
      "hooks-not-object",
      '`hooks` must be an object keyed by event name, e.g. {"PreToolUse": [...]}; Claude Code reads no hooks from this file',
    );
    return { source, diagnostics };
  }

  for (const [keyNode, groups] of properties(hooks)) {
    const name = getNodeValue(keyNode) as string;
    if (!isEventName(name)) {
      const guess = closestName(name, EVENT_NAMES);
      const hint = guess ? `; did you mean "${guess}"?${guess.toLowerCase() === name.toLowerCase() ? " (event names are case-sensitive)" : ""}` : "";
      report(keyNode, "warning", "unknown-event", `unknown hook event "${shown(name)}"${hint}; Claude Code skips it`);
      continue;
    }
    if (groups.type !== "array") {
      const legacy =
        groups.type === "string" ? `; for a command write [{"hooks": [{"type": "command", "command": ${JSON.stringify(getNodeValue(groups))}}]}]` : "";
      report(
        groups,
        "warning",
        "event-not-array",
        `"${shown(name)}" must be an array of matcher groups, like [{"matcher": "...", "hooks": [...]}]${legacy}; Claude Code skips it`,
      );
      continue;
    }
    for (const group of groups.children ?? []) validateGroup(name, group);
  }
  return { source, diagnostics };

  function validateGroup(event: EventName, group: Node) {
    if (group.type !== "object") {
      report(group, "warning", "group-not-object", `each "${event}" entry must be an object {"matcher": ..., "hooks": [...]}; Claude Code skips it`);
      return;
    }
    // A hook written straight into the event's array, with no group around it: one warning that says how to wrap it.
    const bareHook = !property(group, "hooks") && (property(group, "type") || property(group, "command"));
    if (bareHook) {
      report(
        group,
        "warning",
        "group-without-hooks",
        `this "${event}" entry is a hook, not a matcher group: wrap it in one, as in [{"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}]; Claude Code skips it`,
      );
      return;
    }
    for (const [keyNode] of properties(group)) {
      const key = getNodeValue(keyNode) as string;
      if (key !== "matcher" && key !== "hooks" && !NOTE_FIELDS.includes(key)) {
        report(keyNode, "warning", "unknown-group-field", `unknown field "${shown(key)}" in a matcher group; ignored${groupFieldHint(key)}`);
      }
    }
    const matcherNode = property(group, "matcher")?.value;
    let matcher: string | undefined;
    if (matcherNode) {
      if (matcherNode.type !== "string") {
        report(matcherNode, "warning", "matcher-not-string", 'matcher must be a string, e.g. "Edit|Write"; Claude Code skips this group');
        return;
      }
      matcher = getNodeValue(matcherNode) as string;
      const info = eventInfo(event);
      if (!info.matchField) {
        if (matcher !== "" && matcher !== "*") {
          report(matcherNode, "warning", "matcher-ignored", `"${event}" has no matcher; Claude Code ignores "${shown(matcher)}"`);
        }
        matcher = undefined;
      } else {
        const compiled = compileMatcher(matcher, { narrow: info.narrowExact });
        if (!compiled.ok) {
          report(
            matcherNode,
            "warning",
            "invalid-regex",
            `matcher "${shown(matcher)}" is not a valid regex (${compiled.error}); it matches nothing in Claude Code, so this group is skipped`,
          );
          return;
        }
        for (const finding of GROUP_LINTS.flatMap((lint) => lint({ event, matcher: matcher! }))) report(matcherNode, "warning", finding.code, finding.message);
      }
    }
    const handlers = property(group, "hooks")?.value;
    if (!handlers || handlers.type !== "array") {
      report(handlers ?? group, "warning", "group-without-hooks", `a "${event}" matcher group needs a "hooks" array; Claude Code skips this group`);
      return;
    }
    for (const handlerNode of handlers.children ?? []) {
      const handler = validateHandler(event, handlerNode);
      if (handler) {
        const entry: HookEntry = { event, handler, source: kind, where: where(handlerNode) };
        if (matcher !== undefined) entry.matcher = matcher;
        source.entries.push(entry);
      }
    }
  }

  function validateHandler(event: EventName, node: Node): Handler | undefined {
    if (node.type !== "object") {
      // A bare string is the command it meant: say the object to write with it.
      const command = node.type === "string" ? JSON.stringify(shown(getNodeValue(node) as string)) : '"..."';
      report(node, "warning", "handler-not-object", `each hook must be an object like {"type": "command", "command": ${command}}; Claude Code skips it`);
      return undefined;
    }
    const typeNode = property(node, "type")?.value;
    const type = typeNode ? getNodeValue(typeNode) : undefined;
    if (typeof type !== "string" || !isHandlerType(type)) {
      report(
        typeNode ?? node,
        "warning",
        "unknown-handler-type",
        `hook "type" must be one of ${HANDLER_TYPES.join(", ")}${typeHint(type)}; Claude Code skips this hook`,
      );
      return undefined;
    }
    const specs: Readonly<Record<string, FieldSpec>> = HANDLER_FIELDS[type];
    // Built field by field; only checked values go in, so it is a Handler of this type when valid.
    const handler: Record<string, unknown> = { type };
    let valid = true;
    for (const [keyNode, valueNode] of properties(node)) {
      const key = getNodeValue(keyNode) as string;
      const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
      if (!spec) {
        const guess = closestName(key, Object.keys(specs));
        report(
          keyNode,
          "warning",
          "unknown-handler-field",
          `unknown field "${shown(key)}" on a ${type} hook; ignored${guess ? ` (did you mean "${guess}"?)` : ""}`,
        );
        continue;
      }
      if (key === "type") continue;
      const problem = checkField(spec, valueNode);
      if (problem) {
        report(valueNode, "warning", "invalid-field", `"${key}" ${problem}; Claude Code skips this hook`);
        valid = false;
        continue;
      }
      if (!spec.internal) handler[key] = getNodeValue(valueNode);
    }
    for (const [key, spec] of Object.entries(specs)) {
      if (spec.required && handler[key] === undefined && valid) {
        report(node, "warning", "missing-field", `a ${type} hook needs "${key}"; Claude Code skips this hook`);
        valid = false;
      }
    }
    if (!valid) return undefined;
    const checked = handler as Handler;
    const ifNode = property(node, "if")?.value;
    if (ifNode && typeof handler.if === "string") {
      if (!eventInfo(event).toolEvent) {
        report(ifNode, "warning", "if-never-runs", `Claude Code never runs a hook with "if" on ${event}; it is dropped`);
      } else {
        const rule = parseIfRule(handler.if);
        if (!rule.ok) report(ifNode, "warning", "invalid-if", `"if": ${rule.error}; Claude Code skips this hook`);
        if (!rule.ok) return undefined;
      }
    }
    if (!(eventInfo(event).types as readonly string[]).includes(type)) {
      report(typeNode ?? node, "warning", "type-not-allowed", `Claude Code does not run ${type} hooks on ${event}; hook ignored`);
      (source.ignored ??= []).push({ event, handler: checked, where: where(node), why: `${type} hooks do not run on ${event}` });
      return undefined;
    }
    for (const finding of HANDLER_LINTS.flatMap((lint) => lint({ event, handler: checked, kind, sh }))) {
      report((finding.field && property(node, finding.field)?.value) || node, "warning", finding.code, finding.message);
    }
    return checked;
  }
}

function checkField(spec: FieldSpec, node: Node): string | undefined {
  const value: unknown = getNodeValue(node);
  switch (spec.kind) {
    case "string":
      if (typeof value !== "string") return "must be a string";
      if (spec.values && !spec.values.includes(value)) return `must be one of ${spec.values.map((v) => `"${v}"`).join(", ")}`;
      return undefined;
    case "positiveNumber":
      return typeof value === "number" && value > 0 ? undefined : "must be a number of seconds greater than 0";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "stringArray":
      return Array.isArray(value) && value.every((v) => typeof v === "string") ? undefined : "must be an array of strings";
    case "stringRecord":
      return isPlainObject(value) && Object.values(value).every((v) => typeof v === "string") ? undefined : "must be an object of string values";
    case "object":
      return isPlainObject(value) ? undefined : "must be an object";
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function properties(node: Node): Array<[Node, Node]> {
  const pairs: Array<[Node, Node]> = [];
  for (const prop of node.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (key && value) pairs.push([key, value]);
  }
  return pairs;
}

/** The first reason `text` is not JSON that Claude reads (a plugin's manifest), located, as a warning; none when it is. */
export function jsonProblem(text: string, file: string, consequence: string): Diagnostic | undefined {
  const at = (offset: number, what: string): Diagnostic => ({
    code: "plugin-manifest-unreadable",
    severity: "warning",
    file,
    ...position(lineStarts(text), offset),
    message: `${what}; ${consequence}`,
  });
  const tooDeep = nestingBeyond(text, MAX_NESTING);
  if (tooDeep !== undefined) return at(tooDeep, `nested more than ${MAX_NESTING} levels deep`);
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors[0] ? at(errors[0].offset, `invalid JSON: ${parseErrorText(errors[0].error)}`) : undefined;
}

/** The last property of that name wins, as in JSON.parse. Called several times per hook: no pairs built. */
function property(node: Node, name: string): { key: Node; value: Node } | undefined {
  let found: { key: Node; value: Node } | undefined;
  for (const prop of node.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (key && value && key.value === name) found = { key, value };
  }
  return found;
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

/** A handler field written on the group does not apply to its hooks: `if` there narrows nothing, so they run on every match. */
/**
 * Fields people write on a group to document it (everything-claude-code's hooks.json gives every
 * group a "description" and an "id"): Claude ignores them, as it ignores every unknown group field,
 * and nothing changes whether they are there, so they are not worth a warning that --strict fails on.
 */
const NOTE_FIELDS: readonly string[] = ["description", "id", "name", "comment", "_comment"];

function groupFieldHint(key: string): string {
  if (key === "if") return ', so its hooks run on every call the matcher matches: put "if" on each hook that should be narrowed';
  return Object.values(HANDLER_FIELDS).some((fields) => Object.hasOwn(fields, key)) ? `: "${shown(key)}" belongs on each hook` : "";
}

/** "shell" is a field, not a handler type: say how to write it. */
function typeHint(type: unknown): string {
  if (type === "shell" || type === "bash") return ' (a shell command is {"type": "command", "command": "..."})';
  return typeof type === "string" ? ` (got "${type}")` : "";
}
