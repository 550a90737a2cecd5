// One hook of a matcher group ({"type": "command", "command": ...}): its type, each field against the
// type's table (schema/handlers.ts), the required ones, its `if` rule, whether the event runs the
// type, then the handler lints. Returns the hook when Claude would run it.
import { getNodeValue } from "jsonc-parser";
import { closestName } from "../closest-name.js";
import { type EventName, eventInfo } from "../events.js";
import { type FieldSpec, HANDLER_FIELDS, HANDLER_TYPES, isHandlerType } from "../handlers.js";
import { type ParsedIfRule, parseIfRule } from "../if-rule-syntax.js";
import { HANDLER_LINTS, handlerTarget } from "../lints.js";
import { shown } from "../shown.js";
import type { Handler } from "../types.js";
import type { FileCheck } from "./file-check.js";
import { type Node, propertyValue } from "./json-tree.js";

export function hookHandler(event: EventName, node: Node, check: FileCheck): Handler | undefined {
  if (node.type !== "object") {
    // A bare string is the command it meant: say the object to write with it.
    const command = node.type === "string" ? JSON.stringify(shown(getNodeValue(node) as string)) : '"..."';
    check.report(node, "warning", "handler-not-object", `each hook must be an object like {"type": "command", "command": ${command}}; Claude Code skips it`);
    return undefined;
  }
  const typeNode = propertyValue(node, "type");
  const type = typeNode ? getNodeValue(typeNode) : undefined;
  if (typeof type !== "string" || !isHandlerType(type)) {
    check.report(
      typeNode ?? node,
      "warning",
      "unknown-handler-type",
      `hook "type" must be one of ${HANDLER_TYPES.join(", ")}${typeHint(type)}; Claude Code skips this hook`,
    );
    return undefined;
  }
  const handler = handlerFields(type, node, check);
  if (!handler) return undefined;
  const info = eventInfo(event);
  let rule: ParsedIfRule | undefined;
  if (typeof handler.if === "string") {
    // The node the value came from: the last "if".
    const ifNode = propertyValue(node, "if")!;
    if (!info.toolEvent) {
      check.report(ifNode, "warning", "if-never-runs", `Claude Code never runs a hook with "if" on ${event}; it is dropped`);
    } else {
      rule = parseIfRule(handler.if);
      if (!rule.ok) check.report(ifNode, "warning", "invalid-if", `"if": ${rule.error}; Claude Code skips this hook`);
      if (!rule.ok) return undefined;
    }
  }
  if (!(info.types as readonly string[]).includes(type)) {
    check.report(typeNode ?? node, "warning", "type-not-allowed", `Claude Code does not run ${type} hooks on ${event}; hook ignored`);
    (check.source.ignored ??= []).push({ event, handler, where: check.where(node), why: `${type} hooks do not run on ${event}` });
    return undefined;
  }
  const target = handlerTarget({ event, handler, kind: check.kind, sh: check.sh, rule });
  // Index loops: they run per hook at the live plugin's start-up, on code not yet optimized.
  for (let i = 0; i < HANDLER_LINTS.length; i++) {
    const findings = HANDLER_LINTS[i]!(target);
    for (let j = 0; j < findings.length; j++) {
      const finding = findings[j]!;
      check.report((finding.field && propertyValue(node, finding.field)) || node, "warning", finding.code, finding.message);
    }
  }
  return handler;
}

/** The hook's fields checked against its type's table: the handler when every one is valid and the required ones are there. */
function handlerFields(type: Handler["type"], node: Node, check: FileCheck): Handler | undefined {
  const specs: Readonly<Record<string, FieldSpec>> = HANDLER_FIELDS[type];
  // Built field by field; only checked values go in, so it is a Handler of this type when valid.
  const handler: Record<string, unknown> = { type };
  let valid = true;
  const children = node.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const keyNode = children[i]!.children?.[0];
    const valueNode = children[i]!.children?.[1];
    if (!keyNode || !valueNode) continue;
    const key = keyNode.value as string;
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (!spec) {
      const guess = closestName(key, Object.keys(specs));
      check.report(
        keyNode,
        "warning",
        "unknown-handler-field",
        `unknown field "${shown(key)}" on a ${type} hook; ignored${guess ? ` (did you mean "${guess}"?)` : ""}`,
      );
      continue;
    }
    if (key === "type") continue;
    // A string, number, boolean or null is its node's value: only an object or array is built.
    const value: unknown = valueNode.children ? getNodeValue(valueNode) : valueNode.value;
    const problem = fieldProblem(spec, value);
    if (problem) {
      check.report(valueNode, "warning", "invalid-field", `"${key}" ${problem}; Claude Code skips this hook`);
      valid = false;
      continue;
    }
    if (!spec.internal) handler[key] = value;
  }
  const required = REQUIRED[type];
  for (let i = 0; i < required.length; i++) {
    const key = required[i]!;
    if (handler[key] === undefined && valid) {
      check.report(node, "warning", "missing-field", `a ${type} hook needs "${key}"; Claude Code skips this hook`);
      valid = false;
    }
  }
  return valid ? (handler as Handler) : undefined;
}

/** Each type's required fields, in the table's order. */
const REQUIRED = Object.fromEntries(
  Object.entries(HANDLER_FIELDS).map(([type, specs]) => [
    type,
    Object.entries(specs as Record<string, FieldSpec>).flatMap(([key, spec]) => (spec.required ? [key] : [])),
  ]),
) as Record<Handler["type"], string[]>;

function fieldProblem(spec: FieldSpec, value: unknown): string | undefined {
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

/** "shell" is a field, not a handler type: say how to write it. */
function typeHint(type: unknown): string {
  if (type === "shell" || type === "bash") return ' (a shell command is {"type": "command", "command": "..."})';
  return typeof type === "string" ? ` (got "${type}")` : "";
}
