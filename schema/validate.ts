// Validates one settings file's text against the Claude Code hooks model. Pure: text in, hook entries
// and diagnostics out. Like Claude Code, one bad entry is skipped and the rest of the file still counts.
import { type Node, type ParseError, getNodeValue, parseTree, printParseErrorCode } from "jsonc-parser";
import { compileMatcher } from "../plugin/match/compile-matcher.js";
import { compileIfRule } from "../plugin/match/if-rule.js";
import { closestName } from "./closest-name.js";
import type { Diagnostic, Severity } from "./diagnostics.js";
import { type EventName, EVENT_NAMES, eventInfo, isEventName } from "./events.js";
import { type FieldSpec, HANDLER_FIELDS, HANDLER_TYPES, isHandlerType } from "./handlers.js";
import type { Handler, HookEntry, SettingsSource, SourceKind } from "./types.js";

export interface ValidateResult {
  source: SettingsSource;
  diagnostics: Diagnostic[];
}

export function validateSettings(text: string, file: string, kind: SourceKind): ValidateResult {
  const lines = lineStarts(text);
  const diagnostics: Diagnostic[] = [];
  const report = (node: Node | number, severity: Severity, code: string, message: string) => {
    const offset = typeof node === "number" ? node : node.offset;
    const { line, column } = position(lines, offset);
    diagnostics.push({ code, severity, file, line, column, message });
  };
  const where = (node: Node) => {
    const { line, column } = position(lines, node.offset);
    return `${file}:${line}:${column}`;
  };
  const source: SettingsSource = { kind, file, entries: [] };

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  for (const error of errors) {
    report(error.offset, "error", "json-syntax", `invalid JSON: ${printParseErrorCode(error.error)}`);
  }
  if (errors.length > 0 || !root) return { source, diagnostics };
  if (root.type !== "object") {
    report(root, "error", "settings-not-object", "settings must be a JSON object");
    return { source, diagnostics };
  }

  const disable = property(root, "disableAllHooks");
  if (disable) {
    if (disable.value.type === "boolean") source.disableAllHooks = getNodeValue(disable.value) as boolean;
    else report(disable.value, "error", "disable-not-boolean", "`disableAllHooks` must be true or false");
  }

  const hooks = property(root, "hooks")?.value;
  if (!hooks) return { source, diagnostics };
  if (hooks.type !== "object") {
    report(hooks, "error", "hooks-not-object", '`hooks` must be an object keyed by event name, e.g. {"PreToolUse": [...]}');
    return { source, diagnostics };
  }

  for (const [keyNode, groups] of properties(hooks)) {
    const name = getNodeValue(keyNode) as string;
    if (!isEventName(name)) {
      const guess = closestName(name, EVENT_NAMES);
      const hint = guess ? `; did you mean "${guess}"?${guess.toLowerCase() === name.toLowerCase() ? " (event names are case-sensitive)" : ""}` : "";
      report(keyNode, "error", "unknown-event", `unknown hook event "${name}"${hint}; Claude Code skips it`);
      continue;
    }
    if (groups.type !== "array") {
      report(groups, "error", "event-not-array", `"${name}" must be an array of matcher groups`);
      continue;
    }
    for (const group of groups.children ?? []) validateGroup(name, group);
  }
  return { source, diagnostics };

  function validateGroup(event: EventName, group: Node) {
    if (group.type !== "object") {
      report(group, "error", "group-not-object", `each "${event}" entry must be an object {"matcher": ..., "hooks": [...]}`);
      return;
    }
    for (const [keyNode] of properties(group)) {
      const key = getNodeValue(keyNode) as string;
      if (key !== "matcher" && key !== "hooks") {
        report(keyNode, "warning", "unknown-group-field", `unknown field "${key}" in a matcher group; ignored`);
      }
    }
    const matcherNode = property(group, "matcher")?.value;
    let matcher: string | undefined;
    if (matcherNode) {
      if (matcherNode.type !== "string") {
        report(matcherNode, "error", "matcher-not-string", 'matcher must be a string, e.g. "Edit|Write"; group skipped');
        return;
      }
      matcher = getNodeValue(matcherNode) as string;
      const info = eventInfo(event);
      if (!info.matchField) {
        if (matcher !== "" && matcher !== "*") {
          report(matcherNode, "warning", "matcher-ignored", `"${event}" has no matcher; Claude Code ignores "${matcher}"`);
        }
        matcher = undefined;
      } else {
        const compiled = compileMatcher(matcher, { narrow: info.narrowExact });
        if (!compiled.ok) {
          report(matcherNode, "error", "invalid-regex", `matcher "${matcher}" is not a valid regex (${compiled.error}); group skipped`);
          return;
        }
      }
    }
    const handlers = property(group, "hooks")?.value;
    if (!handlers || handlers.type !== "array") {
      report(handlers ?? group, "error", "group-without-hooks", `a "${event}" matcher group needs a "hooks" array; group skipped`);
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
      report(node, "error", "handler-not-object", 'each hook must be an object like {"type": "command", "command": "..."}');
      return undefined;
    }
    const typeNode = property(node, "type")?.value;
    const type = typeNode ? getNodeValue(typeNode) : undefined;
    if (typeof type !== "string" || !isHandlerType(type)) {
      report(typeNode ?? node, "error", "unknown-handler-type", `hook "type" must be one of ${HANDLER_TYPES.join(", ")}; hook skipped`);
      return undefined;
    }
    const specs = HANDLER_FIELDS[type];
    const handler: Handler = { type };
    let valid = true;
    for (const [keyNode, valueNode] of properties(node)) {
      const key = getNodeValue(keyNode) as string;
      const spec = specs[key];
      if (!spec) {
        const guess = closestName(key, Object.keys(specs));
        report(keyNode, "warning", "unknown-handler-field", `unknown field "${key}" on a ${type} hook; ignored${guess ? ` (did you mean "${guess}"?)` : ""}`);
        continue;
      }
      if (key === "type") continue;
      const problem = checkField(spec, valueNode);
      if (problem) {
        report(valueNode, "error", "invalid-field", `"${key}" ${problem}; hook skipped`);
        valid = false;
        continue;
      }
      if (!spec.internal) handler[key] = getNodeValue(valueNode);
    }
    for (const [key, spec] of Object.entries(specs)) {
      if (spec.required && handler[key] === undefined && valid) {
        report(node, "error", "missing-field", `a ${type} hook needs "${key}"; hook skipped`);
        valid = false;
      }
    }
    if (!valid) return undefined;
    const ifNode = property(node, "if")?.value;
    if (ifNode && typeof handler.if === "string") {
      if (!eventInfo(event).toolEvent) {
        report(ifNode, "warning", "if-never-runs", `Claude Code never runs a hook with "if" on ${event}; it is dropped`);
      } else {
        const rule = compileIfRule(handler.if);
        if (!rule.ok) report(ifNode, "error", "invalid-if", `"if": ${rule.error}; hook skipped`);
        if (!rule.ok) return undefined;
      }
    }
    if (!(eventInfo(event).types as readonly string[]).includes(type)) {
      report(typeNode ?? node, "warning", "type-not-allowed", `Claude Code does not run ${type} hooks on ${event}; hook ignored`);
      return undefined;
    }
    return handler;
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
      return isPlainObject(value) && Object.values(value).every((v) => typeof v === "string")
        ? undefined
        : "must be an object of string values";
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
    const [key, value] = prop.children ?? [];
    if (key && value) pairs.push([key, value]);
  }
  return pairs;
}

/** The last property of that name wins, as in JSON.parse. */
function property(node: Node, name: string): { key: Node; value: Node } | undefined {
  let found: { key: Node; value: Node } | undefined;
  for (const [key, value] of properties(node)) if (key.value === name) found = { key, value };
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
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
